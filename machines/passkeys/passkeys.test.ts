import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PASSKEY_NAME_MAX, type Passkey } from '../../core/contract/passkeys';
import { passkeysMachine } from './passkeys.machine';
import { passkeySignInMachine } from './sign-in.machine';

const LAPTOP: Passkey = { id: '1', name: 'Laptop', createdAt: '2026-12-01T10:00:00.000Z', lastUsedAt: null };
const tick = () => new Promise((r) => setTimeout(r, 0));

function started(options: { load?: () => Promise<Passkey[]>; add?: (input: { name: string; password: string }) => Promise<Passkey[]>; remove?: (input: { id: string; password: string }) => Promise<Passkey[]>; sent?: unknown[] } = {}) {
  const sent = options.sent ?? [];
  return createActor(
    passkeysMachine.provide({
      actors: {
        loadPasskeys: fromPromise(options.load ?? (async () => [LAPTOP])),
        addPasskey: fromPromise(async ({ input }) => {
          sent.push(input);
          return options.add ? options.add(input) : [LAPTOP];
        }),
        removePasskey: fromPromise(async ({ input }) => {
          sent.push(input);
          return options.remove ? options.remove(input) : [];
        }),
      },
    }),
  ).start();
}

const http = (error: string) => ({ kind: 'http', status: 401, error, message: '' });

describe('passkeys', () => {
  it('a failed read says so with its own key and is retried', async () => {
    let first = true;
    const actor = started({
      load: async () => {
        if (first) {
          first = false;
          throw { kind: 'network' };
        }
        return [LAPTOP];
      },
    });
    await tick();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'passkeys.load_failed' });
    actor.send({ type: 'retry' });
    await tick();
    expect(actor.getSnapshot().context).toMatchObject({ passkeys: [LAPTOP], error: null });
  });

  it('a read the server refuses says the server’s words', async () => {
    const actor = started({ load: async () => Promise.reject(http('server_error')) });
    await tick();
    expect(actor.getSnapshot().context.error?.key).toBe('server_error');
  });

  it('a name of 1 to 40 characters once trimmed is sent trimmed with the password the dialog asks; none or 41 is refused before any call', async () => {
    const sent: unknown[] = [];
    const actor = started({ sent });
    await tick();
    actor.send({ type: 'passkey.add', name: '   ' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'passkeys.name', params: { max: String(PASSKEY_NAME_MAX) } });
    actor.send({ type: 'passkey.add', name: 'x'.repeat(PASSKEY_NAME_MAX + 1) });
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    actor.send({ type: 'passkey.add', name: ' Phone ' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ busy: 'add', name: 'Phone', error: null });
    actor.send({ type: 'password.submit', password: '' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'passkeys.password_required' });
    actor.send({ type: 'password.submit', password: 'secret' });
    await tick();
    expect(sent).toEqual([{ name: 'Phone', password: 'secret' }]);
    expect(actor.getSnapshot().context).toMatchObject({ added: 1, last: 'add', busy: null });
  });

  it('adding: a wrong password keeps the dialog; the browser’s refusal closes it and says why; Cancel forgets the name', async () => {
    for (const [error, stays, key] of [
      [http('passkeys.password'), true, 'passkeys.password'],
      [http('passkeys.cancelled'), false, 'passkeys.cancelled'],
    ] as const) {
      const actor = started({ add: async () => Promise.reject(error) });
      await tick();
      actor.send({ type: 'passkey.add', name: 'Phone' });
      actor.send({ type: 'password.submit', password: 'secret' });
      await tick();
      expect(actor.getSnapshot().matches('confirming')).toBe(stays);
      expect(actor.getSnapshot().context.error?.key).toBe(key);
      expect(actor.getSnapshot().context.added).toBe(0);
    }
    const actor = started();
    await tick();
    actor.send({ type: 'passkey.add', name: 'Phone' });
    actor.send({ type: 'password.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ busy: null, name: '', error: null });
  });

  it('only a listed passkey is asked to be removed; before the list is read none is', async () => {
    const actor = started({ load: () => new Promise(() => {}) });
    actor.send({ type: 'passkey.remove', id: '1' });
    expect(actor.getSnapshot().value).toBe('loading');
    const ready = started();
    await tick();
    ready.send({ type: 'passkey.remove', id: '2' });
    expect(ready.getSnapshot().matches('confirming')).toBe(false);
    ready.send({ type: 'passkey.remove', id: '1' });
    expect(ready.getSnapshot().context.busy).toBe('1');
  });

  it('a wrong password or a lock keeps the dialog with the server’s key; anything else closes it and says why', async () => {
    for (const [error, stays, key] of [
      [http('passkeys.password'), true, 'passkeys.password'],
      [http('login.locked'), true, 'login.locked'],
      [http('passkeys.not_found'), false, 'passkeys.not_found'],
      [{ kind: 'network' }, false, 'passkeys.change_failed'],
      ['not a failure', false, 'passkeys.change_failed'],
    ] as const) {
      const sent: unknown[] = [];
      const actor = started({ sent, remove: async () => Promise.reject(error) });
      await tick();
      actor.send({ type: 'passkey.remove', id: '1' });
      actor.send({ type: 'password.submit', password: 'secret' });
      await tick();
      expect(sent).toEqual([{ id: '1', password: 'secret' }]);
      expect(actor.getSnapshot().matches('confirming')).toBe(stays);
      expect(actor.getSnapshot().context.error?.key).toBe(key);
      if (!stays) expect(actor.getSnapshot().context.busy).toBeNull();
    }
  });

  it('an empty password is said and not sent; Cancel closes the dialog and forgets the passkey asked about', async () => {
    const sent: unknown[] = [];
    const actor = started({ sent });
    await tick();
    actor.send({ type: 'passkey.remove', id: '1' });
    actor.send({ type: 'password.submit', password: '' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'passkeys.password_required' });
    actor.send({ type: 'password.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ busy: null, error: null });
    expect(sent).toEqual([]);
  });
});

describe('passkeySignIn', () => {
  it('opens the answered address; a refusal is kept until the next try', async () => {
    const opened: string[] = [];
    let fail = true;
    const actor = createActor(
      passkeySignInMachine.provide({
        actors: {
          signIn: fromPromise(async () => {
            if (fail) throw { kind: 'http', status: 401, error: 'passkey.invalid', message: 'No.' };
            return { url: '/en/autologin?key=k' };
          }),
        },
        actions: { open: (_, { url }) => opened.push(url) },
      }),
    ).start();
    actor.send({ type: 'passkey.start' });
    await tick();
    expect(actor.getSnapshot().context).toEqual({ error: { key: 'passkey.invalid', fallback: 'No.' }, tries: 1 });
    fail = false;
    actor.send({ type: 'passkey.start' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await tick();
    expect(opened).toEqual(['/en/autologin?key=k']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a lost connection is said with its own key', async () => {
    const actor = createActor(passkeySignInMachine.provide({ actors: { signIn: fromPromise(async () => Promise.reject({ kind: 'network' })) } })).start();
    actor.send({ type: 'passkey.start' });
    await tick();
    expect(actor.getSnapshot().context.error).toEqual({ key: 'passkey.failed' });
  });
});
