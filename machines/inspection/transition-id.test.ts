import { describe, expect, it } from 'vitest';
import { machines } from '../index';
import { allStateNodes, transitionId as runnerId } from '../../machine-kit/inventory';
import { transitionId } from './transition-id';

describe("the inspector's transition ids", () => {
  it.each(Object.keys(machines))('%s: every transition has the id the coverage runner gives it', (id) => {
    const machine = machines[id].machine;
    const all = allStateNodes(machine).flatMap((n) => [...n.transitions.values()].flat().concat(n.always ?? []));
    expect(all.length).toBeGreaterThan(0);
    for (const t of all) expect(transitionId(t)).toBe(runnerId(t));
  });
});
