import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../domain/settings';
import type { Charge, ProcessorAnswer, ProcessorGateway, VoidAnswer } from '../../domain/ports';
import { scenarioOfNumber } from '../../sandbox/processors/test-cards';
import { freshDb, type TestDb } from '../db';
import { balanceOf, verifyLedger } from '../../domain/ledger';
import { saveCard } from '../../domain/payments/cards';
import { fraudCheck, listenAttempt, startAttempt, type PaymentDeps } from '../../domain/payments';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

/** A processor that is down on the start and approves on the first check. */
function flakyGateway(): ProcessorGateway & { starts: number; checks: number } {
  const g = {
    sandbox: true,
    starts: 0,
    checks: 0,
    async start(): Promise<ProcessorAnswer> {
      g.starts++;
      throw new Error('connect ETIMEDOUT');
    },
    async check(_p: string, _c: Charge): Promise<ProcessorAnswer> {
      g.checks++;
      return { kind: 'approved' };
    },
    async complete(): Promise<ProcessorAnswer> {
      return { kind: 'approved' };
    },
    async void(): Promise<VoidAnswer> {
      return { kind: 'voided' };
    },
  };
  return g;
}

async function setup(gateway: ProcessorGateway) {
  const events: Array<[string, string]> = [];
  const deps: PaymentDeps = {
    db: t.db,
    gateway,
    settings: defaultSettings,
    siteHost: t.config.siteHost,
    // more payments than a trader's day allows (3): each test makes its own
    dailyCardLimit: 10,
    events: { paymentUpdated: (_u, id, status) => events.push([id, status]), userUpdated: () => events.push(['user', 'updated']) },
  };
  const user = await t.db.selectFrom('users').select(['id', 'current_account_id']).where('email', '=', 'trader@example.com').executeTakeFirstOrThrow();
  const year = String(new Date().getUTCFullYear() + 1);
  const card = await saveCard(t.db, user.id, { cnu: '4242 4242 4242 4242', emm: '01', eyy: year, fn: 'T', ln: 'R', cu: 'DE' }, { now: new Date(), scenarioOf: scenarioOfNumber, sandbox: true, fingerprintSecret: t.config.cardFingerprintSecret });
  const checked = await fraudCheck(deps, user.id, { key: randomUUID(), amount: '500.00', fixed: false, bonus: false, card: card.card });
  return { deps, events, userId: user.id, accountId: user.current_account_id!, paymentId: checked.payment! };
}

describe('payments domain', () => {
  it('a processor down at the start (issue 32 §5): 502 card.processor_unreachable, the attempt reversed and never credited; a repeat asks it nothing', async () => {
    const gateway = flakyGateway();
    const { deps, events, userId, accountId, paymentId } = await setup(gateway);
    const before = await balanceOf(t.db, accountId);
    for (let i = 0; i < 2; i++) {
      await expect(startAttempt(deps, userId, 'MEIKO', { id: paymentId })).rejects.toMatchObject({ status: 502, key: 'card.processor_unreachable' });
    }
    expect(gateway.starts).toBe(1);
    // a listen (a reload mid-start) reads it as not approved, without asking the processor
    expect(await listenAttempt(deps, userId, 'MEIKO', paymentId)).toMatchObject({ found: true, reply: { proc: 'MEIKO', return: false } });
    expect(gateway.checks).toBe(0);
    expect((await balanceOf(t.db, accountId)) - before).toBe(0n);
    expect(events.filter(([id]) => id === 'user')).toHaveLength(0);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('a pending start: checks later approve it; credited once under parallel listens', async () => {
    const gateway = { ...flakyGateway(), starts: 0, start: async (): Promise<ProcessorAnswer> => ({ kind: 'pending' }) };
    const { deps, events, userId, accountId, paymentId } = await setup(gateway);
    const before = await balanceOf(t.db, accountId);
    expect(await startAttempt(deps, userId, 'MEIKO', { id: paymentId })).toMatchObject({ proc: 'MEIKO', return: true, status: 0 });
    expect(await startAttempt(deps, userId, 'MEIKO', { id: paymentId })).toMatchObject({ status: 0 });
    const replies = await Promise.all(Array.from({ length: 12 }, () => listenAttempt(deps, userId, 'MEIKO', paymentId)));
    for (const r of replies) expect(r).toMatchObject({ found: true });
    expect(replies.some((r) => r.found && r.reply.proc === 'MEIKO' && r.reply.status === 1)).toBe(true);
    expect(await listenAttempt(deps, userId, 'MEIKO', paymentId)).toMatchObject({ reply: { status: 1 } });
    expect((await balanceOf(t.db, accountId)) - before).toBe(50000n);
    expect(events.filter(([id, s]) => id === paymentId && s === 'approved')).toHaveLength(1);
    expect(events.filter(([id]) => id === 'user')).toHaveLength(1);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('listen for a processor never started: not found (the cascade starts it again with the same key)', async () => {
    const { deps, userId, paymentId } = await setup(flakyGateway());
    expect(await listenAttempt(deps, userId, 'PFS', paymentId)).toEqual({ found: false });
  });

  it('the database refuses an approved payment without its credit', async () => {
    const { paymentId } = await setup(flakyGateway());
    await expect(t.db.updateTable('card_payments').set({ status: 'approved' }).where('id', '=', paymentId).execute()).rejects.toThrow();
    // the daily limit itself is enforced by the fraud check (card-day-limit.test.ts); the table refuses a negative count
    await expect(t.db.insertInto('card_day_counts').values({ user_id: 1, day: '2020-01-01', count: -1 }).execute()).rejects.toThrow();
  });
});
