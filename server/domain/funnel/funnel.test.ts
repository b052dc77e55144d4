import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FunnelReport, FunnelStep } from '../../../core/contract/funnel';
import { freshDb, type TestDb } from '../../test/db';
import { machineFunnel, medianBucket, rangeOf } from './read';
import { bucketRange, cohortOf, dwellBucket, forgetOldSteps, recordSteps, type FunnelSender } from './record';

/**
 * The funnel's counts (issue 34 §4): steps added up per hour and segment, a median read off the
 * doubling buckets, a day's series per hour and a longer range's per day, segment filters, and
 * the retention. Every time is given (no clock is read).
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: false });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.deleteFrom('funnel_hourly').execute();
});

const at = (iso: string) => new Date(iso);
const step = (transition: string, dwellMs: number | null, to = 'cascade.b'): FunnelStep => ({ machine: 'cascade', transition, from: transition.split(':')[0]!, to, dwellMs });
const report = (steps: FunnelStep[], extra: Partial<FunnelReport> = {}): FunnelReport => ({ lang: 'en', device: 'desktop', steps, ...extra });
const trader = (country: string, registered: string): FunnelSender => ({ user: { country, createdAt: at(registered) } });
const visitor: FunnelSender = { user: null };

describe('dwell buckets', () => {
  it('doubles from one second; unknown is -1; the last bucket has no end', () => {
    expect([null, 0, 999, 1000, 1999, 2000, 3999, 4000, 60_000].map(dwellBucket)).toEqual([-1, 0, 0, 1, 1, 2, 2, 3, 6]);
    expect(dwellBucket(10 ** 12)).toBe(21);
    expect(bucketRange(0)).toEqual({ low: 0, high: 1000 });
    expect(bucketRange(3)).toEqual({ low: 4000, high: 8000 });
    expect(bucketRange(21).high).toBe(Number.POSITIVE_INFINITY);
  });

  it('the median is the bucket where half the known times are reached', () => {
    expect(medianBucket(new Map([[-1, 50]]))).toBeNull();
    expect(medianBucket(new Map([[0, 1], [2, 1], [5, 1]]))).toBe(2);
    expect(medianBucket(new Map([[0, 3], [4, 1], [-1, 100]]))).toBe(0);
    expect(medianBucket(new Map([[6, 2], [1, 2]]))).toBe(1);
  });

  it('a cohort is new for seven days from registration, returning after, visitor without an account', () => {
    const now = at('2026-03-10T12:00:00Z');
    expect(cohortOf(trader('DE', '2026-03-04T12:00:01Z'), now)).toBe('new');
    expect(cohortOf(trader('DE', '2026-03-03T12:00:00Z'), now)).toBe('returning');
    expect(cohortOf(visitor, now)).toBe('visitor');
  });
});

describe('recording and reading', () => {
  it('adds the same step up in its hour and segment, and keeps no one', async () => {
    const now = at('2026-03-10T12:34:56Z');
    const sender = trader('DE', '2025-01-01T00:00:00Z');
    expect(await recordSteps(t.db, report([step('cascade.a:go:0', 500), step('cascade.a:go:0', 700), step('cascade.a:go:0', 3000)]), sender, now)).toBe(3);
    await recordSteps(t.db, report([step('cascade.a:go:0', 600)]), sender, at('2026-03-10T12:59:59Z'));
    const rows = await t.db.selectFrom('funnel_hourly').selectAll().orderBy('dwell_bucket').execute();
    expect(rows.map((r) => [r.hour.toISOString(), r.country, r.cohort, r.dwell_bucket, r.count])).toEqual([
      ['2026-03-10T12:00:00.000Z', 'DE', 'returning', 0, 3],
      ['2026-03-10T12:00:00.000Z', 'DE', 'returning', 2, 1],
    ]);
    // a row is counts of a segment: no user, session or address column exists
    expect(Object.keys(rows[0]!).sort()).toEqual(['cohort', 'count', 'country', 'device', 'dwell_bucket', 'from_state', 'hour', 'lang', 'machine', 'to_state', 'transition'].sort());
  });

  it('reads a range: transitions by count, each state’s exits and median, the series per day, the countries', async () => {
    await recordSteps(t.db, report([step('cascade.a:go:0', 1500), step('cascade.a:go:0', 1500), step('cascade.a:stop:0', 9000, 'cascade.c')]), trader('DE', '2025-01-01'), at('2026-03-01T00:10:00Z'));
    await recordSteps(t.db, report([step('cascade.b:next:0', null, 'cascade.d')], { device: 'phone', lang: 'ru' }), trader('FR', '2026-03-02'), at('2026-03-03T23:59:00Z'));
    // outside the range on both sides
    await recordSteps(t.db, report([step('cascade.a:go:0', 10)]), visitor, at('2026-02-28T23:59:59Z'));
    await recordSteps(t.db, report([step('cascade.a:go:0', 10)]), visitor, at('2026-03-04T00:00:00Z'));
    // another machine
    await recordSteps(t.db, report([{ machine: 'login', transition: 'login.editing:submit:0', from: 'login.editing', to: 'login.sessionLogin', dwellMs: 5 }]), visitor, at('2026-03-02T10:00:00Z'));

    const funnel = await machineFunnel(t.db, { machine: 'cascade', from: '2026-03-01', to: '2026-03-03' });
    expect(funnel.total).toBe(4);
    expect(funnel.transitions).toEqual([
      { id: 'cascade.a:go:0', from: 'cascade.a', to: 'cascade.b', count: 2 },
      { id: 'cascade.a:stop:0', from: 'cascade.a', to: 'cascade.c', count: 1 },
      { id: 'cascade.b:next:0', from: 'cascade.b', to: 'cascade.d', count: 1 },
    ]);
    expect(funnel.states).toEqual([
      { id: 'cascade.a', exits: 3, median: { low: 1000, high: 2000 } },
      { id: 'cascade.b', exits: 1, median: null },
    ]);
    expect(funnel.series).toEqual([
      { at: '2026-03-01T00:00:00.000Z', count: 3 },
      { at: '2026-03-02T00:00:00.000Z', count: 0 },
      { at: '2026-03-03T00:00:00.000Z', count: 1 },
    ]);
    expect(funnel.countries).toEqual(['DE', 'FR']);
  });

  it('filters by country, language, device and cohort; one day is per hour', async () => {
    await recordSteps(t.db, report([step('cascade.a:go:0', 10)]), trader('DE', '2026-03-01'), at('2026-03-02T05:00:00Z'));
    await recordSteps(t.db, report([step('cascade.a:go:0', 10), step('cascade.a:go:0', 10)], { lang: 'ru', device: 'phone' }), trader('RU', '2020-01-01'), at('2026-03-02T07:30:00Z'));
    await recordSteps(t.db, report([step('cascade.a:go:0', 10)]), visitor, at('2026-03-02T07:45:00Z'));
    const q = { machine: 'cascade', from: '2026-03-02', to: '2026-03-02' };
    const total = async (extra: object) => (await machineFunnel(t.db, { ...q, ...extra })).total;
    expect(await total({})).toBe(4);
    expect(await total({ country: 'RU' })).toBe(2);
    expect(await total({ lang: 'ru' })).toBe(2);
    expect(await total({ device: 'desktop' })).toBe(2);
    expect(await total({ cohort: 'new' })).toBe(1);
    expect(await total({ cohort: 'returning' })).toBe(2);
    expect(await total({ cohort: 'visitor' })).toBe(1);
    expect(await total({ country: '', lang: '', device: '', cohort: '' })).toBe(4);
    const day = await machineFunnel(t.db, q);
    expect(day.series).toHaveLength(24);
    expect(day.series.filter((s) => s.count > 0)).toEqual([
      { at: '2026-03-02T05:00:00.000Z', count: 1 },
      { at: '2026-03-02T07:00:00.000Z', count: 3 },
    ]);
  });

  it('two reports of the same row at once both count', async () => {
    const now = at('2026-03-05T10:00:00Z');
    await Promise.all(Array.from({ length: 8 }, () => recordSteps(t.db, report([step('cascade.a:go:0', 10), step('cascade.b:go:0', 10)]), visitor, now)));
    const funnel = await machineFunnel(t.db, { machine: 'cascade', from: '2026-03-05', to: '2026-03-05' });
    expect(funnel.transitions.map((x) => x.count)).toEqual([8, 8]);
  });

  it('forgets the hours older than the retention', async () => {
    await recordSteps(t.db, report([step('cascade.a:go:0', 10)]), visitor, at('2026-01-01T10:00:00Z'));
    await recordSteps(t.db, report([step('cascade.a:go:0', 10)]), visitor, at('2026-03-01T10:00:00Z'));
    expect(await forgetOldSteps(t.db, 30, at('2026-03-05T00:00:00Z'))).toBe(1);
    expect((await t.db.selectFrom('funnel_hourly').select('hour').execute()).map((r) => r.hour.toISOString())).toEqual(['2026-03-01T10:00:00.000Z']);
  });

  it('a range is its days from midnight to midnight (UTC)', () => {
    expect(rangeOf({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ start: at('2026-03-01T00:00:00Z'), end: at('2026-03-02T00:00:00Z'), days: 1 });
  });
});
