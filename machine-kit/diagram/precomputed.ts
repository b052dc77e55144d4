import type { DiagramLayout } from './layout';
import type { DiagramModel } from './model';

/** A machine's diagram computed at build time (scripts/explorer/vite-plugin.mjs), one lazy chunk each in the explorer. */
export interface PrecomputedDiagram {
  id: string;
  model: DiagramModel;
  layout: DiagramLayout;
  /** time to build the model and lay it out, ms */
  layoutMs: number;
}
