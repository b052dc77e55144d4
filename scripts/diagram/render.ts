import type { AnyStateMachine } from 'xstate';
import { layoutModel, type DiagramLayout } from '../../machine-kit/diagram/layout';
import { buildModel, type DiagramModel } from '../../machine-kit/diagram/model';
import { renderSvg } from '../../machine-kit/diagram/svg';

export interface Rendered {
  model: DiagramModel;
  layout: DiagramLayout;
  svg: string;
  /** time to build, lay out and render, in ms */
  ms: number;
}

/** Machine → model → layout → SVG. Pure apart from the clock, usable in the browser. */
export async function renderMachine(machine: AnyStateMachine, title?: string, options?: Record<string, string>): Promise<Rendered> {
  const start = performance.now();
  const model = buildModel(machine);
  const layout = await layoutModel(model, options);
  const svg = renderSvg(model, layout, title);
  return { model, layout, svg, ms: performance.now() - start };
}
