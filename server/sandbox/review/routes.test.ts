import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../core/contract';
import type { UploadResponse } from '../../../core/contract/verification';
import { listPendingDocuments, reviewDocument } from '../../domain/verification/review';
import { memoryHub } from '../../push/hub';
import { readOutbox } from '../messages/messenger';
import { testApp, type Browser, type TestApp } from '../../test/client';
import { freshUser } from '../../test/fresh-user';
import { PDF, PNG, pngFile, upload } from '../../test/upload';
import { REVIEW_COOKIE, REVIEW_PAGE_CSP } from './routes';
import { DOCUMENT_CSP } from '../../routes/upload';

/**
 * the review (start, approve, reject with a reason; Full when the required documents
 * are approved; pushes and a message to the owner) and the sandbox reviewer console
 * (/sandbox/review, behind the operator token; its JSON twin under /api/sandbox/review).
 */

const push = memoryHub();
let t: TestApp;
let operator: Record<string, string>;

beforeAll(async () => {
  t = await testApp({ push });
  operator = { 'x-sandbox-operator': t.config.sandboxOperatorToken };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('documents').execute();
});

interface Trader {
  b: Browser;
  email: string;
  id: number;
}

/** a trader who must verify (None) and may upload */
async function trader(): Promise<Trader> {
  const b = t.browser();
  const user = await freshUser(b, { verification: 'None', can_upload: true });
  return { b, email: user.email, id: Number(user.userId) };
}

async function uploaded(who: Trader, kind: string, file = pngFile()): Promise<string> {
  const res = await upload(t, who.b, { type: kind }, file);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as UploadResponse).document.id;
}

const statusOf = async (id: string) => (await t.db.selectFrom('documents').select(['status', 'reason', 'reviewed_at']).where('id', '=', id).executeTakeFirstOrThrow());
const verificationOf = async (id: number) => (await t.db.selectFrom('users').select('verification').where('id', '=', id).executeTakeFirstOrThrow()).verification;

/** the value of a set-cookie header's cookie and its attributes */
function cookieOf(res: LightMyRequestResponse, name: string): { value: string; header: string } | null {
  const headers = [res.headers['set-cookie'] ?? []].flat();
  const header = headers.find((h) => h.startsWith(`${name}=`));
  return header ? { value: header.slice(name.length + 1).split(';')[0], header } : null;
}

/** a reviewer's browser: GET/POST with the console cookie */
function reviewer(cookie: string) {
  const headers = { cookie: `${REVIEW_COOKIE}=${cookie}` };
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, form: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() }),
  };
}

async function signInReviewer(): Promise<{ cookie: string; csrf: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/review/session',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: t.config.sandboxOperatorToken }).toString(),
  });
  expect(res.statusCode).toBe(303);
  const cookie = cookieOf(res, REVIEW_COOKIE)!.value;
  const page = await reviewer(cookie).get('/sandbox/review');
  const csrf = /name="csrf" value="([^"]*)"/.exec(page.body)?.[1] ?? '';
  return { cookie, csrf };
}

describe('reviewDocument', () => {
  it('start, then approve; approve and reject straight from uploaded pass through in review; no other move; a rejection needs a reason', async () => {
    const who = await trader();
    const a = await uploaded(who, 'passport');
    expect((await reviewDocument(t.db, a, 'start')).document.status).toBe('in_review');
    await expect(reviewDocument(t.db, a, 'start')).rejects.toMatchObject({ status: 409, key: 'document.transition' });
    expect((await reviewDocument(t.db, a, 'approve')).document).toMatchObject({ status: 'approved', reason: null });
    await expect(reviewDocument(t.db, a, 'reject', 'too late')).rejects.toMatchObject({ status: 409 });
    expect((await statusOf(a)).status).toBe('approved');

    const b = await uploaded(who, 'address');
    await expect(reviewDocument(t.db, b, 'reject', '   ')).rejects.toMatchObject({ status: 400, key: 'document.reason' });
    expect((await statusOf(b)).status).toBe('uploaded');
    const rejected = await reviewDocument(t.db, b, 'reject', 'The address is cut off.');
    expect(rejected.document).toMatchObject({ status: 'rejected', reason: 'The address is cut off.' });
    expect(rejected.document.reviewed_at).not.toBeNull();

    const c = await uploaded(who, 'address');
    expect((await reviewDocument(t.db, c, 'approve')).document.status).toBe('approved');
    await expect(reviewDocument(t.db, '00000000-0000-4000-8000-000000000000', 'approve')).rejects.toMatchObject({ status: 404 });
    await expect(reviewDocument(t.db, 'nope', 'approve')).rejects.toMatchObject({ status: 404 });
  });

  it('a failed approval of an uploaded document leaves it uploaded (one transaction)', async () => {
    const who = await trader();
    const id = await uploaded(who, 'passport');
    await expect(reviewDocument(t.db, id, 'reject', 'x'.repeat(501))).rejects.toMatchObject({ status: 400 });
    expect((await statusOf(id)).status).toBe('uploaded');
  });

  it('the trader becomes Full once every required document is approved (card payers: card sides too), and not before', async () => {
    const who = await trader();
    const passport = await uploaded(who, 'passport');
    const signature = await uploaded(who, 'signature');
    const address = await uploaded(who, 'address', { filename: 'bill.pdf', type: 'application/pdf', bytes: PDF });
    expect((await reviewDocument(t.db, passport, 'approve')).becameFull).toBe(false);
    expect((await reviewDocument(t.db, signature, 'approve')).becameFull).toBe(false);
    expect(await verificationOf(who.id)).toBe('None');
    await reviewDocument(t.db, address, 'reject', 'Blurry.');
    expect(await verificationOf(who.id)).toBe('None');
    const again = await uploaded(who, 'address');
    const done = await reviewDocument(t.db, again, 'approve');
    expect(done).toMatchObject({ becameFull: true, verification: 'Full' });
    expect(await verificationOf(who.id)).toBe('Full');
    const state = await who.b.send('GET', '/api/verification/documents');
    expect(state.json()).toMatchObject({ verification: 'Full' });
  });

  it('pushes document.updated (with kind and reason) and user.updated to the owner, and emails them', async () => {
    const who = await trader();
    const other = await trader();
    const events: ServerEvent[] = [];
    const others: ServerEvent[] = [];
    const stop = push.subscribe(who.id, (e) => events.push(e));
    const stopOther = push.subscribe(other.id, (e) => others.push(e));
    try {
      const passport = await uploaded(who, 'passport');
      const address = await uploaded(who, 'address');
      events.length = 0;
      await t.app.inject({ method: 'POST', url: `/sandbox/review/${passport}`, headers: { ...operator, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' });
      expect(events).toEqual([{ type: 'document.updated', id: passport, status: 'approved', kind: 'passport' }, { type: 'user.updated' }, { type: 'notification.new' }]);
      events.length = 0;
      await t.app.inject({
        method: 'POST',
        url: `/sandbox/review/${address}`,
        headers: { ...operator, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ decision: 'reject', reason: 'The name does not match.' }).toString(),
      });
      expect(events).toEqual([{ type: 'document.updated', id: address, status: 'rejected', kind: 'address', reason: 'The name does not match.' }, { type: 'user.updated' }, { type: 'notification.new' }]);
      expect(others).toEqual([]);
      // the bell's notifications, stored with each review
      const notes = await t.db.selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', who.id).where('kind', 'like', 'document.%').orderBy('id').execute();
      expect(notes).toEqual([
        { kind: 'document.approved', params: { document: 'passport' } },
        { kind: 'document.rejected', params: { document: 'address', reason: 'The name does not match.' } },
      ]);
    } finally {
      stop();
      stopOther();
    }
    const subjects = (await readOutbox(t.db, who.email)).map((m) => m.subject);
    expect(subjects).toEqual(['Your proof of address was rejected: The name does not match.', 'Your passport was approved']);
    expect(await readOutbox(t.db, other.email)).toEqual([]);
  });

  it('listPendingDocuments: uploaded and in review only, oldest first, with the owner email and without content', async () => {
    const who = await trader();
    const first = await uploaded(who, 'passport');
    const second = await uploaded(who, 'address');
    const third = await uploaded(who, 'signature');
    await reviewDocument(t.db, second, 'start');
    await reviewDocument(t.db, third, 'approve');
    const pending = await listPendingDocuments(t.db);
    expect(pending.map((d) => [d.id, d.status, d.email, d.kind])).toEqual([
      [first, 'uploaded', who.email, 'passport'],
      [second, 'in_review', who.email, 'address'],
    ]);
    for (const d of pending) expect(d).not.toHaveProperty('content');
  });
});

describe('the sandbox reviewer console', () => {
  it('asks for the operator token without telling it; a wrong token is 403 with a message and no cookie', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/review', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(REVIEW_PAGE_CSP);
    expect(page.body).toContain('<title>Sandbox reviewer console</title>');
    expect(page.body).toContain('Sandbox:');
    expect(page.body).toContain('action="/sandbox/review/session"');
    expect(page.body).toContain('name="token"');
    expect(page.body).not.toContain(t.config.sandboxOperatorToken);
    expect(page.body).not.toContain('<script');

    const wrong = await t.app.inject({ method: 'POST', url: '/sandbox/review/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'token=guess' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('That is not the sandbox operator token');
    expect(cookieOf(wrong, REVIEW_COOKIE)).toBeNull();
    const missing = await t.app.inject({ method: 'POST', url: '/sandbox/review/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(missing.statusCode).toBe(403);
  });

  it('the token sets an HttpOnly, SameSite=Strict cookie on /sandbox (not the token); the console lists, previews and acts with the form CSRF', async () => {
    const who = await trader();
    const png = await uploaded(who, 'passport');
    const pdf = await uploaded(who, 'address', { filename: 'bill.pdf', type: 'application/pdf', bytes: PDF });

    const session = await t.app.inject({
      method: 'POST',
      url: '/sandbox/review/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: t.config.sandboxOperatorToken }).toString(),
    });
    expect(session.statusCode).toBe(303);
    expect(session.headers.location).toBe('/sandbox/review');
    const cookie = cookieOf(session, REVIEW_COOKIE)!;
    expect(cookie.header).toMatch(/HttpOnly/i);
    expect(cookie.header).toMatch(/SameSite=Strict/i);
    expect(cookie.header).toMatch(/Path=\/sandbox(;|$)/);
    expect(cookie.value).not.toContain(t.config.sandboxOperatorToken);

    const r = reviewer(cookie.value);
    const page = await r.get('/sandbox/review');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(REVIEW_PAGE_CSP);
    expect(page.body).toContain(who.email);
    expect(page.body).toContain('proof of address');
    expect(page.body).toContain(`<img class="preview" src="/sandbox/review/file/${png}"`);
    expect(page.body).toContain(`<a href="/sandbox/review/file/${pdf}">Open the PDF</a>`);
    expect(page.body).toContain('Start review');
    expect(page.body).toMatch(/name="reason" required/);
    expect(page.body).not.toContain(t.config.sandboxOperatorToken);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(csrf).toBeTruthy();

    // the preview: served so that it runs nothing; inline for an image, attachment for a PDF
    const image = await r.get(`/sandbox/review/file/${png}`);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline; /);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe(DOCUMENT_CSP);
    const file = await r.get(`/sandbox/review/file/${pdf}`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.headers['content-security-policy']).toBe(DOCUMENT_CSP);
    // not to anyone else, not even the owner
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/review/file/${png}` })).statusCode).toBe(403);
    expect((await who.b.send('GET', `/sandbox/review/file/${png}`)).statusCode).toBe(403);
    expect((await reviewer('forged.cookie').get(`/sandbox/review/file/${png}`)).statusCode).toBe(403);

    // start, then approve, with the form's CSRF field → 303 back with a flash
    const started = await r.post(`/sandbox/review/${png}`, { decision: 'start', csrf: csrf! });
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toBe('/sandbox/review?done=in_review');
    expect((await statusOf(png)).status).toBe('in_review');
    const approved = await r.post(`/sandbox/review/${png}`, { decision: 'approve', csrf: csrf! });
    expect(approved.headers.location).toBe('/sandbox/review?done=approved');
    expect((await statusOf(png)).status).toBe('approved');
    expect((await r.get('/sandbox/review?done=approved')).body).toContain('Document approved.');
    // a rejection without a reason changes nothing and says so
    const noReason = await r.post(`/sandbox/review/${pdf}`, { decision: 'reject', reason: '', csrf: csrf! });
    expect(noReason.headers.location).toBe('/sandbox/review?error=document.reason');
    expect((await statusOf(pdf)).status).toBe('uploaded');
    expect((await r.get(noReason.headers.location as string)).body).toContain('the reason is required');
    // a second approval of the same document: 409 inside, a flash outside
    expect((await r.post(`/sandbox/review/${png}`, { decision: 'approve', csrf: csrf! })).headers.location).toBe('/sandbox/review?error=document.transition');
  });

  it('refuses an action without the form CSRF field, with a wrong one, or without access: 403 and nothing changes; never a change on GET', async () => {
    const who = await trader();
    const id = await uploaded(who, 'passport');
    const { cookie, csrf } = await signInReviewer();
    expect(csrf).not.toBe('');
    const r = reviewer(cookie);
    const missing = await r.post(`/sandbox/review/${id}`, { decision: 'approve' });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain('Nothing changed');
    const wrong = await r.post(`/sandbox/review/${id}`, { decision: 'approve', csrf: `${csrf}x` });
    expect(wrong.statusCode).toBe(403);
    // the CSRF of another reviewer session does not fit this cookie
    const second = await signInReviewer();
    expect(second.csrf).not.toBe(csrf);
    expect((await r.post(`/sandbox/review/${id}`, { decision: 'approve', csrf: second.csrf })).statusCode).toBe(403);
    // no cookie, or a forged one
    const none = await t.app.inject({ method: 'POST', url: `/sandbox/review/${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `decision=approve&csrf=${csrf}` });
    expect(none.statusCode).toBe(403);
    expect((await reviewer(`${cookie.split('.')[0]}.AAAA`).post(`/sandbox/review/${id}`, { decision: 'approve', csrf })).statusCode).toBe(403);
    // a signed-in trader is not a reviewer
    expect((await who.b.send('POST', `/sandbox/review/${id}`, { form: { decision: 'approve', csrf } })).statusCode).toBe(403);
    // GET on an action address changes nothing
    await r.get(`/sandbox/review/${id}?decision=approve`);
    expect((await statusOf(id)).status).toBe('uploaded');
  });

  it('the x-sandbox-operator header gives access without cookie or form CSRF', async () => {
    const who = await trader();
    const id = await uploaded(who, 'passport');
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/review', headers: operator });
    expect(page.body).toContain(who.email);
    const res = await t.app.inject({ method: 'POST', url: `/sandbox/review/${id}`, headers: { ...operator, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' });
    expect(res.statusCode).toBe(303);
    expect((await statusOf(id)).status).toBe('approved');
    const wrongHeader = await t.app.inject({ method: 'GET', url: `/sandbox/review/file/${id}`, headers: { 'x-sandbox-operator': 'not-the-token' } });
    expect(wrongHeader.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/review/file/${id}`, headers: operator })).statusCode).toBe(200);
  });

  it('escapes every value: a reason with <script> shows as text', async () => {
    const who = await trader();
    const id = await uploaded(who, 'passport');
    const reason = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/review/${id}`,
      headers: { ...operator, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'reject', reason }).toString(),
    });
    expect(res.headers.location).toBe('/sandbox/review?done=rejected');
    expect((await statusOf(id)).reason).toBe(reason);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/review?done=<script>x</script>&error=<b>', headers: operator });
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<b>');
  });

  it('the JSON twin: operator header only (403 otherwise); lists pending documents and decides', async () => {
    const who = await trader();
    const id = await uploaded(who, 'passport');
    const b = t.browser();
    await b.me();
    expect((await b.send('GET', '/api/sandbox/review/documents')).statusCode).toBe(403);
    const refused = await who.b.send('POST', `/api/sandbox/review/${id}`, { json: { decision: 'approve' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'sandbox.operator' });
    expect((await statusOf(id)).status).toBe('uploaded');

    const list = await b.send('GET', '/api/sandbox/review/documents', { headers: operator });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { documents: { id: string; email: string }[] }).documents).toEqual([expect.objectContaining({ id, email: who.email, kind: 'passport', status: 'uploaded' })]);
    const bad = await b.send('POST', `/api/sandbox/review/${id}`, { json: { decision: 'maybe' }, headers: operator });
    expect(bad.statusCode).toBe(400);
    const noReason = await b.send('POST', `/api/sandbox/review/${id}`, { json: { decision: 'reject' }, headers: operator });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: 'document.reason' });
    const ok = await b.send('POST', `/api/sandbox/review/${id}`, { json: { decision: 'reject', reason: 'Expired passport.' }, headers: operator });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ document: { id, status: 'rejected', reason: 'Expired passport.' }, verification: 'None', becameFull: false });
    const again = await b.send('POST', `/api/sandbox/review/${id}`, { json: { decision: 'approve' }, headers: operator });
    expect(again.statusCode).toBe(409);
    // the trader sees the reason
    const state = await who.b.send('GET', '/api/verification/documents');
    expect(state.json()).toMatchObject({ documents: [expect.objectContaining({ id, status: 'rejected', reason: 'Expired passport.' })] });
  });
});

describe('without sandbox mode', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await testApp({ config: { sandbox: false } });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('the console and its JSON twin do not exist: 404, a page request included', async () => {
    const headers = { 'x-sandbox-operator': plain.config.sandboxOperatorToken };
    expect((await plain.app.inject({ method: 'GET', url: '/sandbox/review', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/sandbox/review', headers })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'POST', url: '/sandbox/review/session', payload: { token: 'x' } })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/sandbox/review/file/00000000-0000-4000-8000-000000000000', headers })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/api/sandbox/review/documents', headers })).statusCode).toBe(404);
    const b = plain.browser();
    await b.me();
    expect((await b.send('POST', '/api/sandbox/review/00000000-0000-4000-8000-000000000000', { json: { decision: 'approve' }, headers })).statusCode).toBe(404);
  });
});
