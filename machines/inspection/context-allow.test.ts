import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { models } from '../models';
import { CONTEXT_ALLOW, isForbiddenName, sanitiseContext } from './context-allow';

const words = (path: string) => path.split('.').map((s) => s.replace(/\[\]$/, ''));

describe('the context a machine shares with an inspector (issue 34 §1)', () => {
  it('names only machines that exist, by fields their context has, none of them personal or secret', () => {
    for (const [machineId, paths] of Object.entries(CONTEXT_ALLOW)) {
      const model = models[machineId];
      expect(model, machineId).toBeDefined();
      const input = model.input ?? model.inputs?.[0];
      const context = createActor(model.machine, { input } as never).getSnapshot().context as Record<string, unknown>;
      for (const path of paths) {
        expect(words(path).filter(isForbiddenName), `${machineId}: ${path}`).toEqual([]);
        expect(Object.hasOwn(context, words(path)[0]), `${machineId}: ${path} is not in its context`).toBe(true);
      }
    }
  });

  it('a machine not on the list shares nothing', () => {
    expect(sanitiseContext('twoFactorEntry', { code: '123456', error: null })).toBeNull();
    expect(sanitiseContext('__proto__', {})).toBeNull();
    expect(sanitiseContext('toString', {})).toBeNull();
  });

  it('the cascade shows which processor is tried and how each answered, never the card or the keys', () => {
    const context = {
      stack: ['orange', 'mint'],
      payment: { id: 'p1', key: 'idem-secret', amount: '250.00', currency: 'USD', fixed: false, bonus: true, promo: 'WELCOME', card: 'tok_4000000000000010' },
      tried: ['orange'],
      current: { processor: 'mint', uid: 'tx-77', deadline: 1_800_000_000_000 },
      log: [{ processor: 'orange', result: 'declined', code: '05' }],
      outcome: { kind: 'redirect', url: 'https://acs.example/3ds?pan=4000000000000010' },
      redirectUrl: 'https://acs.example/3ds',
      error: { key: 'card.declined', params: { email: 'a@b.c' } },
    };
    const shared = sanitiseContext('cascade', context);
    expect(shared).toEqual({
      stack: ['orange', 'mint'],
      tried: ['orange'],
      current: { processor: 'mint', deadline: 1_800_000_000_000 },
      log: [{ processor: 'orange', result: 'declined' }],
      payment: { amount: '250.00', currency: 'USD', fixed: false, bonus: true },
      outcome: { kind: 'redirect' },
      error: { key: 'card.declined' },
    });
    const wire = JSON.stringify(shared);
    for (const secret of ['tok_', '4000000000000010', 'idem-secret', 'tx-77', 'acs.example', 'a@b.c', 'WELCOME']) expect(wire).not.toContain(secret);
  });

  it('drops forbidden fields inside an allowed object, and functions, class instances and deep structures', () => {
    const CONTEXT_WITH = { status: { state: 'ok', token: 't', nested: { password: 'p', Email: 'e', ok: 1 } }, processor: () => 1, deadline: new Date(0), recheck: { a: { b: { c: { d: { e: { f: 1 } } } } } } };
    const shared = sanitiseContext('listen', CONTEXT_WITH);
    expect(shared).toEqual({ status: { state: 'ok', nested: { ok: 1 } }, recheck: { a: { b: { c: { d: {} } } } } });
  });

  it('cuts long strings and long lists, and sends no NaN', () => {
    const shared = sanitiseContext('invoice', { coin: 'x'.repeat(500), paid: Number.NaN, status: Array.from({ length: 80 }, (_, i) => i) });
    expect((shared!.coin as string).length).toBe(201);
    expect(shared!.paid).toBeNull();
    expect((shared!.status as unknown[]).length).toBe(50);
  });

  it('names are refused without case and by their secret parts', () => {
    for (const name of ['PAN', 'cvv2', 'newPassword', 'platformToken', 'autologinKey', 'walletAddress', 'email', 'code']) expect(isForbiddenName(name), name).toBe(true);
    for (const name of ['processor', 'amount', 'status', 'tried', 'deadline']) expect(isForbiddenName(name), name).toBe(false);
  });
});
