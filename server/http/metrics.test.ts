import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser } from '../test/fresh-user';
import { testApp, type TestApp } from '../test/client';

/** GET /metrics (METRICS=1) in Prometheus text format. */
const PAN = '4000000000000010'; // the sandbox's "approved" Visa

/** the value of one series in the exposition text (labels in the order prom-client writes them), or undefined */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { metrics: true } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('after a sign-in and a card payment in sandbox: requests per route pattern, the processor outcome, invoices, streams, the pool', async () => {
    const b = t.browser();
    await freshUser(b, { cascade: 'ORANGE' });
    const saved = await b.send('POST', '/api/card/save', { json: { cnu: PAN, cvv: '123', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' } });
    expect(saved.statusCode).toBe(200);
    const checked = await b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card: (saved.json() as { card: string }).card } });
    const id = (checked.json() as { payment: string }).payment;
    expect((await b.send('POST', '/api/card/fast/orange', { json: { id, amount: '300.00', fixed: false, bonus: false } })).statusCode).toBe(200);
    expect((await b.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' } })).json()).toMatchObject({ found: true });
    expect((await b.send('GET', `/api/card/payments/${id}`)).statusCode).toBe(200);
    expect((await b.send('GET', '/api/no-such-thing')).statusCode).toBe(404);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // requests and latencies by route pattern (never the raw URL) and status class
    expect(sample(text, 'http_requests_total{method="POST",route="/api/login",status_class="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/card/payments/:id",status_class="2xx"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="(unmatched)",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain(id);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/card/fast/orange",status_class="2xx"}')).toBe(1);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/login",status_class="2xx"\} \d+$/m);
    // the card attempt's outcome at its processor, counted once where the cascade records it
    expect(sample(text, 'card_payment_attempts_total{processor="ORANGE",outcome="approved"}')).toBe(1);
    // invoices by state, counted in the database at scrape time; open event streams; the pool
    expect(sample(text, 'crypto_invoices{state="waiting"}')).toBe(0);
    expect(sample(text, 'sse_streams_open')).toBe(0);
    if (t.config.databaseUrl) {
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_max')).toBe(20);
    } else {
      expect(sample(text, 'db_pool_connections{state="total"}')).toBe(1);
      expect(sample(text, 'db_pool_max')).toBe(1);
    }
    // prom-client's default process metrics
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('a declined attempt is counted under its processor and outcome', async () => {
    const b = t.browser();
    await freshUser(b, { cascade: 'ORANGE' });
    const saved = await b.send('POST', '/api/card/save', { json: { cnu: '4000000000000051', cvv: '123', emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' } });
    expect(saved.statusCode).toBe(200);
    const checked = await b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card: (saved.json() as { card: string }).card } });
    const id = (checked.json() as { payment: string }).payment;
    await b.send('POST', '/api/card/fast/orange', { json: { id, amount: '300.00', fixed: false, bonus: false } });
    await b.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' } });
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'card_payment_attempts_total{processor="ORANGE",outcome="declined"}')).toBe(1);
    expect(sample(text, 'card_payment_attempts_total{processor="ORANGE",outcome="approved"}')).toBe(1);
  });

  it('is not there when METRICS is off (the default)', async () => {
    const off = await testApp({ seed: false });
    try {
      expect(off.config.metrics).toBe(false);
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers only the bearer of the token', async () => {
    const token = 'scrape-token-0123456789';
    const t = await testApp({ seed: false, config: { metrics: true, metricsToken: token } });
    try {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ error: 'metrics.token' });
      expect(none.body).not.toContain('http_requests_total');
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456788' } })).statusCode).toBe(401);
      const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('# TYPE http_requests_total counter');
    } finally {
      await t.close();
    }
  });
});
