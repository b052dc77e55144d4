/** Provided by scripts/explorer/vite-plugin.ts: every machine's precomputed diagram, one lazy chunk each. */
declare module 'virtual:explorer-layouts' {
  import type { PrecomputedDiagram } from '../../machine-kit/diagram/precomputed';
  export const layouts: Record<string, () => Promise<{ default: PrecomputedDiagram }>>;
}
