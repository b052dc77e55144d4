import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardProcessor } from '../../../core/contract';
import { createAttemptIndexes, voidRaceDuplicates } from '../../db/migrations/015_card_hardening';
import type { Charge, ProcessorAnswer, ProcessorGateway, VoidAnswer } from '../../domain/ports';
import { sandboxProcessors } from '../../sandbox/processors/sandbox-gateway';
import { scenarioOfNumber } from '../../sandbox/processors/test-cards';
import { freshDb, type TestDb } from '../db';
import { balanceOf, houseAccount, transfer, verifyLedger } from '../../domain/ledger';
import { defaultSettings } from '../../domain/settings';
import { cardFingerprint, saveCard } from '../../domain/payments/cards';
import { fraudCheck, listenAttempt, paymentView, startAttempt, type PaymentDeps } from '../../domain/payments';
import { Refusal } from '../../domain/refusal';

/** Card hardening: voids of a second approval, and blocks by fingerprint, at the domain level. */

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

/** Pending at the start, approved on the first check; every void is recorded, the first `failVoids` fail. */
function recordingGateway(options: { start?: ProcessorAnswer; failVoids?: number } = {}) {
  const voids: Array<{ processor: CardProcessor; uid: string }> = [];
  let failures = options.failVoids ?? 0;
  const gateway: ProcessorGateway = {
    sandbox: true,
    start: async () => options.start ?? { kind: 'pending' },
    check: async () => ({ kind: 'approved' }),
    complete: async () => ({ kind: 'approved' }),
    async void(processor: CardProcessor, charge: Charge): Promise<VoidAnswer> {
      voids.push({ processor, uid: charge.uid });
      if (failures > 0) {
        failures--;
        return { kind: 'failed', message: 'Processor busy' };
      }
      return { kind: 'voided' };
    },
  };
  return { gateway, voids };
}

function depsOf(gateway: ProcessorGateway): PaymentDeps {
  return { db: t.db, gateway, settings: defaultSettings, siteHost: t.config.siteHost, events: { paymentUpdated: () => {}, userUpdated: () => {} } };
}

const year = String(new Date().getUTCFullYear() + 1);
const save = (userId: number, cnu: string, secret = t.config.cardFingerprintSecret) =>
  saveCard(t.db, userId, { cnu, emm: '01', eyy: year, fn: 'T', ln: 'R', cu: 'PT' }, { now: new Date(), scenarioOf: scenarioOfNumber, sandbox: true, fingerprintSecret: secret });

async function userOf(email: string) {
  const user = await t.db.selectFrom('users').select(['id', 'current_account_id']).where('email', '=', email).executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ country: 'PT' }).where('id', '=', user.id).execute();
  return { id: user.id, accountId: user.current_account_id! };
}

describe('a second approval is voided, recorded and never credited', () => {
  it('an approval for a payment approved through another attempt: voided through the processor (retried until confirmed), the balance moves once', async () => {
    const { gateway, voids } = recordingGateway({ failVoids: 1 });
    const deps = depsOf(gateway);
    const user = await userOf('trader@example.com');
    const card = await save(user.id, '4242 4242 4242 4242');
    const paymentId = (await fraudCheck(deps, user.id, { key: randomUUID(), amount: '400.00', fixed: false, bonus: false, card: card.card })).payment!;
    expect(await startAttempt(deps, user.id, 'MEIKO', { id: paymentId })).toMatchObject({ proc: 'MEIKO', status: 0 });

    // meanwhile the payment was approved and credited through another attempt (a server on the old code, or a processor's late answer)
    const before = await balanceOf(t.db, user.accountId);
    await t.db.transaction().execute(async (trx) => {
      const other = await trx
        .insertInto('card_attempts')
        .values({ payment_id: paymentId, user_id: user.id, processor: 'ORANGE', seq: 1, uid: 'tx_0123456789abcdef01234567', status: 'declined' })
        .returning('uid')
        .executeTakeFirstOrThrow();
      const tx = await transfer(trx, {
        kind: 'deposit',
        idempotencyKey: `card-payment:${paymentId}`,
        debitAccountId: await houseAccount(trx, 'USD'),
        creditAccountId: user.accountId,
        amountMinor: 40000n,
        currency: 'USD',
      });
      await trx.updateTable('card_payments').set({ status: 'approved', credit_tx_id: tx.txId }).where('id', '=', paymentId).execute();
      await trx.updateTable('card_attempts').set({ status: 'approved' }).where('uid', '=', other.uid).execute();
    });
    expect((await balanceOf(t.db, user.accountId)) - before).toBe(40000n);

    // Meiko approves too: the answer is the payment's (approved), the attempt is voided, the processor asked to void it
    expect(await listenAttempt(deps, user.id, 'MEIKO', paymentId)).toMatchObject({ found: true, reply: { proc: 'MEIKO', status: 1 } });
    const meiko = await t.db.selectFrom('card_attempts').selectAll().where('payment_id', '=', paymentId).where('processor', '=', 'MEIKO').executeTakeFirstOrThrow();
    expect(voids).toEqual([{ processor: 'MEIKO', uid: meiko.uid }]);
    expect(meiko).toMatchObject({ status: 'voided', code: 'void_pending' });
    expect(meiko.message).toMatch(/Void not confirmed yet: Processor busy/);

    // the next listen asks again; once confirmed, never again
    await listenAttempt(deps, user.id, 'MEIKO', paymentId);
    await listenAttempt(deps, user.id, 'MEIKO', paymentId);
    expect(voids).toHaveLength(2);
    const view = await paymentView(t.db, user.id, paymentId);
    expect(view.attempts).toEqual([
      { processor: 'MEIKO', status: 'voided', code: 'voided' },
      { processor: 'ORANGE', status: 'approved', code: '' },
    ]);
    expect((await balanceOf(t.db, user.accountId)) - before).toBe(40000n);
    expect(await t.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `card-payment:${paymentId}`).execute()).toHaveLength(1);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('the sandbox gateway voids per uid, once', async () => {
    const g = sandboxProcessors();
    const charge: Charge = { uid: 'tx_1', paymentId: 'p', seq: 0, amountMinor: 100n, currency: 'USD', card: { token: 't', first6: '400000', last4: '0010', brand: 'visa' }, scenario: 'approved' };
    expect(await g.void('ORANGE', charge)).toEqual({ kind: 'voided' });
    expect(await g.void('ORANGE', charge)).toEqual({ kind: 'voided' });
    expect([...g.voided]).toEqual(['tx_1']);
  });
});

describe('blocks by fingerprint', () => {
  it('the fingerprint is an HMAC under the server key: another key, another fingerprint; never the digits', () => {
    const a = cardFingerprint('k'.repeat(32), '4242424242424242');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(cardFingerprint('k'.repeat(32), '4242424242424242')).toBe(a);
    expect(cardFingerprint('j'.repeat(32), '4242424242424242')).not.toBe(a);
    expect(a).not.toContain('4242');
  });

  it('suspected fraud (59) blocks the card for this trader whatever the token; another trader may still use it', async () => {
    const deps = depsOf(recordingGateway({ start: { kind: 'declined', code: '59', message: 'Suspected fraud' } }).gateway);
    const trader = await userOf('trader@example.com');
    const other = await userOf('risky@example.com');
    const number = '5555 5555 5555 4444';
    const first = await save(trader.id, number);
    const second = await save(trader.id, number);
    const paymentId = (await fraudCheck(deps, trader.id, { key: randomUUID(), amount: '400.00', fixed: false, bonus: false, card: first.card })).payment!;
    expect(await startAttempt(deps, trader.id, 'ZOOM', { id: paymentId })).toMatchObject({ proc: 'ZOOM', hostCode: '59' });

    expect(await fraudCheck(deps, trader.id, { key: randomUUID(), amount: '400.00', fixed: false, bonus: false, card: second.card })).toEqual({ bad_card: true });
    await expect(save(trader.id, number)).rejects.toMatchObject({ status: 403, key: 'card.blocked' } satisfies Partial<Refusal>);
    const blocks = await t.db.selectFrom('card_blocks').selectAll().where('payment_id', '=', paymentId).execute();
    expect(blocks).toMatchObject([{ user_id: trader.id, code: '59' }]);
    expect((await save(other.id, number)).last4).toBe('4444');
  });

  it('a payment created before its card was blocked cannot start any processor (409 card.blocked), nothing written', async () => {
    const deps = depsOf(recordingGateway({ start: { kind: 'declined', code: '43', message: 'Stolen card' } }).gateway);
    const trader = await userOf('trader@example.com');
    // the daily limit of 3 is not what this test is about
    await t.db.deleteFrom('card_day_counts').where('user_id', '=', trader.id).execute();
    const number = '4000 0566 5566 5556';
    const a = await save(trader.id, number);
    const b = await save(trader.id, number);
    const first = (await fraudCheck(deps, trader.id, { key: randomUUID(), amount: '400.00', fixed: false, bonus: false, card: a.card })).payment!;
    const second = (await fraudCheck(deps, trader.id, { key: randomUUID(), amount: '400.00', fixed: false, bonus: false, card: b.card })).payment!;
    await startAttempt(deps, trader.id, 'MEIKO', { id: first });
    await expect(startAttempt(deps, trader.id, 'MEIKO', { id: second })).rejects.toMatchObject({ status: 409, key: 'card.blocked' });
    expect(await t.db.selectFrom('card_attempts').select('id').where('payment_id', '=', second).execute()).toHaveLength(0);
    // a stolen card (43) is blocked for every account
    const other = await userOf('risky@example.com');
    await expect(save(other.id, number)).rejects.toMatchObject({ key: 'card.blocked' });
  });
});

describe('migration 015 on a database the old race already hit', () => {
  it('keeps the earliest attempt in flight or approved per payment, voids the others (void_pending), then the indexes hold', async () => {
    const { gateway, voids } = recordingGateway();
    const deps = depsOf(gateway);
    const user = await userOf('trader@example.com');
    await t.db.deleteFrom('card_day_counts').where('user_id', '=', user.id).execute();
    const card = await save(user.id, '4012 8888 8888 1881');
    const paid = (await fraudCheck(deps, user.id, { key: randomUUID(), amount: '400.00', fixed: false, bonus: false, card: card.card })).payment!;
    const open = (await fraudCheck(deps, user.id, { key: randomUUID(), amount: '400.00', fixed: false, bonus: false, card: card.card })).payment!;
    const uid = (n: number) => `tx_${String(n).padStart(24, '0')}`;
    const row = (payment: string, processor: string, status: 'approved' | 'pending' | 'redirect', n: number) => ({ payment_id: payment, user_id: user.id, processor, seq: n % 10, uid: uid(n), status });
    try {
      await sql`drop index card_attempts_one_in_flight`.execute(t.db);
      await sql`drop index card_attempts_one_approval`.execute(t.db);
      // what the old code let through: four approvals for one payment, two attempts in flight for another
      await t.db
        .insertInto('card_attempts')
        .values([row(paid, 'ORANGE', 'approved', 1), row(paid, 'ORANGE_NOT3D', 'approved', 2), row(paid, 'MEIKO', 'approved', 3), row(paid, 'ZOOM', 'approved', 4), row(open, 'MEIKO', 'pending', 5), row(open, 'PFS', 'redirect', 6)])
        .execute();
      expect(await voidRaceDuplicates(t.db as never)).toBe(4);
    } finally {
      await createAttemptIndexes(t.db as never);
    }
    const statuses = await t.db.selectFrom('card_attempts').select(['uid', 'status', 'code']).where('payment_id', 'in', [paid, open]).orderBy('uid').execute();
    expect(statuses.map((s) => [s.uid, s.status, s.code])).toEqual([
      [uid(1), 'approved', ''],
      [uid(2), 'voided', 'void_pending'],
      [uid(3), 'voided', 'void_pending'],
      [uid(4), 'voided', 'void_pending'],
      [uid(5), 'pending', ''],
      [uid(6), 'voided', 'void_pending'],
    ]);
    await expect(t.db.updateTable('card_attempts').set({ status: 'approved' }).where('uid', '=', uid(2)).execute()).rejects.toThrow();
    // the next listen asks the processor to void it
    await listenAttempt(deps, user.id, 'PFS', open);
    expect(voids).toEqual([{ processor: 'PFS', uid: uid(6) }]);
  });
});
