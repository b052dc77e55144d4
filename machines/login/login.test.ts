import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { loginMachine } from './login.machine';
import type { Credentials, PlatformLoginOutput, SessionLoginInput, SessionLoginOutput } from './login.types';

/** What the generated paths do not try: half-filled forms, a platform yes without a token, a failure that is no call failure (mutation score). */
function login(platform: () => Promise<PlatformLoginOutput>, session: () => Promise<SessionLoginOutput> = async () => ({})) {
  const sent: Credentials[] = [];
  const signedIn: SessionLoginInput[] = [];
  const machine = loginMachine.provide({
    actors: {
      platformLogin: fromPromise<PlatformLoginOutput, Credentials>(async ({ input }) => {
        sent.push(input);
        return platform();
      }),
      sessionLogin: fromPromise<SessionLoginOutput, SessionLoginInput>(async ({ input }) => {
        signedIn.push(input);
        return session();
      }),
    },
  });
  return { actor: createActor(machine, { input: {} }).start(), sent, signedIn };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('login form', () => {
  it('needs both an email (not blank) and a password; the email is sent trimmed', () => {
    const { actor, sent } = login(() => new Promise(() => {}));
    actor.send({ type: 'login.submit', email: 'trader@example.com', password: '' });
    actor.send({ type: 'login.submit', email: '  ', password: 'Trader-2026' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.shakes).toBe(2);
    actor.send({ type: 'login.submit', email: ' trader@example.com ', password: 'Trader-2026' });
    expect(actor.getSnapshot().value).toBe('platformLogin');
    expect(sent).toEqual([{ email: 'trader@example.com', password: 'Trader-2026' }]);
    actor.stop();
  });

  it('a platform success without a token is not a sign-in', async () => {
    const { actor } = login(async () => ({ success: true, token: '' }));
    actor.send({ type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026' });
    await settle();
    // failed shows the error and returns to the form at once
    expect(actor.getSnapshot().context).toMatchObject({ shakes: 1, password: '' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(expect.objectContaining({ key: 'server_error' }));
    actor.stop();
  });

  it('a session failure that is not a call failure says server_error', async () => {
    const { actor } = login(
      async () => ({ success: true, token: 't-1' }),
      () => Promise.reject(new Error('boom')),
    );
    actor.send({ type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026' });
    await settle();
    await settle();
    // failed shows the error and returns to the form at once
    expect(actor.getSnapshot().context).toMatchObject({ shakes: 1, password: '' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual(expect.objectContaining({ key: 'server_error' }));
    actor.stop();
  });

  it('a refusal by the sign-in gate keeps its parameters for the page (a break’s end and kind, issue 30 §3)', async () => {
    const until = '2026-12-02T10:00:00.000Z';
    const { actor } = login(
      async () => ({ success: true, token: 't-1' }),
      () => Promise.reject({ kind: 'http', status: 403, error: 'login.excluded', message: `This account is on a break until ${until}.`, params: { until, kind: 'timeout' } }),
    );
    actor.send({ type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ email: 'trader@example.com', password: '', shakes: 1 });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'login.excluded', fallback: `This account is on a break until ${until}.`, params: { until, kind: 'timeout' } });
    actor.stop();
  });

  it('asked to withdraw only (during a break), the session sign-in says so; the next plain submit does not', async () => {
    const { actor, signedIn } = login(
      async () => ({ success: true, token: 't-1' }),
      () => Promise.reject({ kind: 'http', status: 403, error: 'login.excluded', message: 'paused', params: {} }),
    );
    actor.send({ type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026', withdrawOnly: true });
    await settle();
    await settle();
    actor.send({ type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026' });
    await settle();
    await settle();
    expect(signedIn).toEqual([
      { email: 'trader@example.com', password: 'Trader-2026', token: 't-1', withdrawOnly: true },
      { email: 'trader@example.com', password: 'Trader-2026', token: 't-1', withdrawOnly: false },
    ]);
    actor.stop();
  });
});
