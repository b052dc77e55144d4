import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPLAINT_CATEGORIES, COMPLAINT_RULES } from '../../core/complaints';
import { ComplaintList, ComplaintResponse } from '../../core/contract/complaints';
import type { ServerEvent } from '../../core/contract/events';
import { NotificationList } from '../../core/contract/notifications';
import { memoryHub } from '../push/hub';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { readOutbox } from '../test/sandbox';

/**
 * Complaints over HTTP: the three trader calls of core/contract/complaints.ts, and the sandbox
 * complaints desk (console and JSON twin). The clock is set with fake timers (Date only) to fixed
 * moments in the past, after the traders have signed in (their sessions stay live); the real
 * clock and the machine's zone are never read by an assertion. Each test fixes its own year so the
 * references it counts are its own.
 */

const push = memoryHub();
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ push });
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const OMBUDSMAN = { name: 'Financial Ombudsman of the Republic of Cyprus', url: 'https://www.financialombudsman.gov.cy' };

async function trader() {
  const b = t.browser();
  const user = await freshUser(b);
  const id = Number(user.userId);
  const events: ServerEvent[] = [];
  push.subscribe(id, (e) => events.push(e));
  return { b, id, email: user.email, events };
}

/** the clock from here on (Date only) */
function clockAt(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

let keys = 0;
const body = (over: Record<string, unknown> = {}) => ({
  key: `route-complaint-${++keys}`,
  category: 'withdrawal',
  subject: 'My withdrawal is late',
  text: 'I asked for a withdrawal ten days ago and it has not arrived yet.',
  ...over,
});
const make = (b: Browser, json: unknown) => b.send('POST', '/api/complaints', { json });
const operatorHeaders = () => ({ 'x-sandbox-operator': t.config.sandboxOperatorToken });

describe('the trader: GET /api/complaints, POST /api/complaints, GET /api/complaints/{reference}', () => {
  it('signed in only; the POST needs the CSRF header', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/complaints')).json()).toMatchObject({ error: 'auth.required' });
    expect((await visitor.send('GET', '/api/complaints/CMP-2026-000001')).statusCode).toBe(401);
    const anonymous = await make(visitor, body());
    expect([anonymous.statusCode, anonymous.json().error]).toEqual([401, 'auth.required']);
    const { b } = await trader();
    const forged = await b.send('POST', '/api/complaints', { json: body(), csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
    expect(ComplaintList.parse((await b.send('GET', '/api/complaints')).json())).toEqual({ complaints: [] });
  });

  it('makes one (acknowledged in the app and by email at once, pushed), lists it, shows it to its owner only', async () => {
    const a = await trader();
    const other = await trader();
    clockAt('2025-03-03T10:00:00Z');
    const res = await make(a.b, body({ category: 'execution', subject: 'Order filled at the wrong price' }));
    expect(res.statusCode, res.body).toBe(200);
    const { complaint } = ComplaintResponse.parse(res.json());
    expect(complaint).toEqual({
      reference: expect.stringMatching(/^CMP-2025-\d{6}$/),
      category: 'execution',
      subject: 'Order filled at the wrong price',
      text: 'I asked for a withdrawal ten days ago and it has not arrived yet.',
      status: 'open',
      created_at: '2025-03-03T10:00:00.000Z',
      acknowledged_at: '2025-03-03T10:00:00.000Z',
      due_at: '2025-05-03T10:00:00.000Z',
      answer: null,
    });
    expect(a.events).toContainEqual({ type: 'notification.new' });
    expect(a.events.filter((e) => e.type === 'complaint.updated')).toEqual([]);
    const bell = NotificationList.parse((await a.b.send('GET', '/api/us/notifications')).json());
    expect(bell.notifications[0]).toMatchObject({ kind: 'complaint.acknowledged', params: { reference: complaint.reference, due: '03.05.2025', due_at: '2025-05-03T10:00:00.000Z' } });
    const [mail] = await readOutbox(t.db, a.email);
    expect(mail.subject).toBe(`Your complaint is registered: ${complaint.reference}`);
    expect(mail.body).toContain('by 03.05.2025 (UTC)');

    expect(ComplaintList.parse((await a.b.send('GET', '/api/complaints')).json()).complaints).toEqual([complaint]);
    expect(ComplaintResponse.parse((await a.b.send('GET', `/api/complaints/${complaint.reference}`)).json())).toEqual({ complaint });
    for (const path of [`/api/complaints/${complaint.reference}`, '/api/complaints/CMP-2025-999999', '/api/complaints/not-a-reference']) {
      const foreign = await other.b.send('GET', path);
      expect([foreign.statusCode, foreign.json().error], path).toEqual([404, 'complaint.not_found']);
    }
    expect(ComplaintList.parse((await other.b.send('GET', '/api/complaints')).json()).complaints).toEqual([]);
  });

  it('is idempotent by key; every bad input is 400 with its key and writes nothing; the sixth of a UTC day is 429', async () => {
    const a = await trader();
    clockAt('2025-07-14T08:00:00Z');
    const first = body();
    const made = ComplaintResponse.parse((await make(a.b, first)).json()).complaint;
    expect(ComplaintResponse.parse((await make(a.b, first)).json()).complaint).toEqual(made);
    const reused = await make(a.b, { ...first, subject: 'Another subject' });
    expect([reused.statusCode, reused.json().error]).toEqual([409, 'complaint.key_reused']);

    const count = async () => Number((await t.db.selectFrom('complaints').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', a.id).executeTakeFirstOrThrow()).n);
    const before = await count();
    const bad: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ category: 'lottery' }, 'complaint.category', { category: 'complaint.category' }],
      [{ subject: ' a ' }, 'complaint.subject', { subject: 'complaint.subject' }],
      [{ subject: 'x'.repeat(COMPLAINT_RULES.subjectMax + 1) }, 'complaint.subject', { subject: 'complaint.subject' }],
      [{ text: 'Too short.' }, 'complaint.text', { text: 'complaint.text' }],
      [{ text: 'x'.repeat(COMPLAINT_RULES.textMax + 1) }, 'complaint.text', { text: 'complaint.text' }],
      [{ key: 'bad key!' }, 'validation', { key: 'complaint.key' }],
      [{ key: undefined }, 'validation', { key: 'validation.required' }],
      [{ subject: 42 }, 'validation', { subject: 'validation.type' }],
    ];
    for (const [over, error, fields] of bad) {
      const res = await make(a.b, body(over));
      expect([res.statusCode, res.json().error, res.json().fields], JSON.stringify(over)).toEqual([400, error, fields]);
    }
    expect(await count()).toBe(before);

    for (let i = 1; i < COMPLAINT_RULES.perDay; i++) expect((await make(a.b, body())).statusCode).toBe(200);
    vi.setSystemTime(new Date('2025-07-14T23:00:00Z'));
    const limited = await make(a.b, body());
    expect([limited.statusCode, limited.json().error, limited.headers['retry-after']]).toEqual([429, 'complaint.rate', '3600']);
    expect(await count()).toBe(COMPLAINT_RULES.perDay);
    vi.setSystemTime(new Date('2025-07-15T00:00:00Z'));
    expect((await make(a.b, body())).statusCode).toBe(200);
  });

  it('30 complaints posted at once get 30 distinct consecutive references', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, () => trader()));
    clockAt('2024-02-29T12:00:00Z');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => make(six[i % 6].b, body())));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const made = answers.map((r) => ComplaintResponse.parse(r.json()).complaint);
    expect(made.map((c) => c.reference).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `CMP-2024-${String(i + 1).padStart(6, '0')}`));
    expect(new Set(made.map((c) => c.due_at))).toEqual(new Set(['2024-04-29T12:00:00.000Z']));
  });
});

/** the rows of the console's desk table: reference and flag text, in page order */
function deskRows(html: string): { reference: string; urgency: string; status: string }[] {
  return [...html.matchAll(/<tr data-complaint="([^"]+)" data-status="([^"]+)" data-urgency="([^"]*)">/g)].map((m) => ({ reference: m[1], status: m[2], urgency: m[3] }));
}

describe('the sandbox complaints desk: /sandbox/complaints and /api/sandbox/complaints', () => {
  it('is 403 without the operator, and shows nothing of the complaints', async () => {
    const a = await trader();
    clockAt('2023-06-01T10:00:00Z');
    const made = ComplaintResponse.parse((await make(a.b, body())).json()).complaint;
    for (const b of [t.browser(), a.b]) {
      const page = await b.send('GET', '/sandbox/complaints');
      expect(page.statusCode).toBe(403);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Enter the sandbox operator token');
      expect(page.body).not.toContain(made.reference);
      const json = await b.send('GET', '/api/sandbox/complaints');
      expect([json.statusCode, json.json().error]).toEqual([403, 'sandbox.operator']);
    }
    const wrong = await t.browser().send('POST', '/sandbox/complaints/session', { form: { token: 'not-the-token' } });
    expect(wrong.statusCode).toBe(403);
  });

  it('lists by due date with Past due / Due soon flags, escapes what traders wrote, runs no script; counts a month by category', async () => {
    const a = await trader();
    const b = await trader();
    clockAt('2023-01-10T09:00:00Z');
    const overdue = ComplaintResponse.parse((await make(a.b, body({ subject: '<script>alert("x")</script> & <b>bold</b>', text: 'It said <img src=x onerror=alert(1)> and nothing else happened.' }))).json()).complaint;
    vi.setSystemTime(new Date('2023-02-20T09:00:00Z'));
    const near = ComplaintResponse.parse((await make(b.b, body({ category: 'bonus' }))).json()).complaint;
    vi.setSystemTime(new Date('2023-03-01T09:00:00Z'));
    const ok = ComplaintResponse.parse((await make(a.b, body({ category: 'bonus' }))).json()).complaint;
    // 10 April: the first was due on 10 March, the second is due on 20 April (10 days), the third on 1 May
    vi.setSystemTime(new Date('2023-04-10T09:00:00Z'));
    const operator = t.browser();
    const page = await operator.send('GET', '/sandbox/complaints', { headers: operatorHeaders() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Sandbox: a simulated complaints desk');
    expect(page.body).not.toMatch(/<script|<img|<b>/i);
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const mine = deskRows(page.body).filter((r) => [overdue.reference, near.reference, ok.reference].includes(r.reference));
    expect(mine).toEqual([
      { reference: overdue.reference, status: 'open', urgency: 'overdue' },
      { reference: near.reference, status: 'open', urgency: 'near' },
      { reference: ok.reference, status: 'open', urgency: 'ok' },
    ]);
    const rowOf = (reference: string) => page.body.slice(page.body.indexOf(`data-complaint="${reference}"`)).split('</tr>')[0];
    expect(rowOf(overdue.reference)).toContain('Past due');
    expect(rowOf(near.reference)).toContain('Due soon');
    expect(rowOf(ok.reference)).not.toMatch(/Past due|Due soon/);
    expect(rowOf(ok.reference)).toContain('name="answer"');
    expect(page.body).toContain('Financial Ombudsman of the Republic of Cyprus');

    // the current month (April 2023: none of these) and a month picked
    expect(page.body).toContain('Complaints made in 2023-04 (UTC), by category');
    const january = await operator.send('GET', '/sandbox/complaints?month=2023-01', { headers: operatorHeaders() });
    expect(january.body).toContain('Complaints made in 2023-01 (UTC), by category');
    const countOf = (html: string, category: string) => new RegExp(`<tr data-category="${category}"><t[dh]>[^<]*</t[dh]><t[dh]>(\\d+)</t[dh]></tr>`).exec(html)?.[1];
    expect(COMPLAINT_CATEGORIES.map((c) => countOf(january.body, c))).toEqual(COMPLAINT_CATEGORIES.map((c) => (c === 'withdrawal' ? '1' : '0')));
    expect(countOf(january.body, 'total')).toBe('1');
    const bogus = await operator.send('GET', '/sandbox/complaints?month=2023-13', { headers: operatorHeaders() });
    expect(bogus.body).toContain('That is not a month');
    expect(bogus.body).toContain('Complaints made in 2023-04 (UTC)');

    // the JSON twin: the same desk and a month's counts
    const json = await operator.send('GET', '/api/sandbox/complaints?month=2023-02', { headers: operatorHeaders() });
    expect(json.statusCode).toBe(200);
    const desk = json.json() as { now: string; complaints: { reference: string; urgency: string | null; email: string }[]; counts: { month: string; total: number; categories: { category: string; count: number }[] } };
    expect(desk.now).toBe('2023-04-10T09:00:00.000Z');
    expect(desk.complaints.filter((c) => [overdue.reference, near.reference, ok.reference].includes(c.reference)).map((c) => [c.reference, c.urgency, c.email])).toEqual([
      [overdue.reference, 'overdue', a.email],
      [near.reference, 'near', b.email],
      [ok.reference, 'ok', a.email],
    ]);
    expect(desk.counts).toEqual({ month: '2023-02', total: 1, categories: COMPLAINT_CATEGORIES.map((category) => ({ category, count: category === 'bonus' ? 1 : 0 })) });
    expect((await operator.send('GET', '/api/sandbox/complaints', { headers: operatorHeaders() })).json().counts.month).toBe('2023-04');
    const badMonth = await operator.send('GET', '/api/sandbox/complaints?month=April', { headers: operatorHeaders() });
    expect([badMonth.statusCode, badMonth.json().error]).toEqual([400, 'complaint.month']);
  });

  it('the console gives the final answer once, with the shared operator sign-in and its form CSRF field', async () => {
    const a = await trader();
    clockAt('2022-05-02T09:00:00Z');
    const made = ComplaintResponse.parse((await make(a.b, body())).json()).complaint;
    // the console cookie is no session of the app: it holds whatever the clock says
    const operator = t.browser();
    const signed = await operator.send('POST', '/sandbox/complaints/session', { form: { token: t.config.sandboxOperatorToken } });
    expect([signed.statusCode, signed.headers.location]).toEqual([303, '/sandbox/complaints']);
    const page = await operator.send('GET', '/sandbox/complaints');
    expect(page.statusCode).toBe(200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(csrf).toBeTruthy();
    const answer = 'We looked into it: the payout was held by the processor and is now paid.';
    vi.setSystemTime(new Date('2022-05-20T15:30:00Z'));

    const forged = await operator.send('POST', '/sandbox/complaints/answer', { form: { reference: made.reference, answer, agent: 'Anna' } });
    expect(forged.statusCode).toBe(403);
    const short = await operator.send('POST', '/sandbox/complaints/answer', { form: { csrf: csrf!, reference: made.reference, answer: 'Too short.', agent: 'Anna', month: '2022-05' } });
    expect([short.statusCode, short.headers.location]).toEqual([303, `/sandbox/complaints?error=complaint.answer&ref=${made.reference}&month=2022-05`]);
    expect(ComplaintResponse.parse((await a.b.send('GET', `/api/complaints/${made.reference}`)).json()).complaint.status).toBe('open');

    const done = await operator.send('POST', '/sandbox/complaints/answer', { form: { csrf: csrf!, reference: made.reference, answer, agent: 'Anna' } });
    expect([done.statusCode, done.headers.location]).toEqual([303, `/sandbox/complaints?done=answered&ref=${made.reference}`]);
    const flash = await operator.send('GET', done.headers.location as string);
    expect(flash.body).toContain('The final answer was sent');
    expect(deskRows(flash.body).find((r) => r.reference === made.reference)).toEqual({ reference: made.reference, status: 'answered', urgency: '' });

    const seen = ComplaintResponse.parse((await a.b.send('GET', `/api/complaints/${made.reference}`)).json()).complaint;
    expect(seen).toMatchObject({ status: 'answered', answer: { text: answer, at: '2022-05-20T15:30:00.000Z', ombudsman: OMBUDSMAN } });
    const bell = NotificationList.parse((await a.b.send('GET', '/api/us/notifications')).json());
    expect(bell.notifications[0]).toMatchObject({ kind: 'complaint.answered', params: { reference: made.reference, ombudsman: OMBUDSMAN.name } });
    const [mail] = await readOutbox(t.db, a.email);
    expect(mail.subject).toBe(`Our final answer to your complaint ${made.reference}`);
    expect(mail.body).toContain(`${OMBUDSMAN.name} (${OMBUDSMAN.url})`);

    const again = await operator.send('POST', '/sandbox/complaints/answer', { form: { csrf: csrf!, reference: made.reference, answer: `${answer} Again.`, agent: 'Bob' } });
    expect(again.headers.location).toBe(`/sandbox/complaints?error=complaint.answered&ref=${made.reference}`);
    expect((await t.db.selectFrom('complaints').select('answered_by').where('reference', '=', made.reference).executeTakeFirstOrThrow()).answered_by).toBe('Anna');
  });

  it('the JSON twin answers with the operator header and the session’s CSRF header, once', async () => {
    const a = await trader();
    // the operator's session, made before the clock is set (a session made at a set moment ends 12 hours after it)
    const operator = t.browser();
    await operator.me();
    clockAt('2021-09-01T09:00:00Z');
    const made = ComplaintResponse.parse((await make(a.b, body())).json()).complaint;
    const answer = { reference: made.reference, answer: 'Our final answer: the fee was charged in error and is refunded.' };
    const noCsrf = await operator.send('POST', '/api/sandbox/complaints/answer', { json: answer, headers: operatorHeaders(), csrf: false });
    expect([noCsrf.statusCode, noCsrf.json().error]).toEqual([403, 'csrf']);
    const noHeader = await operator.send('POST', '/api/sandbox/complaints/answer', { json: answer });
    expect([noHeader.statusCode, noHeader.json().error]).toEqual([403, 'sandbox.operator']);
    const traderTried = await a.b.send('POST', '/api/sandbox/complaints/answer', { json: answer });
    expect([traderTried.statusCode, traderTried.json().error]).toEqual([403, 'sandbox.operator']);

    vi.setSystemTime(new Date('2021-09-02T09:00:00Z'));
    const res = await operator.send('POST', '/api/sandbox/complaints/answer', { json: answer, headers: operatorHeaders() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      complaint: {
        reference: made.reference,
        userId: a.id,
        email: a.email,
        category: 'withdrawal',
        subject: made.subject,
        text: made.text,
        status: 'answered',
        created_at: '2021-09-01T09:00:00.000Z',
        acknowledged_at: '2021-09-01T09:00:00.000Z',
        due_at: '2021-11-01T09:00:00.000Z',
        urgency: null,
        answer: answer.answer,
        answered_at: '2021-09-02T09:00:00.000Z',
        answered_by: 'Sandbox agent',
      },
    });
    expect(a.events).toEqual(expect.arrayContaining([{ type: 'complaint.updated', id: made.reference, status: 'answered' }]));
    const twice = await operator.send('POST', '/api/sandbox/complaints/answer', { json: { ...answer, agent: 'Bob' }, headers: operatorHeaders() });
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'complaint.answered']);
    const unknown = await operator.send('POST', '/api/sandbox/complaints/answer', { json: { ...answer, reference: 'CMP-2021-999999' }, headers: operatorHeaders() });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'complaint.not_found']);
    const invalid = await operator.send('POST', '/api/sandbox/complaints/answer', { json: { reference: made.reference }, headers: operatorHeaders() });
    expect([invalid.statusCode, invalid.json().error]).toEqual([400, 'validation']);
  });
});
