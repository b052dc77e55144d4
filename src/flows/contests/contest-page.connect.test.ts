import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { contestPageMachine, FILTER_MAX } from '../../../machines/contest-page/contest-page.machine';
import { contest } from '../../../machines/contest-page/contest-page.model';
import type { Contest } from '../../../core/contract/contests';
import { connectContestPage, contestCard, passes } from './contest-page.connect';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ rank: i + 1, initials: i === 2 ? 'Z.Q.' : 'A.L.', country: i % 2 ? 'DE' : 'FR', profit: '1.00', trades: 1, prize: i < 2 ? { kind: 'cash' as const, amount: '5.00', item: null } : null, you: i === 4 }));

async function started(input: { tab?: 'first' | 'last' } = {}, load: () => Promise<{ current: Contest[]; last: Contest[] }>) {
  const actor = createActor(contestPageMachine.provide({ actors: { load: fromPromise(load) } }), { input }).start();
  await waitFor(actor, (s) => !s.matches('loading'));
  return actor;
}

describe('connectContestPage', () => {
  it('shows weekly 20 rows and weekend 10, the filter narrows them and the count follows the type', async () => {
    const weekly = contest({ entries: rows(25) }) as Contest;
    const weekend = contest({ id: 'we', type: 'weekend', entries: rows(25) }) as Contest;
    const actor = await started({}, async () => ({ current: [weekly, weekend], last: [] }));
    let api = connectContestPage(actor.getSnapshot(), actor.send);
    expect(api.tab).toBe('first');
    expect(api.contests.map((c) => [c.limit, c.rows.length])).toEqual([
      [20, 20],
      [10, 10],
    ]);
    api.setFilter('de');
    api = connectContestPage(actor.getSnapshot(), actor.send);
    expect(api.contests.map((c) => c.rows.length)).toEqual([10, 5]);
    expect(api.contests[0]?.rows.every((r) => r.country === 'DE')).toBe(true);
    api.setFilter('z.q');
    expect(connectContestPage(actor.getSnapshot(), actor.send).contests[1]?.rows.map((r) => r.rank)).toEqual([3]);
    // the filter box keeps at most FILTER_MAX characters
    api.setFilter('d'.repeat(FILTER_MAX + 10));
    expect(connectContestPage(actor.getSnapshot(), actor.send).filter).toBe('d'.repeat(FILTER_MAX));
  });

  it('switches tabs, says Some errors... and retries', async () => {
    let fail = true;
    const actor = await started({ tab: 'last' }, async () => {
      if (fail) throw new Error('down');
      return { current: [contest() as Contest], last: [contest({ id: 'old', status: 'closed' }) as Contest] };
    });
    let api = connectContestPage(actor.getSnapshot(), actor.send);
    expect(api.failed).toBe(true);
    expect(api.error?.key).toBe('contest.error');
    fail = false;
    api.retry();
    await waitFor(actor, (s) => s.matches('shown'));
    api = connectContestPage(actor.getSnapshot(), actor.send);
    expect(api.tab).toBe('last');
    expect(api.contests.map((c) => c.id)).toEqual(['old']);
    api.showFirst();
    expect(connectContestPage(actor.getSnapshot(), actor.send).contests.map((c) => c.id)).toEqual(['weekly-2026-11-23']);
  });

  it('a refresh (a contest closed, pushed) reads again and stays on the tab the trader chose', async () => {
    let answer!: (lists: { current: Contest[]; last: Contest[] }) => void;
    let calls = 0;
    const lists = { current: [contest() as Contest], last: [contest({ id: 'old', status: 'closed' }) as Contest] };
    const actor = await started({}, () => (++calls === 1 ? Promise.resolve(lists) : new Promise((resolve) => (answer = resolve))));
    connectContestPage(actor.getSnapshot(), actor.send).showLast();
    connectContestPage(actor.getSnapshot(), actor.send).refresh();
    let api = connectContestPage(actor.getSnapshot(), actor.send);
    expect(api.loading).toBe(true);
    expect(api.tab).toBe('last');
    answer({ ...lists, last: [contest({ id: 'closed-now', status: 'closed' }) as Contest, ...lists.last] });
    await waitFor(actor, (s) => s.matches('shown'));
    api = connectContestPage(actor.getSnapshot(), actor.send);
    expect(api.tab).toBe('last');
    expect(api.contests.map((c) => c.id)).toEqual(['closed-now', 'old']);
    // and back on the first tab, a refresh keeps the first
    api.showFirst();
    connectContestPage(actor.getSnapshot(), actor.send).refresh();
    answer(lists);
    await waitFor(actor, (s) => s.matches('shown'));
    expect(connectContestPage(actor.getSnapshot(), actor.send).tab).toBe('first');
  });

  it('gives the tabs their ids and choice, the loading line busy and the failure announced', async () => {
    const actor = await started({}, async () => ({ current: [], last: [] }));
    const api = connectContestPage(actor.getSnapshot(), actor.send);
    expect(api.tabIds).toEqual(['first', 'last']);
    expect(api.getLoadingProps()).toEqual({ 'aria-busy': true });
    expect(api.getProblemProps()).toEqual({ role: 'alert' });
    api.selectTab('last');
    expect(connectContestPage(actor.getSnapshot(), actor.send).tab).toBe('last');
    api.selectTab('nonsense');
    expect(connectContestPage(actor.getSnapshot(), actor.send).tab).toBe('last');
    api.selectTab('first');
    expect(connectContestPage(actor.getSnapshot(), actor.send).tab).toBe('first');
  });

  it('marks an upcoming contest and keeps the own row', () => {
    const card = contestCard(contest({ date_start: '2030-01-01T00:00:00Z', own: rows(1)[0] }) as Contest, '', Date.parse('2029-01-01T00:00:00Z'));
    expect(card.upcoming).toBe(true);
    expect(card.own?.rank).toBe(1);
    expect(passes(rows(1)[0]!, '  ')).toBe(true);
  });
});
