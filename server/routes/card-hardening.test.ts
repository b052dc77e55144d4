import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_START_URL, type CardProcessor } from '../../core/contract/card';
import { buildApp } from '../app';
import { balanceOf, verifyLedger } from '../domain/ledger';
import { luhnValid } from '../domain/payments/cards';
import { memoryHub } from '../push/hub';
import { TEST_CARDS } from '../test/sandbox';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';

/**
 * The card part: one payment never runs on two processors at once (approval or hard
 * decline alike), a block holds for the card and not the token, and no GET starts a payment.
 * Every race sends at least 20 requests at the same moment.
 */

let t: TestDb;
const push = memoryHub();
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await freshDb({ seed: true });
  app = await buildApp({ db: t.db, config: t.config, push });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

type Json = Record<string, unknown>;
const cardNumber = (scenario: string) => TEST_CARDS.find((c) => c.scenario === scenario)!.visa;

/** A Visa number no other test uses (Luhn-valid, not a sandbox test card: approved unless scripted). */
function uniqueNumber(): string {
  const body = `4${String(randomInt(10 ** 13, 10 ** 14)).padStart(14, '0')}`;
  for (let d = 0; d < 10; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

async function trader(): Promise<{ browser: Browser; userId: number; accountId: number }> {
  const browser = new Browser(app);
  const user = await freshUser(browser, {});
  // Portugal: every processor is allowed (PFS is not for DE, the fresh users' country)
  await t.db.updateTable('users').set({ country: 'PT' }).where('id', '=', Number(user.userId)).execute();
  const row = await t.db.selectFrom('users').select('current_account_id').where('id', '=', Number(user.userId)).executeTakeFirstOrThrow();
  return { browser, userId: Number(user.userId), accountId: row.current_account_id! };
}

const saveCard = (browser: Browser, number: string) =>
  browser.send('POST', '/api/card/save', { json: { cnu: number, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'PT', cur: 'USD' } });

async function savedToken(browser: Browser, number: string): Promise<string> {
  const res = await saveCard(browser, number);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { card: string }).card;
}

const fraud = (browser: Browser, card: string) => browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card } });

async function paymentFor(browser: Browser, card: string): Promise<string> {
  const res = await fraud(browser, card);
  const id = (res.json() as Json).payment;
  expect(id, res.body).toMatch(/^[0-9a-f-]{36}$/);
  return id as string;
}

const start = (browser: Browser, path: string, id: string) => browser.send('POST', path, { json: { id, amount: '300.00', fixed: false, bonus: false } });
const attemptsOf = (id: string) => t.db.selectFrom('card_attempts').select(['processor', 'status', 'code']).where('payment_id', '=', id).execute();

const INSTANT = ['/api/card/fast/orange', '/api/card/fast/orange_not3d', '/api/card/fast/meiko', '/api/card/fast/zoom'];
/** every processor's start (FRAUD is a check, not an attempt) */
const ALL_STARTS = [
  '/api/card/fast/pfs',
  '/api/card/fast/orange',
  '/api/card/fast/orange_not3d',
  '/api/card/fast/meiko',
  '/api/card/fast/zoom',
  '/api/card/fast/ezpay',
  '/api/payconcept/pay',
  '/api/entro/pay',
  '/api/shape/pay',
  '/api/vload/pay',
];

describe('one payment, several processors at once', () => {
  it('20 concurrent starts on four processors: one attempt, one approval, one credit; the others are refused with a key', async () => {
    const { browser, accountId } = await trader();
    const id = await paymentFor(browser, await savedToken(browser, cardNumber('approved')));
    const before = await balanceOf(t.db, accountId);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => start(browser, INSTANT[i % INSTANT.length]!, id)));

    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.status).toBe('approved');
    const winner = attempts[0]!.processor;
    for (const res of answers) {
      if (res.statusCode === 200) {
        // only the winning processor answers (again: the same attempt); nobody else was asked
        expect((res.json() as Json).proc).toBe(winner === 'ORANGE_NOT3D' ? 'ORANGE' : winner);
      } else {
        expect(res.statusCode, res.body).toBe(409);
        const body = res.json() as { error: string; message: string };
        expect(['card.attempt_in_flight', 'card.already_paid']).toContain(body.error);
        expect(body.message).toMatch(/[a-z]{4}/);
      }
    }
    expect(answers.filter((r) => r.statusCode === 409).length).toBeGreaterThanOrEqual(15);
    const view = (await browser.send('GET', `/api/card/payments/${id}`)).json() as { status: string; attempts: Array<{ status: string }> };
    expect(view.status).toBe('approved');
    expect(view.attempts.filter((a) => a.status === 'approved')).toHaveLength(1);
    expect((await balanceOf(t.db, accountId)) - before).toBe(30000n);
    expect(await t.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `card-payment:${id}`).execute()).toHaveLength(1);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('a pending attempt holds the payment: another processor is refused (409 card.attempt_in_flight) and nothing is written', async () => {
    const { browser } = await trader();
    const id = await paymentFor(browser, await savedToken(browser, cardNumber('pending')));
    expect((await start(browser, '/api/card/fast/meiko', id)).json()).toMatchObject({ proc: 'MEIKO', status: 0 });
    const other = await start(browser, '/api/card/fast/orange', id);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'card.attempt_in_flight' });
    expect(await attemptsOf(id)).toEqual([{ processor: 'MEIKO', status: 'pending', code: '' }]);
    // the same processor again is the same attempt (a retry), never refused
    expect((await start(browser, '/api/card/fast/meiko', id)).statusCode).toBe(200);
  });

  it('the database itself refuses a second attempt in flight and a second approval for one payment', async () => {
    const { browser, userId } = await trader();
    const id = await paymentFor(browser, await savedToken(browser, cardNumber('pending')));
    const row = (processor: string, status: 'pending' | 'approved' | 'declined' | 'redirect') => ({
      payment_id: id,
      user_id: userId,
      processor,
      seq: 0,
      uid: `tx_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      status,
    });
    await t.db.insertInto('card_attempts').values(row('MEIKO', 'pending')).execute();
    await expect(t.db.insertInto('card_attempts').values(row('ORANGE', 'redirect')).execute()).rejects.toThrow();
    await t.db.insertInto('card_attempts').values(row('ZOOM', 'declined')).execute();
    await t.db.updateTable('card_attempts').set({ status: 'approved' }).where('payment_id', '=', id).where('processor', '=', 'ZOOM').execute();
    await expect(t.db.updateTable('card_attempts').set({ status: 'approved' }).where('payment_id', '=', id).where('processor', '=', 'MEIKO').execute()).rejects.toThrow();
  });
});

describe('the hard-decline stop under the same race', () => {
  it('20 concurrent starts on every processor with a lost card: one attempt, declined; the payment stays stopped', async () => {
    const { browser } = await trader();
    const id = await paymentFor(browser, await savedToken(browser, cardNumber('hard')));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => start(browser, ALL_STARTS[i % ALL_STARTS.length]!, id)));
    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 'declined', code: '41' });
    for (const res of answers) {
      if (res.statusCode === 200) continue;
      expect(res.statusCode, res.body).toBe(409);
      expect(['card.attempt_in_flight', 'card.payment_stopped']).toContain((res.json() as Json).error);
    }
    expect(answers.filter((r) => r.statusCode === 409).length).toBeGreaterThanOrEqual(18);
    // after the hard decline: no processor, ever
    for (const path of ALL_STARTS) {
      const res = await start(browser, path, id);
      // the processor that answered may be asked again for its own answer (the race picks which one it is)
      if (path === CARD_START_URL[attempts[0]!.processor as CardProcessor]) continue;
      expect(res.statusCode, path).toBe(409);
    }
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(((await browser.send('GET', `/api/card/payments/${id}`)).json() as Json).status).toBe('stopped');
  });
});

describe('a block holds for the card, not the token', () => {
  it('after a lost-card decline the same number saved again is refused, and a token saved before answers bad_card', async () => {
    const { browser, userId } = await trader();
    const number = cardNumber('hard');
    const earlier = await savedToken(browser, number);
    const id = await paymentFor(browser, await savedToken(browser, number));
    expect((await start(browser, '/api/card/fast/meiko', id)).json()).toMatchObject({ proc: 'MEIKO', return: false, code: '41' });
    const cardsBefore = await t.db.selectFrom('cards').select('token').where('user_id', '=', userId).execute();

    const again = await saveCard(browser, number.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: 'card.blocked' });
    expect((again.json() as { message: string }).message).toMatch(/card/);
    expect(await t.db.selectFrom('cards').select('token').where('user_id', '=', userId).execute()).toHaveLength(cardsBefore.length);

    const checked = await fraud(browser, earlier);
    expect(checked.json()).toEqual({ bad_card: true });
    expect(await t.db.selectFrom('card_payments').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
  });

  it('a lost card (any real number) is refused for every other trader too; the fingerprint is a keyed hash, never the number', async () => {
    const owner = await trader();
    const number = uniqueNumber();
    const token = await savedToken(owner.browser, number);
    expect((await owner.browser.send('POST', '/api/sandbox/card/next', { json: { scenario: 'hard' } })).statusCode).toBe(200);
    const id = await paymentFor(owner.browser, token);
    expect((await start(owner.browser, '/api/card/fast/orange', id)).json()).toMatchObject({ status: 'failed', message: 'Lost card' });

    const other = await trader();
    const res = await saveCard(other.browser, number);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'card.blocked' });
    expect(await t.db.selectFrom('cards').select('token').where('user_id', '=', other.userId).execute()).toHaveLength(0);
    // a different number is fine for that trader
    expect((await saveCard(other.browser, uniqueNumber())).statusCode).toBe(200);

    const card = await t.db.selectFrom('cards').select(['fingerprint']).where('token', '=', token).executeTakeFirstOrThrow();
    expect(card.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(card.fingerprint).not.toContain(number);
    const block = await t.db.selectFrom('card_blocks').selectAll().where('fingerprint', '=', card.fingerprint!).execute();
    expect(block).toMatchObject([{ user_id: null, code: '41', payment_id: id }]);
  });

  it('a sandbox test number blocks only the account it was declined for (testers share those numbers)', async () => {
    const first = await trader();
    const id = await paymentFor(first.browser, await savedToken(first.browser, cardNumber('hard')));
    await start(first.browser, '/api/card/fast/zoom', id);
    expect((await saveCard(first.browser, cardNumber('hard'))).statusCode).toBe(403);
    const second = await trader();
    expect((await saveCard(second.browser, cardNumber('hard'))).statusCode).toBe(200);
  });
});

describe('no state change by GET in the card area', () => {
  it('GET /api/card/fast/ezpay starts nothing: without an attempt a 405 with a key; after the POST start it only leads to the page', async () => {
    const { browser } = await trader();
    const id = await paymentFor(browser, await savedToken(browser, cardNumber('secure3d')));
    const get = await browser.send('GET', `/api/card/fast/ezpay?id=${id}&lang=en`);
    expect(get.statusCode).toBe(405);
    expect(get.json()).toMatchObject({ error: 'card.start_by_post' });
    expect(await attemptsOf(id)).toHaveLength(0);
    expect(((await browser.send('GET', `/api/card/payments/${id}`)).json() as Json).status).toBe('created');

    const posted = (await start(browser, '/api/card/fast/ezpay', id)).json() as { status: string; redirect: string };
    expect(posted.status).toBe('REDIRECT');
    const again = await browser.send('GET', `/api/card/fast/ezpay?id=${id}&lang=ru`);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(`${posted.redirect}?lang=ru`);
    expect(await attemptsOf(id)).toHaveLength(1);
  });

  it('no GET route of the card area writes: pages and views of a payment leave its attempts as they were', async () => {
    const { browser } = await trader();
    const id = await paymentFor(browser, await savedToken(browser, cardNumber('approved')));
    for (const url of [
      `/api/card/fast/ezpay?id=${id}`,
      `/api/vload/start?payment=${id}&amount=300.00`,
      `/api/vload/prepare?payment=${id}`,
      `/api/vload/finish?payment=${id}`,
      `/api/entro/redirect?payment=${id}`,
      `/api/card/payments/${id}`,
      '/api/card/options',
    ]) {
      const res = await browser.send('GET', url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect(await attemptsOf(id)).toHaveLength(0);
    expect(((await browser.send('GET', `/api/card/payments/${id}`)).json() as Json).status).toBe('created');
  });
});
