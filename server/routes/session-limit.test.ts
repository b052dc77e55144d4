import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../core/contract';
import { SessionLimit, SetSessionLimitResponse } from '../../core/contract/session-limit';
import { SESSION_TTL_MS } from '../domain/sessions';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * The session-time limit over HTTP (issue 30 §1): offered values only; a first or shorter limit
 * applies at once, to this session and the trader's other open sessions, each ended at its own
 * sign-in plus the limit; a longer one or none waits for the cooling-off and leaves the open
 * sessions as they are. A session past its end is refused like any ended session, and GET
 * /api/me told its end before. Times are moved in the database relative to what the server
 * recorded; no assertion reads the machine's clock or zone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const read = async (b: Browser) => SessionLimit.parse((await b.send('GET', '/api/limits/session')).json());
const set = async (b: Browser, minutes: number | null) => {
  const answer = await b.send('POST', '/api/limits/session', { json: { minutes } });
  expect(answer.statusCode, answer.body).toBe(200);
  return SetSessionLimitResponse.parse(answer.json());
};
const sessionsOf = (userId: number) => t.db.selectFrom('sessions').select(['id', 'created_at', 'expires_at', 'limit_ends_at']).where('user_id', '=', userId).orderBy('created_at').execute();
const userIdOf = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
/** a session's sign-in moved `minutes` into the past, its ends with it (as if it had been open that long) */
const age = (id: string, minutes: number) =>
  t.db
    .updateTable('sessions')
    .set({ created_at: sql<Date>`created_at - make_interval(mins => ${minutes})` })
    .where('id', '=', id)
    .execute();

describe('GET and POST /api/limits/session', () => {
  it('signed in only; the POST needs the CSRF header; only offered values', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/limits/session')).statusCode).toBe(401);
    const b = t.browser();
    await freshUser(b);
    const forged = await b.send('POST', '/api/limits/session', { json: { minutes: 60 }, csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
    expect(await read(b)).toEqual({ minutes: null, pending: null, choices: [30, 60, 90, 120, 180, 240, 360, 480], session_ends_at: null, cooling_off_hours: 24 });
    for (const minutes of [0, 45, -30, 60.5, 100000]) {
      const bad = await b.send('POST', '/api/limits/session', { json: { minutes } });
      expect([bad.statusCode, bad.json().error], String(minutes)).toEqual([400, 'limits.session_minutes']);
    }
    expect((await b.send('POST', '/api/limits/session', { json: { minutes: '60' } })).statusCode).toBe(400);
    expect((await read(b)).minutes).toBeNull();
  });

  it('a first limit applies at once: this session and the other open ones end at their sign-in plus the limit; /api/me says when', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const other = t.browser();
    expect((await other.signIn(user.email, user.password)).statusCode).toBe(200);
    const userId = await userIdOf(user.email);
    const [first] = await sessionsOf(userId);
    await age(first!.id, 50);

    const saved = await set(b, 60);
    expect(saved.applied).toBe('now');
    expect(saved.limit).toMatchObject({ minutes: 60, pending: null });
    for (const s of await sessionsOf(userId)) {
      expect(s.limit_ends_at!.getTime()).toBe(s.created_at.getTime() + 60 * 60_000);
      expect(s.expires_at.getTime()).toBeLessThanOrEqual(s.limit_ends_at!.getTime());
    }
    const me = MeResponse.parse((await b.send('GET', '/api/me')).json());
    expect(me.user?.sessionEndsAt).toBe(saved.limit.session_ends_at);

    // the first session has been open 50 minutes: a 30-minute limit ends it at once, the other (just signed in) in 30 minutes
    await set(other, 30);
    expect((await b.send('GET', '/api/limits/session')).statusCode).toBe(401);
    const me2 = MeResponse.parse((await b.send('GET', '/api/me')).json());
    expect(me2.user).toBeNull();
    // oldest first: the aged one ended when the limit was set (past its sign-in plus 30), the other at its sign-in plus 30
    const [aged, fresh] = await sessionsOf(userId);
    expect(aged!.limit_ends_at!.getTime()).toBeGreaterThan(aged!.created_at.getTime() + 30 * 60_000);
    expect(aged!.expires_at.getTime()).toBe(aged!.limit_ends_at!.getTime());
    expect(fresh!.limit_ends_at!.getTime()).toBe(fresh!.created_at.getTime() + 30 * 60_000);
    expect(fresh!.expires_at.getTime()).toBeLessThanOrEqual(fresh!.created_at.getTime() + SESSION_TTL_MS);
    expect((await other.send('GET', '/api/limits/session')).statusCode).toBe(200);
  });

  it('a new sign-in gets the limit in force; a session past its end is refused like an ended one', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    await set(b, 90);
    const next = t.browser();
    expect((await next.signIn(user.email, user.password)).statusCode).toBe(200);
    const view = await read(next);
    const userId = await userIdOf(user.email);
    const newest = (await sessionsOf(userId)).at(-1)!;
    expect(newest.limit_ends_at!.getTime()).toBe(newest.created_at.getTime() + 90 * 60_000);
    expect(view.session_ends_at).toBe(newest.limit_ends_at!.toISOString());
    // the clock passes the end: the session's expiry is there (the sliding expiry never passed it)
    await t.db.updateTable('sessions').set({ limit_ends_at: new Date(0), expires_at: new Date(0) }).where('id', '=', newest.id).execute();
    expect((await next.send('GET', '/api/limits/session')).statusCode).toBe(401);
  });

  it('a longer limit or none waits for the cooling-off; the open sessions keep their end; a shorter one meanwhile applies at once and drops it', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    await set(b, 60);
    const userId = await userIdOf(user.email);
    const before = (await sessionsOf(userId)).map((s) => s.limit_ends_at?.getTime());

    const longer = await set(b, 240);
    expect(longer.applied).toBe('later');
    expect(longer.limit.minutes).toBe(60);
    expect(longer.limit.pending?.minutes).toBe(240);
    const row = await t.db.selectFrom('session_limits').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(new Date(longer.limit.pending!.from).getTime()).toBe(row.updated_at.getTime() + 24 * 3_600_000);
    expect((await sessionsOf(userId)).map((s) => s.limit_ends_at?.getTime())).toEqual(before);

    const removal = await set(b, null);
    expect([removal.applied, removal.limit.minutes, removal.limit.pending?.minutes]).toEqual(['later', 60, null]);

    const shorter = await set(b, 30);
    expect([shorter.applied, shorter.limit.minutes, shorter.limit.pending]).toEqual(['now', 30, null]);

    // the cooling-off has passed: the waiting change is in force for the next sign-in
    await set(b, 120);
    await t.db.updateTable('session_limits').set({ pending_from: new Date(0) }).where('user_id', '=', userId).execute();
    expect((await read(b)).minutes).toBe(120);
  });

  it("one trader's limit leaves another's sessions alone", async () => {
    const a = t.browser();
    const userA = await freshUser(a);
    const c = t.browser();
    const userC = await freshUser(c);
    await set(a, 30);
    for (const s of await sessionsOf(await userIdOf(userC.email))) expect(s.limit_ends_at).toBeNull();
    expect((await sessionsOf(await userIdOf(userA.email))).every((s) => s.limit_ends_at !== null)).toBe(true);
  });
});
