import { describe, expect, it } from 'vitest';
import { fixtures } from './fixtures';
import { isGreen, runMachine } from './run';

const retries = [
  'checkout.failed:checkout.retry:0',
  'checkout.failed:xstate.after.retryDelay.checkout.failed:0',
  'checkout.expired:checkout.refresh:0',
  'checkout.declined:checkout.restart:0',
];

describe('path sets', () => {
  it('shortest paths alone miss the retries: they lead back into a snapshot already reached', () => {
    const report = runMachine('checkout', fixtures.checkout, { sets: ['shortest'] });
    expect(report.failures).toEqual([]);
    expect(report.transitions.uncovered).toEqual(expect.arrayContaining(retries));
    expect(report.states.uncovered).toEqual([]);
  });

  it('the edge cover takes every one of them', () => {
    const report = runMachine('checkout', fixtures.checkout, { sets: ['edge'] });
    expect(report.transitions.uncovered).toEqual([]);
    expect(isGreen(report)).toBe(true);
  });

  it('bounded simple paths replay too, and also miss the retries', () => {
    const report = runMachine('checkout', fixtures.checkout, { sets: ['simple'] });
    expect(report.failures).toEqual([]);
    expect(report.transitions.uncovered).toEqual(expect.arrayContaining(retries));
  });

  it('the cover set replays far fewer paths and still measures every state and transition, retries included', () => {
    const edge = runMachine('checkout', fixtures.checkout, { sets: ['shortest', 'edge'] });
    const cover = runMachine('checkout', fixtures.checkout, { sets: ['cover'] });
    expect(cover.failures).toEqual([]);
    expect(cover.states.uncovered).toEqual([]);
    expect(cover.transitions.uncovered).toEqual([]);
    expect(cover.transitions.covered).toEqual(expect.arrayContaining(retries));
    expect(cover.paths).toBeLessThan(edge.paths);
    expect(cover.paths).toBeGreaterThan(0);
  });
});
