import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioOfNumber } from '../../sandbox/processors/test-cards';
import { freshDb, type TestDb } from '../db';
import { defaultSettings } from '../../domain/settings';
import { saveCard } from '../../domain/payments/cards';
import { DAILY_CARD_LIMIT, dailyCardLimitOf, fraudCheck, type PaymentDeps } from '../../domain/payments';
import type { ProcessorGateway } from '../../domain/ports';

/**
 * The daily card limit (spec 000 §9) is the constant DAILY_CARD_LIMIT, or what the payment
 * dependencies set: the fraud check counts up to it and refuses the next payment of the UTC day
 * (day_limit), whatever number it is; the database holds no copy of it.
 */

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const NEVER_CALLED: ProcessorGateway = {
  sandbox: true,
  start: () => Promise.reject(new Error('no processor in this test')),
  check: () => Promise.reject(new Error('no processor in this test')),
  complete: () => Promise.reject(new Error('no processor in this test')),
  void: () => Promise.reject(new Error('no processor in this test')),
};

function depsAt(now: Date, dailyCardLimit?: number): PaymentDeps {
  return {
    db: t.db,
    gateway: NEVER_CALLED,
    settings: defaultSettings,
    siteHost: t.config.siteHost,
    events: { paymentUpdated: () => {}, userUpdated: () => {} },
    now: () => now,
    ...(dailyCardLimit !== undefined && { dailyCardLimit }),
  };
}

async function traderWithCard(email: string, now: Date) {
  const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ country: 'PT' }).where('id', '=', user.id).execute();
  const card = await saveCard(t.db, user.id, { cnu: '4242 4242 4242 4242', emm: '01', eyy: String(now.getUTCFullYear() + 1), fn: 'T', ln: 'R', cu: 'PT' }, {
    now,
    scenarioOf: scenarioOfNumber,
    sandbox: true,
    fingerprintSecret: t.config.cardFingerprintSecret,
  });
  return { userId: user.id, card: card.card };
}

let keys = 0;
const deposit = (deps: PaymentDeps, userId: number, card: string) => fraudCheck(deps, userId, { key: `day-limit-${++keys}`, amount: '400.00', fixed: false, bonus: false, card });

async function paymentsOn(userId: number, day: string): Promise<number> {
  const rows = await t.db.selectFrom('card_payments').select('id').where('user_id', '=', userId).where('day', '=', day).execute();
  return rows.length;
}

describe('the daily card limit comes from its constant or the payment dependencies', () => {
  it('with no limit given the dependencies enforce the constant', () => {
    expect(dailyCardLimitOf({})).toBe(DAILY_CARD_LIMIT);
    expect(dailyCardLimitOf({ dailyCardLimit: 7 })).toBe(7);
  });

  it('a limit of 5: the fifth card payment of the day is created, the sixth refused (day_limit) and not created', async () => {
    const now = new Date('2030-03-01T10:00:00Z');
    const deps = depsAt(now, 5);
    const { userId, card } = await traderWithCard('trader@example.com', now);
    for (let n = 1; n <= 5; n++) expect(await deposit(deps, userId, card)).toEqual({ payment: expect.any(String) });
    expect(await deposit(deps, userId, card)).toEqual({ day_limit: true });
    expect(await paymentsOn(userId, '2030-03-01')).toBe(5);
    const counter = await t.db.selectFrom('card_day_counts').select('count').where('user_id', '=', userId).where('day', '=', '2030-03-01').executeTakeFirstOrThrow();
    expect(counter.count).toBe(5);
  });

  it('a limit of 1: the first card payment of the day is created, the second refused; the next UTC day counts anew', async () => {
    const now = new Date('2030-03-02T23:59:00Z');
    const { userId, card } = await traderWithCard('risky@example.com', now);
    expect(await deposit(depsAt(now, 1), userId, card)).toEqual({ payment: expect.any(String) });
    expect(await deposit(depsAt(now, 1), userId, card)).toEqual({ day_limit: true });
    expect(await paymentsOn(userId, '2030-03-02')).toBe(1);
    expect(await deposit(depsAt(new Date('2030-03-03T00:01:00Z'), 1), userId, card)).toEqual({ payment: expect.any(String) });
  });

  it('raising the limit lets the same day go on: a day counted to the constant takes two more under a limit two higher', async () => {
    const now = new Date('2030-03-04T12:00:00Z');
    const { userId, card } = await traderWithCard('trader@example.com', now);
    for (let n = 1; n <= DAILY_CARD_LIMIT; n++) expect(await deposit(depsAt(now), userId, card)).toEqual({ payment: expect.any(String) });
    expect(await deposit(depsAt(now), userId, card)).toEqual({ day_limit: true });
    const raised = depsAt(now, DAILY_CARD_LIMIT + 2);
    expect(await deposit(raised, userId, card)).toEqual({ payment: expect.any(String) });
    expect(await deposit(raised, userId, card)).toEqual({ payment: expect.any(String) });
    expect(await deposit(raised, userId, card)).toEqual({ day_limit: true });
    expect(await paymentsOn(userId, '2030-03-04')).toBe(DAILY_CARD_LIMIT + 2);
  });

  it('a limit of 4 holds under 10 parallel deposits: 4 created, 6 refused', async () => {
    const now = new Date('2030-03-05T08:00:00Z');
    const deps = depsAt(now, 4);
    const { userId, card } = await traderWithCard('trader@example.com', now);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deposit(deps, userId, card)));
    expect(answers.filter((a) => typeof a.payment === 'string')).toHaveLength(4);
    expect(answers.filter((a) => a.day_limit === true)).toHaveLength(6);
    expect(await paymentsOn(userId, '2030-03-05')).toBe(4);
  });

  it('the database keeps no copy of the limit: only a negative count is refused', async () => {
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'trader@example.com').executeTakeFirstOrThrow();
    await t.db.insertInto('card_day_counts').values({ user_id: user.id, day: '2020-01-01', count: DAILY_CARD_LIMIT + 1 }).execute();
    await expect(t.db.insertInto('card_day_counts').values({ user_id: user.id, day: '2020-01-02', count: -1 }).execute()).rejects.toThrow();
  });
});
