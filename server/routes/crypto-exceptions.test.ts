import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import { buildApp } from '../app';
import { verifyLedger } from '../domain/ledger';
import { memoryHub } from '../push/hub';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';

/**
 * The crypto exception routes (issue 32 §1): the trader's choice (POST /api/crypto/exceptions/{id},
 * CSRF, owner), the invoice's exceptions on its page and check, the pushes, and the sandbox chain
 * console (operator only, CSRF field on its forms).
 */

let t: TestDb;
const push = memoryHub();
let app: Awaited<ReturnType<typeof buildApp>>;
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  t = await freshDb({ seed: true });
  // no background delivery to the platform: its own user.updated would make the pushes counted below depend on timing
  app = await buildApp({ db: t.db, config: t.config, push, mirror: { deliverEveryMs: 0 } });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function trader(): Promise<{ browser: Browser; events: ServerEvent[] }> {
  const browser = new Browser(app);
  const user = await freshUser(browser, {});
  const events: ServerEvent[] = [];
  push.subscribe(Number(user.userId), (e) => events.push(e));
  return { browser, events };
}

const available = async (browser: Browser) => (await browser.me()).user?.available;
const chain = (browser: Browser, path: string, guid: string, kind?: string) => browser.send('POST', `/api/sandbox/chain/${path}`, { json: { guid, ...(kind && { kind }) } });

async function invoice(browser: Browser) {
  const res = await browser.send('POST', '/api/btc/pay', { json: { amount: '250' } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { guid: string }).guid;
}

describe('crypto exception routes', () => {
  it('short then expired: credited in the same request, the balance and the invoice pushed; the page and the check list it', async () => {
    const { browser, events } = await trader();
    const guid = await invoice(browser);
    expect((await chain(browser, 'pay', guid, 'partial')).statusCode).toBe(200);
    events.length = 0;
    expect((await chain(browser, 'expire', guid)).json()).toMatchObject({ status: 'ex' });
    expect(await available(browser)).toBe('1125.00');
    expect(events.filter((e) => e.type === 'user.updated').length).toBe(1);
    expect(events.filter((e) => e.type === 'invoice.updated').length).toBeGreaterThanOrEqual(2);
    const page = (await browser.send('GET', `/api/crypto/invoices/${guid}`)).json() as { exceptions: Array<Record<string, unknown>> };
    expect(page.exceptions).toEqual([expect.objectContaining({ kind: 'short', status: 'credited', amount: '0.00194553', credit: '125.00', creditCurrency: 'USD', mayClaim: false, mayCredit: false })]);
    const check = (await browser.send('POST', '/api/btc/check', { json: { guid } })).json() as { exceptions: unknown[] };
    expect(check.exceptions).toHaveLength(1);
  });

  it('an over-payment: CSRF and the owner are checked; the claim goes to the console, the operator approves once', async () => {
    const { browser, events } = await trader();
    const guid = await invoice(browser);
    await chain(browser, 'pay', guid, 'over');
    const [over] = ((await browser.send('GET', `/api/crypto/invoices/${guid}`)).json() as { exceptions: Array<{ id: string; mayClaim: boolean; mayCredit: boolean; status: string }> }).exceptions;
    expect(over).toMatchObject({ status: 'held', mayClaim: true, mayCredit: true });

    // no CSRF header: refused, nothing changes
    expect((await browser.send('POST', `/api/crypto/exceptions/${over.id}`, { json: { choice: 'refund', address: BTC }, csrf: false })).statusCode).toBe(403);
    // another trader: as unknown as a missing one
    const other = await trader();
    expect((await other.browser.send('POST', `/api/crypto/exceptions/${over.id}`, { json: { choice: 'refund', address: BTC } })).statusCode).toBe(404);
    // a wrong address: the key the client translates, at the field
    const wrong = await browser.send('POST', `/api/crypto/exceptions/${over.id}`, { json: { choice: 'refund', address: 'bc1qnope' } });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'crypto.refund_address']);
    events.length = 0;
    const claimed = await browser.send('POST', `/api/crypto/exceptions/${over.id}`, { json: { choice: 'refund', address: BTC } });
    expect(claimed.json()).toMatchObject({ status: 'claimed', refundAddress: BTC, mayClaim: false, mayCredit: false });
    expect(events.map((e) => e.type)).toEqual(['invoice.updated']);

    // the console: without the operator, the token form; the trader cannot approve
    expect((await browser.send('POST', `/api/sandbox/chain/refunds/${over.id}/approve`)).statusCode).toBe(403);
    const desk = new Browser(app);
    expect((await desk.send('GET', '/sandbox/chain')).body).toContain('Enter the sandbox operator token');
    expect((await desk.send('POST', '/sandbox/chain/session', { form: { token: t.config.sandboxOperatorToken } })).statusCode).toBe(303);
    const list = (await desk.send('GET', '/sandbox/chain')).body;
    expect(list).toContain(`data-claim="${over.id}"`);
    expect(list).toContain(BTC);
    // a form without its CSRF field changes nothing
    expect((await desk.send('POST', `/sandbox/chain/refunds/${over.id}`, { form: { action: 'approve' } })).statusCode).toBe(403);
    const csrf = /name="csrf" value="([^"]+)"/.exec(list)![1];
    const approved = await desk.send('POST', `/sandbox/chain/refunds/${over.id}`, { form: { action: 'approve', csrf } });
    expect([approved.statusCode, approved.headers.location]).toEqual([303, '/sandbox/chain?done=approved']);
    const again = await desk.send('POST', `/sandbox/chain/refunds/${over.id}`, { form: { action: 'approve', csrf } });
    expect(again.headers.location).toBe('/sandbox/chain?done=already');
    const sent = await t.db.selectFrom('sandbox_chain_txs').select('txid').where('address', '=', BTC).execute();
    expect(sent).toHaveLength(1);
    const after = ((await browser.send('GET', `/api/crypto/invoices/${guid}`)).json() as { exceptions: Array<Record<string, unknown>> }).exceptions[0];
    expect(after).toMatchObject({ status: 'refunded', refundTxid: sent[0].txid });
    expect(await available(browser)).toBe('1250.00');
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
