import { useEffect, useState } from 'react';
// the files' shapes: one type for the runners that write them and for the explorer
import type { MutationFile, UiCoverageFile, UiMachineCoverage } from '../../machine-kit/coverage-files';

export interface MoreCoverage {
  ui?: UiCoverageFile;
  mutation?: MutationFile;
}

import { coverageUrl } from './coverage-url';

/** read from the server at each load (not bundled); a file nobody wrote yet answers 404 */
const fromServer = async (name: 'ui' | 'mutation'): Promise<unknown> => {
  const res = await fetch(coverageUrl(name));
  return res.ok ? res.json() : undefined;
};

const hasMachines = (v: unknown): v is { generatedAt: string; machines: Record<string, never> } =>
  typeof v === 'object' && v !== null && typeof (v as { machines?: unknown }).machines === 'object' && (v as { machines?: unknown }).machines !== null;

/** docs/coverage/ui.json and mutation.json as they are now; a missing or malformed one is absent. */
export async function loadMoreCoverage(load: (name: 'ui' | 'mutation') => Promise<unknown> = fromServer): Promise<MoreCoverage> {
  const read = async (name: 'ui' | 'mutation') => {
    try {
      const json = await load(name);
      return hasMachines(json) ? json : undefined;
    } catch {
      return undefined;
    }
  };
  const [ui, mutation] = await Promise.all([read('ui'), read('mutation')]);
  return { ...(ui ? { ui } : {}), ...(mutation ? { mutation } : {}) };
}

let pending: Promise<MoreCoverage> | undefined;

/** The UI and mutation reports (loaded once); `undefined` while loading. */
export function useMoreCoverage(): MoreCoverage | undefined {
  const [value, setValue] = useState<MoreCoverage>();
  useEffect(() => {
    let live = true;
    void (pending ??= loadMoreCoverage()).then((v) => live && setValue(v));
    return () => {
      live = false;
    };
  }, []);
  return value;
}

/** UI status of one transition: covered, uncovered with the reason the UI cannot cause it, uncovered, or not measured. */
export function uiStatus(ui: UiMachineCoverage | undefined, transition: string): { kind: 'covered' | 'reason' | 'uncovered' | 'unmeasured'; reason?: string } {
  if (!ui) return { kind: 'unmeasured' };
  if (ui.transitions.covered.includes(transition)) return { kind: 'covered' };
  const reason = ui.reasons?.[transition];
  return reason ? { kind: 'reason', reason } : { kind: 'uncovered' };
}
