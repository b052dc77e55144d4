import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankDeposit, ServerEvent } from '../../core/contract';
import { newReference, type BankDeps } from '../domain/deposits/bank';
import { redeemVoucher } from '../domain/deposits/vouchers';
import { verifyLedger } from '../domain/ledger';
import { Refusal } from '../domain/refusal';
import { memoryHub } from '../push/hub';
import { SANDBOX_BANK_DETAILS, sandboxVouchers, SANDBOX_VOUCHERS } from '../test/sandbox';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { JPEG, PDF, PNG, upload } from '../test/upload';

/**
 * Bank transfer, fiat, Vload vouchers and the quick top-up (PGlite in npm test,
 * PostgreSQL in npm run test:pg): references unique, marked received credits once, owner checks,
 * receipts typed by content, voucher pins, the quick top-up rule and a double request charging once.
 */

type Json = Record<string, unknown>;
const push = memoryHub();
let t: TestApp;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await testApp({ push });
  operator = { 'x-sandbox-operator': t.config.sandboxOperatorToken };
  operatorBrowser = t.browser();
  await operatorBrowser.me();
});
afterAll(async () => {
  await t?.close();
});

interface Trader {
  b: Browser;
  id: number;
  events: ServerEvent[];
}

async function trader(request: Parameters<typeof freshUser>[1] = {}): Promise<Trader> {
  const b = t.browser();
  const user = await freshUser(b, request);
  const events: ServerEvent[] = [];
  push.subscribe(Number(user.userId), (e) => events.push(e));
  return { b, id: Number(user.userId), events };
}

const available = async (b: Browser): Promise<string> => String((await b.me()).user?.available);
const depositsOf = async (userId: number) =>
  Number(
    (
      await t.db
        .selectFrom('ledger_transactions as tx')
        .innerJoin('ledger_entries as e', 'e.tx_id', 'tx.id')
        .innerJoin('accounts as a', 'a.id', 'e.account_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('a.user_id', '=', userId)
        .where('tx.kind', '=', 'deposit')
        .executeTakeFirstOrThrow()
    ).n,
  );

const report = (b: Browser, method: 'bank' | 'fiat', body: Json = {}) =>
  b.send('POST', `/api/report/${method}`, { json: { amount: '300', bonus: false, fixed: false, currency: 'USD', random: `r-${randomUUID()}`, ...body } });

async function reported(b: Browser, method: 'bank' | 'fiat' = 'bank', body: Json = {}): Promise<BankDeposit> {
  const res = await report(b, method, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { deposit: BankDeposit }).deposit;
}

/** the console's JSON twin, as an operator's script calls it: a session with its CSRF header and the operator header */
let operatorBrowser: Browser;
async function received(id: string) {
  return operatorBrowser.send('POST', `/api/sandbox/bank/${id}/received`, { headers: operator });
}

describe('bank transfer and fiat reports', () => {
  it('creates a pending deposit with a unique, typable reference and the sandbox bank details', async () => {
    const { b } = await trader();
    const first = await reported(b);
    const second = await reported(b);
    expect(first).toMatchObject({ method: 'bank', amount: '300.00', currency: 'USD', status: 'pending', receipt: null, receivedAt: null });
    expect(first.reference).toMatch(/^BT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(first.reference.slice(3)).not.toMatch(/[01OIL5S8B]/);
    expect(second.reference).not.toBe(first.reference);
    expect(first.bank).toEqual(SANDBOX_BANK_DETAILS);
    expect(first.bank.bankName).toContain('Sandbox');
    const many = new Set(Array.from({ length: 2000 }, newReference));
    expect(many.size).toBe(2000);
  });

  it('the same random key reports once (a double click); another amount under it is refused', async () => {
    const { b } = await trader();
    const random = `dbl-${randomUUID()}`;
    const [a, c] = await Promise.all([reported(b, 'bank', { random }), reported(b, 'bank', { random })]);
    expect(c.id).toBe(a.id);
    expect(c.reference).toBe(a.reference);
    const other = await report(b, 'bank', { random, amount: '400' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'bank.key_reused' });
  });

  it("fiat below the minimum: 'Wrong amount! Min deposit 250'; a bad amount and another currency are 400", async () => {
    const { b } = await trader();
    const low = await report(b, 'fiat', { amount: '100' });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ error: 'fiat.min_deposit', message: 'Wrong amount! Min deposit 250' });
    expect((await report(b, 'bank', { amount: '100' })).json()).toMatchObject({ error: 'bank.min_deposit' });
    expect((await report(b, 'fiat', { amount: '1.234' })).statusCode).toBe(400);
    expect((await report(b, 'fiat', { currency: 'EUR' })).json()).toMatchObject({ error: 'fiat.currency' });
    const fiat = await reported(b, 'fiat', { amount: '250' });
    expect(fiat).toMatchObject({ method: 'fiat', amount: '250.00', status: 'pending' });
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = t.browser();
    await anonymous.me();
    expect((await report(anonymous, 'bank')).statusCode).toBe(401);
    const { b } = await trader();
    const res = await b.send('POST', '/api/report/bank', { json: { amount: '300', bonus: false, fixed: false, random: 'nocsrf-123' }, csrf: false });
    expect(res.statusCode).toBe(403);
  });

  it('marking received credits once: a second mark (and a parallel one) credits nothing; user.updated and bank.updated are pushed', async () => {
    const { b, id, events } = await trader();
    const before = await available(b);
    const deposits = await depositsOf(id);
    const deposit = await reported(b);
    const [one, two] = await Promise.all([received(deposit.id), received(deposit.id)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const credited = [one, two].map((r) => (r.json() as { credited: boolean }).credited).sort();
    expect(credited).toEqual([false, true]);
    const again = await received(deposit.id);
    expect(again.json()).toMatchObject({ credited: false, deposit: { status: 'received' } });
    expect(await depositsOf(id)).toBe(deposits + 1);
    expect(Number(await available(b))).toBeCloseTo(Number(before) + 300, 2);
    expect(events.some((e) => e.type === 'user.updated')).toBe(true);
    expect(events.filter((e) => e.type === 'bank.updated' && e.id === deposit.id && e.status === 'received').length).toBeGreaterThanOrEqual(1);
    const mine = await b.send('GET', `/api/report/bank/${deposit.id}`);
    expect(mine.json()).toMatchObject({ status: 'received' });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('the console: token form without access, the list and Mark received with the form CSRF, twice credits once', async () => {
    const { b, id } = await trader();
    const deposit = await reported(b);
    const blank = await t.app.inject({ method: 'GET', url: '/sandbox/bank' });
    expect(blank.body).toContain('operator token');
    expect(blank.body).not.toContain(deposit.reference);
    const list = await t.app.inject({ method: 'GET', url: '/sandbox/bank', headers: operator });
    expect(list.body).toContain(deposit.reference);
    expect(list.body).toContain('Sandbox');
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    // a signed-in console: the cookie, and the form's csrf field
    const session = await t.app.inject({ method: 'POST', url: '/sandbox/bank/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ token: t.config.sandboxOperatorToken }).toString() });
    expect(session.statusCode).toBe(303);
    const cookie = String(session.headers['set-cookie']).split(';')[0];
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/bank', headers: { cookie } });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(csrf).not.toBe('');
    const forged = await t.app.inject({ method: 'POST', url: `/sandbox/bank/${deposit.id}`, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=received&csrf=nope' });
    expect(forged.statusCode).toBe(403);
    const deposits = await depositsOf(id);
    const mark = () => t.app.inject({ method: 'POST', url: `/sandbox/bank/${deposit.id}`, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ action: 'received', csrf }).toString() });
    expect((await mark()).headers.location).toBe('/sandbox/bank?done=received');
    expect((await mark()).headers.location).toBe('/sandbox/bank?done=already');
    expect(await depositsOf(id)).toBe(deposits + 1);
    const noHeader = t.browser();
    await noHeader.me();
    const refused = await noHeader.send('POST', `/api/sandbox/bank/${deposit.id}/received`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'sandbox.operator' });
  });

  it("owner checks: another trader cannot read a transfer or attach a receipt to it (404); the open list is one's own", async () => {
    const owner = await trader();
    const other = await trader();
    const deposit = await reported(owner.b);
    expect((await other.b.send('GET', `/api/report/bank/${deposit.id}`)).statusCode).toBe(404);
    const res = await upload(t, other.b, {}, { filename: 'receipt.png', type: 'image/png', bytes: PNG }, { url: `/api/report/bank/${deposit.id}/receipt` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'bank.not_found' });
    const open = (await other.b.send('GET', '/api/report/bank/open?method=bank')).json() as { deposits: BankDeposit[] };
    expect(open.deposits).toEqual([]);
    const mine = (await owner.b.send('GET', '/api/report/bank/open?method=bank')).json() as { deposits: BankDeposit[] };
    expect(mine.deposits.map((d) => d.id)).toEqual([deposit.id]);
  });

  it('a receipt is typed by its content (PNG, JPEG, PDF; a renamed executable is 415) and stays off the verification page', async () => {
    const { b } = await trader();
    const deposit = await reported(b);
    const url = `/api/report/bank/${deposit.id}/receipt`;
    const exe = await upload(t, b, {}, { filename: 'receipt.png', type: 'image/png', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]) }, { url });
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({ error: 'upload.type' });
    for (const [bytes, mime] of [[PNG, 'image/png'], [JPEG, 'image/jpeg'], [PDF, 'application/pdf']] as const) {
      const res = await upload(t, b, {}, { filename: 'receipt.bin', type: 'application/octet-stream', bytes }, { url });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { message: string; document: { kind: string; mime: string }; deposit: BankDeposit };
      expect(body.message).toBe('Upload successful');
      expect(body.document).toMatchObject({ kind: 'receipt', mime });
      expect(body.deposit.receipt).toMatchObject({ mime });
    }
    const verification = (await b.send('GET', '/api/verification/documents')).json() as { documents: unknown[]; required: string[] };
    expect(verification.documents).toEqual([]);
    expect(verification.required).not.toContain('receipt');
    // a receipt is not an identity document: the upload call of the verification page refuses the kind
    const wrong = await upload(t, b, { type: 'receipt' }, { filename: 'r.png', type: 'image/png', bytes: PNG });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    // the operator sees it in the console
    const file = await t.app.inject({ method: 'GET', url: `/sandbox/bank/receipt/${deposit.id}`, headers: operator });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // once received, no receipt is taken
    await received(deposit.id);
    expect((await upload(t, b, {}, { filename: 'r.png', type: 'image/png', bytes: PNG }, { url })).json()).toMatchObject({ error: 'bank.closed' });
  });
});

describe('Vload vouchers: POST /api/card/fast/vload', () => {
  const vload = (b: Browser, pin: string, extra: Json = {}) => b.send('POST', '/api/card/fast/vload', { json: { amount: pin, fixed: false, bonus: false, test: true, ...extra } });

  it('a valid voucher credits its value once; the same pin again is used (409), in parallel too', async () => {
    const { b, id, events } = await trader();
    const before = Number(await available(b));
    const deposits = await depositsOf(id);
    const pin = `1250${String(Date.now()).slice(-12).padStart(12, '0')}`;
    const [one, two] = await Promise.all([vload(b, pin), vload(b, pin.replace(/(\d{4})/g, '$1 ').trim())]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const ok = [one, two].find((r) => r.statusCode === 200)!;
    expect(ok.json()).toEqual({ return: true, status: 'su', amount: '250.00', currency: 'USD', voucher: pin.slice(-4) });
    const refused = [one, two].find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ error: 'vload.used' });
    expect(await depositsOf(id)).toBe(deposits + 1);
    expect(Number(await available(b))).toBeCloseTo(before + 250, 2);
    expect(events.some((e) => e.type === 'user.updated')).toBe(true);
    // the pin itself is stored nowhere
    const row = await t.db.selectFrom('vload_vouchers').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(pin);
    expect((await vload(b, pin)).json()).toMatchObject({ error: 'vload.used' });
  });

  it('the used and invalid test pins are refused, a malformed pin is 400, a voucher below 250 is refused (the floor)', async () => {
    const { b, id } = await trader();
    const deposits = await depositsOf(id);
    expect((await vload(b, SANDBOX_VOUCHERS.used)).json()).toMatchObject({ error: 'vload.used' });
    const invalid = await vload(b, SANDBOX_VOUCHERS.invalid);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: 'vload.invalid' });
    expect((await vload(b, '12345')).json()).toMatchObject({ error: 'vload.pin' });
    const below = await vload(b, SANDBOX_VOUCHERS.below);
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ error: 'vload.min' });
    expect(await depositsOf(id)).toBe(deposits);
  });

  it('a demo account is refused (403 vload.demo)', async () => {
    const b = t.browser();
    await b.me();
    await b.signIn('demo@brokerage.test', 'Demo-2026');
    const res = await vload(b, SANDBOX_VOUCHERS.valid500);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'vload.demo' });
  });

  it('hidden by the no_vload setting for the trader\'s partner: refused on the server (403 vload.hidden)', async () => {
    const { id } = await trader();
    await t.db.updateTable('users').set({ affs_id: 'partner-novload' }).where('id', '=', id).execute();
    const settings = { ...(await import('../domain/settings')).settingsFor(t.config), no_vload: ['partner-novload'] };
    const attempt = redeemVoucher({ db: t.db, settings, siteHost: t.config.siteHost, provider: sandboxVouchers() }, id, { amount: SANDBOX_VOUCHERS.valid500, fixed: false, bonus: false });
    await expect(attempt).rejects.toBeInstanceOf(Refusal);
    await expect(attempt).rejects.toMatchObject({ status: 403, key: 'vload.hidden' });
  });
});

describe('quick top-up: /api/triggers/cards and /api/report/quick', () => {
  async function savedCard(b: Browser, number = '4000000000000010'): Promise<string> {
    const res = await b.send('POST', '/api/card/save', { json: { cnu: number, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'MT', cur: 'USD', cvv: '123' } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { card: string }).card;
  }
  const quick = (b: Browser, body: Json) => b.send('POST', '/api/report/quick', { json: { amount: '300', fixed: false, bonus: false, key: `quick-${randomUUID()}`, confirm: '300', ...body } });

  it('lists the saved cards with token, brand and last four only, and can_load by the rule (deposits and fillCard 1)', async () => {
    const { b } = await trader({ fill_card: '1' });
    const token = await savedCard(b);
    const res = await b.send('GET', '/api/triggers/cards');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cards: [{ token, brand: 'visa', last4: '0010' }], can_load: true });
    expect(res.body).not.toContain('400000');
    const post = await b.send('POST', '/api/triggers/cards', { json: {} });
    expect(post.json()).toMatchObject({ can_load: true });
    const noFill = await trader();
    expect((await noFill.b.send('GET', '/api/triggers/cards')).json()).toMatchObject({ can_load: false });
    const noDeposit = await trader({ fill_card: '1', balances: [] });
    expect((await noDeposit.b.send('GET', '/api/triggers/cards')).json()).toMatchObject({ can_load: false });
  });

  it('charges a saved card once after the confirmation; a double request (same key) charges once', async () => {
    const { b, id, events } = await trader({ fill_card: '1' });
    const card = await savedCard(b);
    const before = Number(await available(b));
    const deposits = await depositsOf(id);
    const key = `quick-${randomUUID()}`;
    const [one, two] = await Promise.all([quick(b, { card, key }), quick(b, { card, key })]);
    for (const res of [one, two]) expect(res.statusCode, res.body).toBe(200);
    const statuses = [one, two].map((r) => (r.json() as { status: string }).status);
    expect(statuses).toContain('approved');
    expect((one.json() as { payment: string }).payment).toBe((two.json() as { payment: string }).payment);
    const third = await quick(b, { card, key });
    expect(third.json()).toMatchObject({ status: 'approved', amount: '300.00', currency: 'USD' });
    expect(await depositsOf(id)).toBe(deposits + 1);
    expect(Number(await available(b))).toBeCloseTo(before + 300, 2);
    expect(events.some((e) => e.type === 'user.updated')).toBe(true);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('refused outside the rule, without the exact confirmation, for another trader\'s card, and for a demo account', async () => {
    const noFill = await trader();
    const card = await savedCard(noFill.b);
    const refused = await quick(noFill.b, { card });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'quick.not_allowed' });
    const allowed = await trader({ fill_card: '1' });
    const own = await savedCard(allowed.b);
    expect((await quick(allowed.b, { card: own, confirm: '30' })).json()).toMatchObject({ error: 'quick.confirm' });
    const foreign = await quick(allowed.b, { card });
    expect(foreign.statusCode).toBe(404);
    const demo = t.browser();
    await demo.me();
    await demo.signIn('demo@brokerage.test', 'Demo-2026');
    const res = await quick(demo, { card: own });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'quick.demo' });
  });
});

// keeps the BankDeps type in use for the domain-level imports above
export type { BankDeps };
