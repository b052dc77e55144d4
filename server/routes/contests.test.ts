import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseContestResponse, Contest, ContestList } from '../../core/contract/contests';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/** Contests over HTTP: signed-in reads, the seeded week, the sandbox operator's create and close. */
let t: TestApp;
let operator: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  operator = { 'x-sandbox-operator': t.config.sandboxOperatorToken };
});
afterAll(() => t?.close());

describe('/api/tourney', () => {
  it('needs a signed-in trader; shows the seeded weekly and weekend contests with stated prizes', async () => {
    const anon = t.browser();
    expect((await anon.send('GET', '/api/tourney/current')).statusCode).toBe(401);
    const browser = t.browser();
    await freshUser(browser);
    const current = ContestList.parse((await browser.send('GET', '/api/tourney/current')).json());
    expect(current.contests.map((c) => c.type).sort()).toEqual(['weekend', 'weekly']);
    // the seeded prizes are spec 002 §9's table (core/contest-prizes.ts): 40 weekly ranks, the iPad at rank 5 as an item
    const weekly = current.contests.find((c) => c.type === 'weekly')!.prizes;
    expect(weekly).toHaveLength(40);
    expect(weekly.slice(0, 5)).toEqual([
      { kind: 'cash', amount: '10000.00', item: null },
      { kind: 'cash', amount: '5000.00', item: null },
      { kind: 'cash', amount: '3000.00', item: null },
      { kind: 'cash', amount: '2000.00', item: null },
      { kind: 'item', amount: null, item: 'ipad' },
    ]);
    expect(weekly.at(-1)).toEqual({ kind: 'bonus', amount: '100.00', item: null });
    expect(current.contests.find((c) => c.type === 'weekend')!.prizes).toHaveLength(10);
    expect(ContestList.parse((await browser.send('GET', '/api/tourney/last')).json()).contests).toEqual([]);
    const id = current.contests[0]!.id;
    expect(Contest.parse((await browser.send('POST', '/api/tourney/get', { json: { id } })).json()).id).toBe(id);
    expect(Contest.parse((await browser.send('GET', `/api/tourney/get?id=${encodeURIComponent(id)}`)).json()).id).toBe(id);
    expect((await browser.send('POST', '/api/tourney/get', { json: { id: 'nope' } })).json()).toMatchObject({ error: 'contest.not_found' });
    expect((await browser.send('POST', '/api/tourney/get', { json: {} })).statusCode).toBe(400);
  });

  it('the sandbox operator creates and closes a contest; a trader cannot; a second close pays nothing', async () => {
    const browser = t.browser();
    await freshUser(browser);
    const body = { type: 'weekend', seconds: 60, prizes: ['5.00'] };
    expect((await browser.send('POST', '/api/sandbox/contests', { json: body })).statusCode).toBe(403);
    const created = Contest.parse((await browser.send('POST', '/api/sandbox/contests', { json: body, headers: operator })).json());
    expect(created).toMatchObject({ type: 'weekend', status: 'open', prizes: [{ kind: 'cash', amount: '5.00', item: null }], entries: [] });
    expect((await browser.send('POST', '/api/sandbox/contests', { json: { ...body, prizes: ['-1'] }, headers: operator })).statusCode).toBe(400);
    expect((await browser.send('POST', `/api/sandbox/contests/${created.id}/close`, { json: {} })).statusCode).toBe(403);
    const closed = CloseContestResponse.parse((await browser.send('POST', `/api/sandbox/contests/${created.id}/close`, { json: {}, headers: operator })).json());
    expect(closed).toMatchObject({ paid: 0, contest: { status: 'closed' } });
    expect(CloseContestResponse.parse((await browser.send('POST', `/api/sandbox/contests/${created.id}/close`, { json: {}, headers: operator })).json()).paid).toBe(0);
    const last = ContestList.parse((await browser.send('GET', '/api/tourney/last')).json());
    expect(last.contests.map((c) => c.id)).toEqual([created.id]);
  });
});
