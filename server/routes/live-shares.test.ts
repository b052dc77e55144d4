import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sharedSession, shareSession } from '../domain/explorer/live-shares';
import { testApp, type TestApp } from '../test/client';

/**
 * Live sessions shared by link (issue 34 §2): what is stored comes back as it was under an id no
 * one can guess; the shape is checked; an unknown link is a 404 with its own key; where the
 * explorer is off there is nothing; a POST needs the session's CSRF header.
 */
let t: TestApp;
let closed: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await testApp({ seed: false });
  closed = await buildApp({ db: t.db, config: { ...t.config, explorer: false } });
});
afterAll(async () => {
  await closed?.close();
  await t?.close();
});

const session = {
  kind: 'brokerage-live-session',
  version: 1,
  actors: { 'tab1/x:0': { key: 'tab1/x:0', machineId: 'login', parentKey: null, name: 'login', page: '/en/login', event: 'login.submit', status: 'active', value: 'sessionLogin', taken: [], ended: false, context: null } },
  order: ['tab1/x:0'],
  timeline: [{ seq: 1, time: 1_700_000_000_000, key: 'tab1/x:0', machineId: 'login', name: 'login', event: 'login.submit', value: 'sessionLogin', status: 'active', taken: ['login.editing:login.submit:0'], context: null }],
};

describe('live sessions shared by link', () => {
  it('keeps a session and gives it back as it was, under a long random id', async () => {
    const b = t.browser();
    await b.me();
    const one = await b.send('POST', '/api/explorer/live_shares', { json: session });
    const two = await b.send('POST', '/api/explorer/live_shares', { json: session });
    const [a, c] = [(one.json() as { id: string }).id, (two.json() as { id: string }).id];
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a).not.toBe(c);
    // another browser (the analyst the link was sent to) reads it
    const other = t.browser();
    const back = await other.send('GET', `/api/explorer/live_shares/${a}`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual(session);
  });

  it('refuses what is not a saved session, and a POST without the CSRF header', async () => {
    const b = t.browser();
    await b.me();
    for (const json of [{ ...session, kind: 'other' }, { ...session, version: 2 }, { ...session, order: 'x' }, { hello: 1 }]) expect((await b.send('POST', '/api/explorer/live_shares', { json })).statusCode).toBe(400);
    expect((await b.send('POST', '/api/explorer/live_shares', { json: session, csrf: false })).statusCode).toBe(403);
    expect((await b.send('POST', '/api/explorer/live_shares', { body: JSON.stringify({ ...session, timeline: Array.from({ length: 1001 }, () => session.timeline[0]) }), headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
  });

  it('an unknown or malformed link is not found; where the explorer is off, nothing is', async () => {
    const b = t.browser();
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '../../etc']) {
      const res = await b.send('GET', `/api/explorer/live_shares/${id}`);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    expect((await b.send('GET', '/api/explorer/live_shares/AAAAAAAAAAAAAAAAAAAAAA')).json()).toMatchObject({ error: 'live.share_missing' });
    const off = t.browser();
    (off as { app: unknown }).app = closed;
    await off.me();
    expect((await off.send('POST', '/api/explorer/live_shares', { json: session })).statusCode).toBe(404);
  });

  it('a link lasts its days: then it is gone, and the next share deletes it', async () => {
    const made = new Date('2026-01-01T00:00:00Z');
    const id = await shareSession(t.db, session as never, made);
    expect(await sharedSession(t.db, id, new Date('2026-01-30T23:59:00Z'))).toEqual(session);
    expect(await sharedSession(t.db, id, new Date('2026-02-01T00:00:01Z'))).toBeNull();
    await shareSession(t.db, session as never, new Date('2026-02-01T00:00:01Z'));
    expect(await t.db.selectFrom('explorer_live_shares').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});
