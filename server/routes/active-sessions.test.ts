import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveSessions } from '../../core/contract/active-sessions';
import { buildApp } from '../app';
import { memoryHub } from '../push/hub';
import { Browser, testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * Active sessions (issue 31 §2), hostile: the list is the trader's own, with this one marked; an
 * ended session is refused on its very next request, also when another instance ended it; another
 * trader's reference ends nothing; this session is ended by Log out, not here.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await testApp();
  // a second instance on the same database (sessions live there, not in memory)
  second = await buildApp({ db: t.db, config: t.config, push: memoryHub() });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const list = async (b: Browser) => ActiveSessions.parse((await b.send('GET', '/api/security/sessions')).json()).sessions;
const signedIn = async (b: Browser) => ((await b.send('GET', '/api/me')).json() as { user: unknown }).user !== null;

describe('active sessions', () => {
  it('lists the trader’s own live sessions, this one first and marked', async () => {
    const laptop = t.browser();
    const user = await freshUser(laptop);
    const phone = t.browser();
    expect((await phone.signIn(user.email, user.password)).statusCode).toBe(200);
    const stranger = t.browser();
    await freshUser(stranger);

    const seen = await list(laptop);
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => s.current)).toEqual([true, false]);
    for (const s of seen) {
      expect(s.ref).toMatch(/^[0-9a-f]{16}$/);
      expect(Date.parse(s.signedInAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.signedInAt));
    }
    expect((await list(phone)).filter((s) => s.current).map((s) => s.ref)).toEqual([seen[1]!.ref]);
    expect(await list(stranger)).toHaveLength(1);

    // signed out: 401; without the CSRF header: 403
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/security/sessions')).statusCode).toBe(401);
    expect((await laptop.send('POST', '/api/security/sessions/end_others', { csrf: false })).statusCode).toBe(403);
  });

  it('ends one other session: its next request is refused at once, also when another instance ended it', async () => {
    const laptop = t.browser();
    const user = await freshUser(laptop);
    const phone = t.browser();
    await phone.signIn(user.email, user.password);
    const tablet = new Browser(second);
    expect((await tablet.signIn(user.email, user.password)).statusCode).toBe(200);
    const [, ...others] = await list(laptop);
    expect(others).toHaveLength(2);
    const phoneRef = (await list(phone)).find((s) => s.current)!.ref;

    // ended through the second instance, refused by the first
    const ended = await tablet.send('POST', '/api/security/sessions/end', { json: { ref: phoneRef } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ActiveSessions.parse(ended.json()).sessions.map((s) => s.ref)).not.toContain(phoneRef);
    expect((await phone.send('GET', '/api/security/sessions')).statusCode).toBe(401);
    expect(await signedIn(phone)).toBe(false);

    // again: already ended; this one: Log out; a stranger's reference: nothing
    expect((await laptop.send('POST', '/api/security/sessions/end', { json: { ref: phoneRef } })).json().error).toBe('sessions.not_found');
    const mine = (await list(laptop)).find((s) => s.current)!.ref;
    const self = await laptop.send('POST', '/api/security/sessions/end', { json: { ref: mine } });
    expect([self.statusCode, self.json().error]).toEqual([409, 'sessions.current']);
    const stranger = t.browser();
    await freshUser(stranger);
    const theirs = await stranger.send('POST', '/api/security/sessions/end', { json: { ref: mine } });
    expect([theirs.statusCode, theirs.json().error]).toEqual([404, 'sessions.not_found']);
    expect(await signedIn(laptop)).toBe(true);
    const bad = await laptop.send('POST', '/api/security/sessions/end', { json: { ref: '%' } });
    expect(bad.statusCode).toBe(400);
    expect(await signedIn(tablet)).toBe(true);
  });

  it('ends every other session, leaving this one', async () => {
    const laptop = t.browser();
    const user = await freshUser(laptop);
    const others = [t.browser(), t.browser(), new Browser(second)];
    for (const b of others) await b.signIn(user.email, user.password);
    expect(await list(laptop)).toHaveLength(4);
    const res = await laptop.send('POST', '/api/security/sessions/end_others');
    expect(ActiveSessions.parse(res.json()).sessions.map((s) => s.current)).toEqual([true]);
    for (const b of others) expect(await signedIn(b)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
  });
});
