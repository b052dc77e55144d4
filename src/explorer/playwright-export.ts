/**
 * The explorer's Playwright export, loaded with the first export (its own chunk, like the path
 * search): the UI scripts, the spec writer and the minimal set, from machine-kit/ui-script.
 */
import { uiScripts } from '../../machine-kit/ui-script';
import { pathFromEvents, playwrightSpec, scriptPath, scriptedSet, type SpecFile } from '../../machine-kit/ui-script/playwright';
import type { MachineModel } from '../../machine-kit/types';
import type { FoundPath } from './path-text';
import { targetText } from './path-text';

export { uiScripts };

/** The found path as a one-test spec; or why it cannot be one (the script has no way for one of its steps). */
export function pathSpec(machineId: string, model: MachineModel, found: FoundPath): { spec: SpecFile } | { reason: string } {
  const script = uiScripts[machineId];
  if (!script) return { reason: `${machineId} has no UI script` };
  const path = pathFromEvents(model, found.input, found.events);
  const s = scriptPath(script, path);
  if (!s.ok) return { reason: s.reason };
  return { spec: playwrightSpec(script, [path], `to ${targetText(found.target)}`, `#/m/${machineId}/path`) };
}

/** The machine's minimal path set as one spec, with what it covers and why other paths were cut. */
export function setSpec(machineId: string, model: MachineModel): { spec: SpecFile; covered: number; reasons: string[] } {
  const script = uiScripts[machineId];
  const set = scriptedSet(script, model);
  return { spec: playwrightSpec(script, set.paths, 'minimal set', `#/m/${machineId}/path`), covered: set.covered, reasons: set.reasons };
}

/** Saves the text as a file the browser downloads under the spec's suggested name. */
export function downloadSpec(spec: SpecFile): void {
  const url = URL.createObjectURL(new Blob([spec.text], { type: 'text/typescript' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = spec.file.split('/').pop()!;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
