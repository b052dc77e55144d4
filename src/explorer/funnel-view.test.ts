import { describe, expect, it } from 'vitest';
import { filterFromTarget, funnelByState, targetOfFilter } from './funnel-view';

describe('the funnel’s address and reading', () => {
  it('reads a filter from the address, the last seven days to today when it names none; unknown values are every value', () => {
    expect(filterFromTarget(undefined, '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10', country: '', lang: '', device: '', cohort: '' });
    expect(filterFromTarget('from=2026-02-01&to=2026-02-03&country=DE&lang=ru&device=phone&cohort=new', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-03', country: 'DE', lang: 'ru', device: 'phone', cohort: 'new' });
    expect(filterFromTarget('to=2026-01-03&country=de&lang=fr&device=fridge&cohort=vip', '2026-03-10')).toEqual({ from: '2025-12-28', to: '2026-01-03', country: '', lang: '', device: '', cohort: '' });
    const f = filterFromTarget('from=2026-02-01&to=2026-02-03&device=tablet', '2026-03-10');
    expect(targetOfFilter(f)).toBe('from=2026-02-01&to=2026-02-03&device=tablet');
    expect(filterFromTarget(targetOfFilter(f), '2026-03-10')).toEqual(f);
  });

  it('groups transitions by their state with each one’s share of the state’s exits', () => {
    const rows = funnelByState({
      machine: 'm',
      from: '2026-03-01',
      to: '2026-03-01',
      total: 10,
      transitions: [
        { id: 'm.a:ok:0', from: 'm.a', to: 'm.b', count: 6 },
        { id: 'm.a:fail:0', from: 'm.a', to: 'm.c', count: 2 },
        { id: 'm.b:next:0', from: 'm.b', to: 'm.d', count: 2 },
      ],
      states: [
        { id: 'm.a', exits: 8, median: { low: 1000, high: 2000 } },
        { id: 'm.b', exits: 2, median: null },
      ],
      series: [],
      countries: [],
    });
    expect(rows).toEqual([
      { id: 'm.a', exits: 8, median: { low: 1000, high: 2000 }, out: [{ id: 'm.a:ok:0', to: 'm.b', count: 6, share: 0.75 }, { id: 'm.a:fail:0', to: 'm.c', count: 2, share: 0.25 }] },
      { id: 'm.b', exits: 2, median: null, out: [{ id: 'm.b:next:0', to: 'm.d', count: 2, share: 1 }] },
    ]);
  });
});
