import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { toBigInt } from '../../db/values';
import { verifyLedger } from '../../domain/ledger';
import { SIGNATURE_HEADER, signWebhook, sandboxSecretOf } from '../../domain/methods';
import { sandboxProcessorSecretOf, type ReversalBody } from '../../domain/payments/reversal-webhook';
import { requestRefund, takeReversalEvent, type ReversalDeps } from '../../domain/payments/reversals';
import { deliverPending, pendingOf } from '../../domain/platform-mirror/outbox';
import { reconcile } from '../../domain/platform-mirror/reconcile';
import { houseShortfall } from '../../domain/protection/negative-balance';
import { bookSettledTrades } from '../../domain/trading/booking';
import { memoryHub } from '../../push/hub';
import { SANDBOX_OPERATOR_HEADER } from '../../sandbox/access';
import { sandboxGateway } from '../../sandbox/platform/gateway';
import { instrumentOf, priceAt } from '../../sandbox/platform/prices';
import { findAccount } from '../../sandbox/platform/store';
import { openTrade, settleDue } from '../../sandbox/platform/trades';
import { sandboxRefundId, withSandboxRefunds } from '../../sandbox/processors/refunds';
import { sandboxProcessors } from '../../sandbox/processors/sandbox-gateway';
import { sandboxWallets } from '../../sandbox/wallets/gateway';
import { Browser } from '../client';
import { freshDb, type TestDb } from '../db';
import { freshUser } from '../fresh-user';
import { TEST_CARDS } from '../sandbox';

/**
 * Card refunds and chargebacks, the wallets' same events, and negative balance protection
 * (issue 32 §2, §3), against the real routes: the processors' signed webhooks, the refund through
 * the port, the debit once under replays, concurrency and a restart, the platform once, never
 * below zero, the house shortfall equal to the cases, the withdrawal lock and its release.
 */
let t: TestDb;
const push = memoryHub();
let app: Awaited<ReturnType<typeof buildApp>>;
const platform = () => sandboxGateway(t.db);
/** the clock of this file (Date faked): the server's and every webhook's `created` */
const NOW = new Date(Date.UTC(2026, 11, 1, 12, 0, 0));

async function start() {
  return buildApp({ db: t.db, config: t.config, push, mirror: { deliverEveryMs: 0 } });
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await freshDb({ seed: true });
  app = await start();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  vi.useRealTimers();
});

type Json = Record<string, unknown>;
const USD = (minor: bigint) => minor;

/** A new sandbox trader (PT: every processor; no money) signed in on a fresh browser. */
async function trader(): Promise<{ browser: Browser; userId: number; accountId: number; email: string }> {
  const browser = new Browser(app);
  const user = await freshUser(browser, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  const userId = Number(user.userId);
  await t.db.updateTable('users').set({ country: 'PT' }).where('id', '=', userId).execute();
  const row = await t.db.selectFrom('users').select('current_account_id').where('id', '=', userId).executeTakeFirstOrThrow();
  return { browser, userId, accountId: row.current_account_id!, email: user.email };
}

/** a card deposit through Orange (approved at once): the payment id */
async function cardDeposit(browser: Browser, amount: string, bonus = false): Promise<string> {
  const number = TEST_CARDS.find((c) => c.scenario === 'approved')!.visa;
  const saved = await browser.send('POST', '/api/card/save', { json: { cnu: number, emm: '12', eyy: '2031', fn: 'Ada', ln: 'Lovelace', cu: 'PT', cur: 'USD' } });
  expect(saved.statusCode, saved.body).toBe(200);
  const card = (saved.json() as { card: string }).card;
  const checked = await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount, fixed: false, bonus, card } });
  expect(checked.statusCode, checked.body).toBe(200);
  const id = (checked.json() as { payment: string }).payment;
  const started = await browser.send('POST', '/api/card/fast/orange', { json: { id, amount, fixed: false, bonus } });
  expect(started.statusCode, started.body).toBe(200);
  const payment = await t.db.selectFrom('card_payments').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  expect(payment.status).toBe('approved');
  return id;
}

const ledgerMinor = async (accountId: number) => toBigInt((await t.db.selectFrom('accounts').select('balance_minor').where('id', '=', accountId).executeTakeFirstOrThrow()).balance_minor);
const platformMinor = async (email: string) => (await findAccount(t.db, email))!.balanceMinor;

let events = 0;
function event(type: string, paymentId: string, reference: string, amount: string, over: Json = {}): Json {
  events += 1;
  return { event_id: `evt_rev_${events}_${randomUUID()}`, type, payment_id: paymentId, reference, amount, currency: 'USD', created: Math.floor(NOW.getTime() / 1000), ...over };
}

/** sends a processor's webhook as it would: no session, no CSRF header, signed over the raw body */
function hook(processor: string, body: Json | string, options: { secret?: string; signature?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature ?? signWebhook(options.secret ?? sandboxProcessorSecretOf(processor), raw);
  return app.inject({ method: 'POST', url: `/api/processors/${processor}/webhook`, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, payload: raw });
}

/** the refunds' deps as the console builds them, over the sandbox processors (with their refunds) */
const deps = (): ReversalDeps => ({ db: t.db, platform: platform(), processors: withSandboxRefunds(sandboxProcessors()), siteUrl: t.config.siteUrl, publish: () => {}, now: () => NOW });

/** every account's ledger balance less what is undelivered equals the platform's */
async function mirrored(accountId: number) {
  await deliverPending(t.db, platform());
  expect(await pendingOf(t.db, accountId)).toHaveLength(0);
  expect((await reconcile(t.db, platform(), { accountIds: [accountId] })).differences).toEqual([]);
}

const EURUSD = instrumentOf('EURUSD')!;
/** the first second from a fixed time at which an up trade of 10 s is lost */
function losingSecond(): number {
  for (let s = Date.UTC(2026, 0, 5, 12, 0, 0); ; s += 1000) if (priceAt(EURUSD, s + 10_000) < priceAt(EURUSD, s)) return s;
}

describe('a card refund', () => {
  it('asked through the port once per key, confirmed by the signed webhook: debited once under replays and concurrent deliveries, on the platform once, in history', async () => {
    const { browser, accountId, email } = await trader();
    const paymentId = await cardDeposit(browser, '300.00');
    await mirrored(accountId);
    const key = `op-${randomUUID()}`;
    const [a, b] = await Promise.all([requestRefund(deps(), { source: 'card', id: paymentId, amount: '100.00', key }), requestRefund(deps(), { source: 'card', id: paymentId, amount: '100.00', key })]);
    expect(a.id).toBe(b.id);
    expect(a.provider_ref).toBe(sandboxRefundId('ORANGE', a.id));
    // more than is left is refused
    await expect(requestRefund(deps(), { source: 'card', id: paymentId, amount: '200.01', key: `op-${randomUUID()}` })).rejects.toMatchObject({ key: 'refund.too_much' });

    const body = event('refund.succeeded', paymentId, a.provider_ref!, '100.00');
    const raw = JSON.stringify(body);
    const answers = await Promise.all(Array.from({ length: 6 }, () => hook('orange', raw)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => (r.json() as Json).error === 'webhook.replayed')).toBe(true);
    // the processor sends the same refund again under a new event id: taken, nothing moves
    const again = await hook('orange', event('refund.succeeded', paymentId, a.provider_ref!, '100.00'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false, status: 'succeeded' });

    expect(await ledgerMinor(accountId)).toBe(USD(20_000n));
    const txs = await t.db.selectFrom('ledger_transactions').select('id').where('kind', '=', 'payment_refund').where(({ ref }) => ref('meta'), 'is not', null).execute();
    const mine = await t.db.selectFrom('platform_outbox').selectAll().where('account_id', '=', accountId).where('kind', '=', 'payment_refund').execute();
    expect(mine).toHaveLength(1);
    expect(txs.map((x) => x.id)).toContain(mine[0]!.tx_id);
    await mirrored(accountId);
    expect(await platformMinor(email)).toBe(USD(20_000n));
    // delivered again (a restarted worker): the platform applies the op once
    await deliverPending(t.db, platform());
    expect(await platformMinor(email)).toBe(USD(20_000n));

    // the trader's history and bell
    const history = await browser.send('POST', '/api/us/history', { json: { DateFrom: 0, DateTo: NOW.getTime() + 86_400_000 * 365, limit: 50 } });
    expect(history.statusCode, history.body).toBe(200);
    const rows = (history.json() as { hits: Json[] }).hits.filter((h) => h.type === 'payment_refund');
    expect(rows).toEqual([expect.objectContaining({ amount: '-100.00', method: 'card', detail: 'ORANGE', ref: { kind: 'payment', id: paymentId } })]);
    const bell = await t.db.selectFrom('notifications').select(['kind', 'params']).where('kind', '=', 'payment.refunded').where('user_id', '=', (await t.db.selectFrom('card_payments').select('user_id').where('id', '=', paymentId).executeTakeFirstOrThrow()).user_id).execute();
    expect(bell).toHaveLength(1);
    const mail = await t.db.selectFrom('sandbox_outbox').select(['subject']).where('address', '=', email).where('subject', '=', 'Your card deposit was refunded').execute();
    expect(mail).toHaveLength(1);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('a refund the processor refuses moves nothing; the same webhook after a restart is still a replay', async () => {
    const { browser, accountId } = await trader();
    const paymentId = await cardDeposit(browser, '260.00');
    const refund = await requestRefund(deps(), { source: 'card', id: paymentId, key: `op-${randomUUID()}` });
    expect(refund.amount_minor.toString()).toBe('26000');
    const failed = event('refund.failed', paymentId, refund.provider_ref!, '260.00', { reason: 'card closed' });
    expect((await hook('orange', failed)).json()).toMatchObject({ status: 'failed', changed: true });
    expect(await ledgerMinor(accountId)).toBe(USD(26_000n));
    // a restart: a new server over the same database
    await app.close();
    app = await start();
    expect((await hook('orange', failed)).statusCode).toBe(409);
    // the processor changes its mind: it succeeded after all (a new event): debited once
    const ok = event('refund.succeeded', paymentId, refund.provider_ref!, '260.00');
    const [x, y] = await Promise.all([hook('orange', ok), hook('orange', { ...ok, event_id: `${String(ok.event_id)}-b` })]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect([(x.json() as Json).changed, (y.json() as Json).changed].sort()).toEqual([false, true]);
    expect(await ledgerMinor(accountId)).toBe(0n);
    await mirrored(accountId);
  });
});

describe('a refund that failed', () => {
  it('cannot succeed later once another refund took what was left of the payment', async () => {
    const { browser, accountId } = await trader();
    const paymentId = await cardDeposit(browser, '260.00');
    const first = await requestRefund(deps(), { source: 'card', id: paymentId, key: `op-${randomUUID()}` });
    expect((await hook('orange', event('refund.failed', paymentId, first.provider_ref!, '260.00'))).json()).toMatchObject({ status: 'failed' });
    const second = await requestRefund(deps(), { source: 'card', id: paymentId, key: `op-${randomUUID()}` });
    expect((await hook('orange', event('refund.succeeded', paymentId, second.provider_ref!, '260.00'))).json()).toMatchObject({ status: 'succeeded', debited: '26000' });
    const late = await hook('orange', event('refund.succeeded', paymentId, first.provider_ref!, '260.00'));
    expect([late.statusCode, (late.json() as Json).error]).toEqual([409, 'webhook.too_much']);
    expect(await ledgerMinor(accountId)).toBe(0n);
    await mirrored(accountId);
  });
});

describe('the platform does not answer', () => {
  it('a debit that cannot read what is free records nothing (503): the same event later is taken and debits once', async () => {
    const { browser, accountId } = await trader();
    const paymentId = await cardDeposit(browser, '260.00');
    await mirrored(accountId);
    const refund = await requestRefund(deps(), { source: 'card', id: paymentId, key: `op-${randomUUID()}` });
    const body = event('refund.succeeded', paymentId, refund.provider_ref!, '260.00');
    const down: ReversalDeps = { ...deps(), platform: { ...platform(), userInfo: () => Promise.reject(new Error('platform down')) } };
    await expect(takeReversalEvent(down, 'card', 'ORANGE', body as unknown as ReversalBody)).rejects.toMatchObject({ status: 503, key: 'platform.unavailable' });
    expect(await ledgerMinor(accountId)).toBe(USD(26_000n));
    expect(await t.db.selectFrom('reversal_webhook_events').select('event_id').where('event_id', '=', String(body.event_id)).execute()).toEqual([]);
    const again = await hook('orange', body);
    expect(again.json()).toMatchObject({ status: 'succeeded', changed: true, debited: '26000' });
    expect(await ledgerMinor(accountId)).toBe(0n);
    await mirrored(accountId);
  });
});

describe('the webhook is refused', () => {
  it('with a bad or tampered signature, stale or from the future, replayed, malformed, from another processor or for an unknown one', async () => {
    const { browser } = await trader();
    const paymentId = await cardDeposit(browser, '260.00');
    const body = event('dispute.opened', paymentId, `dp_${randomUUID()}`, '260.00');
    const raw = JSON.stringify(body);
    expect((await hook('orange', raw, { signature: 'sha256=00' })).statusCode).toBe(401);
    expect((await hook('orange', raw, { secret: 'not-the-secret' })).statusCode).toBe(401);
    // the signature of another body (the amount tampered with)
    const signed = signWebhook(sandboxProcessorSecretOf('orange'), raw);
    expect((await hook('orange', raw.replace('"260.00"', '"26.00"'), { signature: signed })).statusCode).toBe(401);
    const stale = await hook('orange', { ...body, created: body.created as number - 301 });
    expect([stale.statusCode, (stale.json() as Json).error]).toEqual([400, 'webhook.stale']);
    expect((await hook('orange', { ...body, created: (body.created as number) + 301 })).statusCode).toBe(400);
    expect((await hook('orange', { ...body, type: 'dispute.maybe' })).statusCode).toBe(400);
    expect((await hook('pfs', body)).statusCode).toBe(404);
    expect((await hook('nobody', body)).statusCode).toBe(404);
    expect((await hook('orange', raw)).statusCode).toBe(200);
    const replay = await hook('orange', raw);
    expect([replay.statusCode, (replay.json() as Json).error]).toEqual([409, 'webhook.replayed']);
    // an amount over what is left of the payment
    expect((await hook('orange', event('dispute.opened', paymentId, `dp_${randomUUID()}`, '0.01'))).statusCode).toBe(409);
  });
});

describe('negative balance protection', () => {
  it('a chargeback after the money was traded away leaves the trader at 0.00, the shortfall to the house, withdrawals locked until the review closes', async () => {
    const { browser, userId, accountId, email } = await trader();
    const paymentId = await cardDeposit(browser, '300.00');
    await mirrored(accountId);
    // 250.00 staked on a trade that is lost
    const account = (await findAccount(t.db, email))!;
    const at = losingSecond();
    await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '250', expiry: 10, key: `rev-lose-${userId}` }, at);
    await settleDue(t.db, { accountId: account.id, now: at + 10_000 });
    await bookSettledTrades(t.db, platform(), userId);
    expect(await ledgerMinor(accountId)).toBe(USD(5_000n));

    const reference = `dp_${randomUUID()}`;
    const opened = await hook('orange', event('dispute.opened', paymentId, reference, '300.00'));
    expect(opened.json()).toMatchObject({ status: 'open', changed: true, debited: '0' });
    expect(await ledgerMinor(accountId)).toBe(USD(5_000n));
    const before = await houseShortfall(t.db, 'USD');
    const lost = event('dispute.lost', paymentId, reference, '300.00');
    const [first, second] = await Promise.all([hook('orange', lost), hook('orange', { ...lost, event_id: `${String(lost.event_id)}-again` })]);
    const answers = [first.json(), second.json()] as Json[];
    expect(answers.filter((x) => x.changed === true)).toEqual([expect.objectContaining({ status: 'lost', debited: '5000', shortfall: '25000' })]);
    expect(await ledgerMinor(accountId)).toBe(0n);
    expect(await houseShortfall(t.db, 'USD')).toBe(before + 25_000n);
    const cases = await t.db.selectFrom('protection_cases').selectAll().where('user_id', '=', userId).execute();
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ status: 'review' });
    await mirrored(accountId);
    expect(await platformMinor(email)).toBe(0n);

    // the lock: said on the page, refused by the withdrawal route
    const locks = (await browser.send('GET', '/api/cashier/locks')).json() as { withdrawal: { reason: string }[] };
    expect(locks.withdrawal.map((l) => l.reason)).toContain('protection_review');
    const refused = await browser.send('POST', '/api/withdrawal', { json: { amount: '1', currency: 'USD', method: 'Bitcoin', wallet: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', fixed: false, alt: '' } });
    expect([refused.statusCode, (refused.json() as Json).error]).toEqual([403, 'withdrawal.protection_review']);

    // the operator closes the review in the console: the lock lifts
    const closed = await app.inject({ method: 'POST', url: '/sandbox/refunds/case', headers: { [SANDBOX_OPERATOR_HEADER]: t.config.sandboxOperatorToken, 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${String(cases[0]!.id)}&note=reviewed` });
    expect([closed.statusCode, closed.headers.location]).toEqual([303, '/sandbox/refunds?done=closed']);
    const after = (await browser.send('GET', '/api/cashier/locks')).json() as { withdrawal: { reason: string }[] };
    expect(after.withdrawal.map((l) => l.reason)).not.toContain('protection_review');
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('a refund of a bonus-boosted deposit after the money was traded away: the bonus goes back with it, the trader ends at 0.00, protection covers the rest', async () => {
    const { browser, userId, accountId, email } = await trader();
    const paymentId = await cardDeposit(browser, '300.00', true);
    const bonusAccount = await t.db.selectFrom('accounts').select(['id', 'balance_minor']).where('user_id', '=', userId).where('type', '=', 'bonus').executeTakeFirstOrThrow();
    const bonus = toBigInt(bonusAccount.balance_minor);
    expect(bonus).toBeGreaterThan(0n);
    await mirrored(accountId);
    const account = (await findAccount(t.db, email))!;
    const at = losingSecond();
    await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '280', expiry: 10, key: `rev-bonus-lose-${userId}` }, at);
    await settleDue(t.db, { accountId: account.id, now: at + 10_000 });
    await bookSettledTrades(t.db, platform(), userId);
    expect(await ledgerMinor(accountId)).toBe(USD(2_000n));
    const refund = await requestRefund(deps(), { source: 'card', id: paymentId, key: `op-${randomUUID()}` });
    const answer = await hook('orange', event('refund.succeeded', paymentId, refund.provider_ref!, '300.00'));
    expect(answer.json()).toMatchObject({ status: 'succeeded', debited: '2000', shortfall: '28000' });
    expect(await ledgerMinor(accountId)).toBe(0n);
    expect(await ledgerMinor(bonusAccount.id)).toBe(0n);
    const forfeit = await t.db.selectFrom('ledger_transactions').select('kind').where('idempotency_key', '=', `refund:${refund.id}:bonus`).executeTakeFirstOrThrow();
    expect(forfeit.kind).toBe('bonus_forfeit');
    // the same refund again under a new event id: neither the debit nor the bonus moves twice
    expect((await hook('orange', event('refund.succeeded', paymentId, refund.provider_ref!, '300.00'))).json()).toMatchObject({ changed: false });
    expect(await t.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', 'like', `refund:${refund.id}%`).execute()).toHaveLength(3);
    await mirrored(accountId);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('the stakes of open trades are not taken; the house shortfall equals the sum of every case', async () => {
    const { browser, userId, accountId, email } = await trader();
    const paymentId = await cardDeposit(browser, '300.00');
    await mirrored(accountId);
    const account = (await findAccount(t.db, email))!;
    await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '200', expiry: 300, key: `rev-open-${userId}` }, NOW.getTime());
    const refund = await requestRefund(deps(), { source: 'card', id: paymentId, key: `op-${randomUUID()}` });
    const answer = await hook('orange', event('refund.succeeded', paymentId, refund.provider_ref!, '300.00'));
    expect(answer.json()).toMatchObject({ status: 'succeeded', debited: '10000', shortfall: '20000' });
    // the ledger keeps the open stake; the platform could book its loss
    expect(await ledgerMinor(accountId)).toBe(USD(20_000n));
    await mirrored(accountId);
    const sum = await t.db.selectFrom('protection_cases').select((eb) => eb.fn.sum<string>('shortfall_minor').as('s')).where('currency', '=', 'USD').executeTakeFirstOrThrow();
    expect(await houseShortfall(t.db, 'USD')).toBe(toBigInt(sum.s));
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});

describe('wallets and the console', () => {
  it('a wallet provider’s refund through its own webhook debits once; the console refunds a card payment through the processor', async () => {
    const { browser, accountId, email } = await trader();
    const started = await browser.send('POST', '/api/card/fast/skrill', { json: { amount: '300', fixed: false, bonus: false, currency: 'USD' } });
    expect(started.statusCode, started.body).toBe(200);
    const depositId = (started.json() as { id: string }).id;
    const paid = JSON.stringify({ event_id: `evt_${randomUUID()}`, type: 'payment.completed', deposit_id: depositId, transaction_id: `TX-${randomUUID()}`, amount: '300.00', currency: 'USD', created: Math.floor(NOW.getTime() / 1000) });
    const wallet = (raw: string) => app.inject({ method: 'POST', url: '/api/methods/skrill/webhook', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(sandboxSecretOf('skrill'), raw) }, payload: raw });
    expect((await wallet(paid)).statusCode).toBe(200);
    expect(await ledgerMinor(accountId)).toBe(USD(30_000n));
    // a refund the provider made on its side (a reference we never asked for)
    const refund = JSON.stringify({ event_id: `evt_${randomUUID()}`, type: 'refund.succeeded', deposit_id: depositId, reference: `re_${randomUUID()}`, amount: '15.00', currency: 'USD', created: Math.floor(NOW.getTime() / 1000) });
    expect((await wallet(refund)).statusCode).toBe(200);
    expect((await wallet(refund)).statusCode).toBe(409);
    expect(await ledgerMinor(accountId)).toBe(USD(28_500n));
    // one asked through the provider's port (wallet deposits too), then confirmed by its webhook
    const asked = await requestRefund({ ...deps(), wallets: sandboxWallets() }, { source: 'method', id: depositId, amount: '5.00', key: `op-${randomUUID()}` });
    expect(asked.provider_ref).toMatch(/^re_skrill_/);
    const confirmed = JSON.stringify({ event_id: `evt_${randomUUID()}`, type: 'refund.succeeded', deposit_id: depositId, reference: asked.provider_ref, amount: '5.00', currency: 'USD', created: Math.floor(NOW.getTime() / 1000) });
    expect((await wallet(confirmed)).statusCode).toBe(200);
    expect(await ledgerMinor(accountId)).toBe(USD(28_000n));

    const paymentId = await cardDeposit(browser, '300.00');
    const operator = { [SANDBOX_OPERATOR_HEADER]: t.config.sandboxOperatorToken };
    const page = await app.inject({ method: 'GET', url: `/sandbox/refunds?email=${encodeURIComponent((await t.db.selectFrom('users').select('email').innerJoin('accounts', 'accounts.user_id', 'users.id').where('accounts.id', '=', accountId).executeTakeFirstOrThrow()).email)}`, headers: operator });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-payment="${paymentId}"`);
    const form = new URLSearchParams({ source: 'card', id: paymentId, amount: '4.00', key: `console-${randomUUID()}`, outcome: 'succeeded' }).toString();
    const refunded = await app.inject({ method: 'POST', url: '/sandbox/refunds/refund', headers: { ...operator, 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect([refunded.statusCode, refunded.headers.location]).toEqual([303, '/sandbox/refunds?done=refunded']);
    // the same form posted twice (its key): nothing moves again
    const twice = await app.inject({ method: 'POST', url: '/sandbox/refunds/refund', headers: { ...operator, 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(twice.headers.location).toBe('/sandbox/refunds?done=unchanged');
    expect(await ledgerMinor(accountId)).toBe(USD(57_600n));
    // the console refunds a wallet deposit through its provider the same way
    const walletForm = new URLSearchParams({ source: 'method', id: depositId, amount: '1.00', key: `console-${randomUUID()}`, outcome: 'succeeded' }).toString();
    const walletRefund = await app.inject({ method: 'POST', url: '/sandbox/refunds/refund', headers: { ...operator, 'content-type': 'application/x-www-form-urlencoded' }, payload: walletForm });
    expect(walletRefund.headers.location).toBe('/sandbox/refunds?done=refunded');
    expect(await ledgerMinor(accountId)).toBe(USD(57_500n));
    // the JSON twin, for scripts: the operator header and the session's CSRF header
    const listed = await browser.send('GET', `/api/sandbox/refunds?email=${encodeURIComponent(email)}`, { headers: operator });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { paid: Json[] }).paid).toContainEqual(expect.objectContaining({ id: paymentId, amount: '300.00', left: '296.00' }));
    const opened = await browser.send('POST', '/api/sandbox/refunds/dispute', { json: { source: 'card', id: paymentId, amount: '6.00' }, headers: operator });
    expect(opened.statusCode, opened.body).toBe(200);
    const dispute = (opened.json() as { done: string; reversals: Json[] }).reversals.find((r) => r.paymentId === paymentId && r.kind === 'dispute')!;
    expect(dispute).toMatchObject({ status: 'open', amount: '6.00' });
    const decided = await browser.send('POST', '/api/sandbox/refunds/decide', { json: { id: dispute.id, outcome: 'lost' }, headers: operator });
    expect((decided.json() as Json).done).toBe('lost');
    expect(await ledgerMinor(accountId)).toBe(USD(56_900n));
    expect((await browser.send('POST', '/api/sandbox/refunds/decide', { json: { id: dispute.id, outcome: 'lost' } })).statusCode).toBe(403);
    // without the operator token: the sign-in form, nothing refunded
    const stranger = await app.inject({ method: 'POST', url: '/sandbox/refunds/refund', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(stranger.statusCode).toBe(403);
    await mirrored(accountId);
  });
});
