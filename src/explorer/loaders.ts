import { layouts } from 'virtual:explorer-layouts';
import type { CoverageReport, DiagramFailure, DiagramInfo } from '../../machines/explorer/explorer.types';
import type { DiagramLayout } from '../../machine-kit/diagram/layout';
import type { DiagramModel } from '../../machine-kit/diagram/model';
import { renderSvg } from '../../machine-kit/diagram/svg';
import type { CatalogEntry } from './catalog';
import { coverageUrl } from './coverage-url';

const ms = (from: number) => Math.round((performance.now() - from) * 10) / 10;

/** The machine's model and elkjs layout, computed here (elkjs loads only then, as its own chunk). */
async function layOutHere(entry: CatalogEntry): Promise<{ model: DiagramModel; layout: DiagramLayout; layoutMs: number }> {
  const started = performance.now();
  const [{ buildModel }, { layoutModel }] = await Promise.all([import('../../machine-kit/diagram/model'), import('../../machine-kit/diagram/layout')]);
  const example = entry.testModel?.inputs?.[0];
  const model = buildModel(entry.machine, example === undefined ? {} : { input: example });
  const layout = await layoutModel(model);
  return { model, layout, layoutMs: ms(started) };
}

/**
 * A machine's diagram: the layout computed when the explorer was built, or (a machine added since,
 * or `?layout=browser`) computed in this browser; then rendered to SVG here.
 */
export async function loadDiagram(entry: CatalogEntry | undefined, id: string, options: { inBrowser?: boolean } = {}): Promise<DiagramInfo> {
  if (!entry) throw { kind: 'unknown-machine', id } satisfies DiagramFailure;
  let source: DiagramInfo['source'] = 'build';
  let laid: { model: DiagramModel; layout: DiagramLayout; layoutMs: number };
  try {
    const load = options.inBrowser ? undefined : layouts[id];
    if (load) laid = (await load()).default;
    else {
      source = 'browser';
      laid = await layOutHere(entry);
    }
  } catch (err) {
    throw { kind: 'layout', message: err instanceof Error ? err.message : String(err) } satisfies DiagramFailure;
  }
  const started = performance.now();
  const svg = renderSvg(laid.model, laid.layout, id);
  return { id, svg, source, layoutMs: laid.layoutMs, renderMs: ms(started), width: laid.layout.width, height: laid.layout.height };
}

const isReport = (value: unknown): value is CoverageReport =>
  typeof value === 'object' && value !== null && typeof (value as CoverageReport).machines === 'object' && (value as CoverageReport).machines !== null;

/**
 * docs/coverage/machines.json as it is now (`npm run test:model` writes it), read from the server
 * at each load: the reports are not bundled, so a test run never makes the front end stale.
 */
export async function loadCoverage(get: typeof fetch = fetch): Promise<CoverageReport> {
  const res = await get(coverageUrl('machines'));
  if (!res.ok) throw new Error(`docs/coverage/machines.json: the server answered ${res.status} (run npm run test:model)`);
  const json: unknown = await res.json();
  if (!isReport(json)) throw new Error('docs/coverage/machines.json has no machines');
  return json;
}
