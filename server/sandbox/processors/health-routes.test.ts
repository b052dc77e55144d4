import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type Browser, type TestApp } from '../../test/client';
import { freshUser } from '../../test/fresh-user';

/**
 * The sandbox's processor switch and console (issue 32 §4, §6) through HTTP on the sandbox stack:
 * a processor switched to 5xx answers the trader's start 502 and the next one approves; after
 * the threshold it is skipped (503) without a call; the console shows it; the 3-D Secure card
 * reaches an ACS page at the stack's first processor, and a page says only the outcome the
 * attempt follows.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const operator = () => ({ 'x-sandbox-operator': t.config.sandboxOperatorToken });

async function signedIn(): Promise<Browser> {
  const b = t.browser();
  expect((await b.signIn('trader@example.com', 'Trader-2026')).statusCode).toBe(200);
  return b;
}

async function newPayment(b: Browser, cnu: string): Promise<string> {
  const saved = await b.send('POST', '/api/card/save', { json: { cnu, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Sandbox', ln: 'Trader', cu: 'DE', cur: 'USD' } });
  expect(saved.statusCode, saved.body).toBe(200);
  const card = (saved.json() as { card: string }).card;
  const fraud = await b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '250.00', fixed: false, bonus: false, card } });
  expect(fraud.statusCode, fraud.body).toBe(200);
  return (fraud.json() as { payment: string }).payment;
}

const start = (b: Browser, path: string, id: string) => b.send('POST', path, { json: { id, amount: '250.00', fixed: false, bonus: false } });

describe('the processor switch and the health console', () => {
  it('needs the operator: no header, no switch (403); the console asks for the token', async () => {
    const b = t.browser();
    await b.me();
    expect((await b.send('POST', '/api/sandbox/processors/switch', { json: { processor: 'MEIKO', mode: 'server_error' } })).statusCode).toBe(403);
    expect((await b.send('GET', '/api/sandbox/processors')).statusCode).toBe(403);
    const page = await b.send('GET', '/sandbox/processors');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('Operator token');
  });

  it('a processor switched to 5xx: the start answers 502 and the next processor approves; after the threshold it is skipped (503) and the console says unhealthy; switched back and forgotten, it answers again', async () => {
    const admin = t.browser();
    await admin.me();
    const switched = await admin.send('POST', '/api/sandbox/processors/switch', { json: { processor: 'ORANGE', mode: 'server_error' }, headers: operator() });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((switched.json() as { processors: Array<{ processor: string; switch: string }> }).processors.find((p) => p.processor === 'ORANGE')?.switch).toBe('server_error');

    const b = await signedIn();
    const id = await newPayment(b, '4000000000000036'); // soft_once: Vload declines, the next approves
    expect((await start(b, '/api/vload/pay', id)).json()).toMatchObject({ proc: 'VLOAD', return: false, status: 'declined' });
    const down = await start(b, '/api/card/fast/orange', id);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ error: 'card.processor_unreachable', params: { processor: 'ORANGE' } });
    expect((await start(b, '/api/card/fast/meiko', id)).json()).toMatchObject({ proc: 'MEIKO', return: true, status: 1 });

    // two more failures reach the threshold (3): the next start is skipped, the card not sent
    for (let i = 0; i < 2; i++) {
      const next = await newPayment(b, '4000000000000010');
      expect((await start(b, '/api/card/fast/orange', next)).statusCode).toBe(502);
    }
    // three card payments a day: the skip is checked on a payment of another trader
    const other = t.browser();
    await freshUser(other);
    const otherId = await newPayment(other, '4000000000000010');
    const skipped = await start(other, '/api/card/fast/orange', otherId);
    expect(skipped.statusCode).toBe(503);
    expect(skipped.json()).toMatchObject({ error: 'card.processor_unavailable' });
    expect(await t.db.selectFrom('card_attempts').select('id').where('payment_id', '=', otherId).execute()).toEqual([]);

    const state = (await admin.send('GET', '/api/sandbox/processors', { headers: operator() })).json() as { processors: Array<{ processor: string; state: string; failures: number; recent: { server_error: number; skipped: number } }> };
    expect(state.processors.find((p) => p.processor === 'ORANGE')).toMatchObject({ state: 'unhealthy', failures: 3, recent: { server_error: 3, skipped: 1 } });
    const console = await admin.send('GET', '/sandbox/processors', { headers: operator() });
    expect(console.statusCode).toBe(200);
    expect(console.body).toMatch(/data-processor="ORANGE" data-state="unhealthy" data-switch="server_error"/);
    expect(console.body).toContain('Unhealthy: skipped');

    // back up, health forgotten: the start goes through again
    await admin.send('POST', '/api/sandbox/processors/switch', { json: { processor: 'ORANGE', mode: 'up', reset: true }, headers: operator() });
    const again = await newPayment(other, '4000000000000010');
    expect((await start(other, '/api/card/fast/orange', again)).json()).toMatchObject({ proc: 'ORANGE', status: 'successful' });
  });

  it('the console form switches with its CSRF field; a form without it changes nothing', async () => {
    const b = t.browser();
    const signIn = await b.send('POST', '/sandbox/processors/session', { form: { token: t.config.sandboxOperatorToken } });
    expect(signIn.statusCode).toBe(303);
    const page = await b.send('GET', '/sandbox/processors');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    expect((await b.send('POST', '/sandbox/processors', { form: { processor: 'SHAPE', mode: 'timeout' } })).statusCode).toBe(403);
    const done = await b.send('POST', '/sandbox/processors', { form: { csrf, processor: 'SHAPE', mode: 'timeout', unhealthy: '1' } });
    expect([done.statusCode, done.headers.location]).toEqual([303, '/sandbox/processors?done=saved']);
    expect((await b.send('GET', '/sandbox/processors')).body).toMatch(/data-processor="SHAPE" data-state="unhealthy" data-switch="timeout"/);
    await b.send('POST', '/sandbox/processors', { form: { csrf, processor: 'SHAPE', mode: 'up', reset: '1' } });
    expect((await b.send('GET', '/sandbox/processors')).body).toMatch(/data-processor="SHAPE" data-state="healthy" data-switch="up"/);
  });
});

describe('the 3-D Secure test card (issue 32 §6)', () => {
  it('on the default sandbox stack reaches a 3-D Secure (ACS) page at Vload, the first processor, which says the approval it will give', async () => {
    const b = t.browser();
    await freshUser(b);
    const id = await newPayment(b, '4000000000000077');
    const reply = (await start(b, '/api/vload/pay', id)).json() as { return: boolean; redirect: string };
    expect(reply).toMatchObject({ return: true });
    const page = await b.send('GET', reply.redirect);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>VLOAD: 3-D Secure</h1>');
    expect(page.body).toContain('this is its 3-D Secure (ACS) page');
    expect(page.body).toContain('Authenticate and pay: the payment is approved.');
  });

  it('a page never claims what the card did not choose: a scripted no-answer says so, not the card’s approval', async () => {
    const b = t.browser();
    await freshUser(b);
    expect((await b.send('POST', '/api/sandbox/script', { json: { card: [{ at: 1, outcome: 'timeout' }] } })).statusCode).toBe(200);
    const id = await newPayment(b, '4000000000000010');
    const reply = (await start(b, '/api/vload/pay', id)).json() as { redirect: string };
    const page = await b.send('GET', reply.redirect);
    expect(page.body).toContain('<h1>VLOAD: virtual card</h1>');
    expect(page.body).toContain('the processor then never answers');
    expect(page.body).not.toContain('the payment is approved');
    expect(page.body).not.toContain('(ACS)');
  });
});
