import { describe, expect, it } from 'vitest';
import { CONTEST_PRIZES } from './contest-prizes';

const amounts = (ranks: readonly { kind: string; amount?: string; item?: string }[]) => ranks.map((p) => (p.kind === 'item' ? p.item : `${p.kind} ${p.amount}`));

describe('contest prizes (spec 002 §9)', () => {
  it('weekly: 10,000 / 5,000 / 3,000 / 2,000 cash, the iPad at rank 5, then bonuses 1,000 (6-8), 500 (9-13), 300 (14-23), 100 (24-40)', () => {
    const w = amounts(CONTEST_PRIZES.weekly);
    expect(w).toHaveLength(40);
    expect(w.slice(0, 5)).toEqual(['cash 10000.00', 'cash 5000.00', 'cash 3000.00', 'cash 2000.00', 'ipad']);
    const rank = (n: number) => w[n - 1];
    expect([6, 8].map(rank)).toEqual(['bonus 1000.00', 'bonus 1000.00']);
    expect([9, 13].map(rank)).toEqual(['bonus 500.00', 'bonus 500.00']);
    expect([14, 23].map(rank)).toEqual(['bonus 300.00', 'bonus 300.00']);
    expect([24, 40].map(rank)).toEqual(['bonus 100.00', 'bonus 100.00']);
  });

  it('weekend: 5,000, 3,000, 2,000, then bonuses 1,000 ×2, 500 ×2, 250 ×3', () => {
    expect(amounts(CONTEST_PRIZES.weekend)).toEqual(['cash 5000.00', 'cash 3000.00', 'cash 2000.00', 'bonus 1000.00', 'bonus 1000.00', 'bonus 500.00', 'bonus 500.00', 'bonus 250.00', 'bonus 250.00', 'bonus 250.00']);
  });
});
