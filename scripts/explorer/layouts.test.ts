import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/index';
import { inventory } from '../../machine-kit/inventory';
import { renderSvg } from '../../machine-kit/diagram/svg';
import { computeLayouts } from './layouts';
import { EXPLORER_ONLY } from './isolation';

describe('precomputed layouts for the explorer', () => {
  it('lays out every registered machine: every state boxed, every transition drawn, JSON-safe', async () => {
    const all = await computeLayouts(machines);
    expect(all.map((d) => d.id)).toEqual(Object.keys(machines));
    for (const d of all) {
      const inv = inventory(machines[d.id].machine);
      for (const state of inv.states) expect(d.layout.nodes[state], `${d.id}: ${state}`).toBeDefined();
      const drawn = new Set(d.model.edges.map((e) => e.transitionId));
      for (const t of inv.transitions) expect(drawn.has(t), `${d.id}: ${t}`).toBe(true);
      expect(JSON.parse(JSON.stringify(d))).toEqual(d);
      expect(d.layoutMs).toBeGreaterThan(0);
      const svg = renderSvg(d.model, d.layout, d.id);
      for (const state of inv.states) expect(svg).toContain(`data-state-id="${state}"`);
    }
  }, 30_000);

  it('tells explorer-only sources from the shared ones', () => {
    for (const s of ['work/main/src/explorer/App.tsx', 'machines/explorer/live.logic.ts', 'machine-kit/events.ts', 'machines/cascade/cascade.model.ts', 'machines/models.ts', 'machines/descriptions.ru.ts', 'scripts/diagram/svg.ts', 'node_modules/elkjs/lib/elk.bundled.js', 'src/features/explorer/messages.ts']) {
      expect(EXPLORER_ONLY.test(s), s).toBe(true);
    }
    for (const s of ['src/flows/shared/inspector.ts', 'machines/inspection/protocol.ts', 'machines/login/login.machine.ts', 'machines/index.ts', 'machines/cascade/cascade.types.ts', 'node_modules/xstate/dist/xstate.js', 'src/features/login/LoginPage.tsx']) {
      expect(EXPLORER_ONLY.test(s), s).toBe(false);
    }
  });
});
