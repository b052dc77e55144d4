import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import { TicketThread } from '../../core/contract/support';
import { CONSOLE_COOKIE, CONSOLE_PAGE_CSP } from '../sandbox/operator-console';
import { memoryHub } from '../push/hub';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { multipartBody, PDF, PNG } from '../test/upload';

/**
 * the sandbox agent console (/sandbox/desk, behind the operator token) and its JSON
 * twin (/api/sandbox/desk/*): tickets by department with their thread escaped, an agent's answer
 * with a file (stored as the ticket's trader's attachment), status, call-backs marked done,
 * contact messages; nothing of it without sandbox mode.
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

const key = () => `k_${randomUUID().replace(/-/g, '').slice(0, 20)}`;

async function trader(): Promise<{ b: Browser; id: number; email: string }> {
  const b = t.browser();
  const user = await freshUser(b, {});
  return { b, id: Number(user.userId), email: user.email };
}

async function ticket(b: Browser, body: Record<string, unknown> = {}): Promise<TicketThread> {
  const res = await b.send('POST', '/api/kayako/ticket', { json: { priority: '1', departments: '62', subject: 'Help', content: 'Please help.', key: key(), ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return TicketThread.parse(res.json());
}

/** signs in at the console; the form csrf is read from a ticket's page (every ticket page has forms) */
async function signInAgent(ticketId?: string): Promise<{ cookie: string; csrf: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/desk/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ token: t.config.sandboxOperatorToken }).toString() });
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe('/sandbox/desk');
  const header = [res.headers['set-cookie'] ?? []].flat().find((h) => h.startsWith(`${CONSOLE_COOKIE}=`))!;
  const cookie = header.slice(CONSOLE_COOKIE.length + 1).split(';')[0];
  const page = await t.app.inject({ method: 'GET', url: ticketId ? `/sandbox/desk/ticket/${ticketId}` : '/sandbox/desk', headers: { cookie: `${CONSOLE_COOKIE}=${cookie}` } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return { cookie, csrf };
}

const html = (res: LightMyRequestResponse) => {
  expect(res.headers['content-security-policy']).toBe(CONSOLE_PAGE_CSP);
  return res.body;
};

describe('the agent console', () => {
  it('needs the operator: the token form, a wrong token 403, the JSON twin 403 without the header', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/desk' });
    expect(page.statusCode).toBe(200);
    expect(html(page)).toContain('Enter the sandbox operator token');
    expect(page.body).toContain('Sandbox: a simulated help desk');
    const wrong = await t.app.inject({ method: 'POST', url: '/sandbox/desk/session', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'token=nope' });
    expect(wrong.statusCode).toBe(403);
    const who = await trader();
    const thread = await ticket(who.b);
    const status = await t.app.inject({ method: 'POST', url: `/sandbox/desk/ticket/${thread.ticket.id}/status`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'status=3' });
    expect(status.statusCode).toBe(403);
    // a trader is no operator
    for (const url of ['/api/sandbox/desk/tickets', '/api/sandbox/desk/callbacks', '/api/sandbox/desk/contacts', `/api/sandbox/desk/tickets/${thread.ticket.id}`]) {
      const res = await who.b.send('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ error: 'sandbox.operator' });
    }
    const reply = await who.b.send('POST', `/api/sandbox/desk/tickets/${thread.ticket.id}/reply`, { json: { name: 'Me', content: 'I am the agent now' } });
    expect(reply.statusCode).toBe(403);
    const shown = TicketThread.parse((await who.b.send('POST', '/api/kayako/show', { json: { id: thread.ticket.id } })).json());
    expect(shown.ticket.status_id).toBe(1);
    expect(shown.messages).toHaveLength(1);
  });

  it('lists tickets by department, escapes a <script> subject and message, shows what it is about with its status', async () => {
    const who = await trader();
    const withdrawal = randomUUID();
    const account = await t.db.selectFrom('accounts').select('id').where('user_id', '=', who.id).orderBy('id').executeTakeFirstOrThrow();
    const tx = await t.db.selectFrom('ledger_entries').select('tx_id').where('account_id', '=', account.id).executeTakeFirstOrThrow();
    await t.db
      .insertInto('withdrawals')
      .values({ id: withdrawal, user_id: who.id, account_id: account.id, request_key: randomUUID(), amount_minor: 1000n, currency: 'USD', method: 'bank', wallet: 'x', alt: '', fixed: false, bonus_forfeited: false, status: 'pending', hold_tx_id: tx.tx_id })
      .execute();
    const evil = await ticket(who.b, { subject: '<script>alert(1)</script>', content: '<img src=x onerror=alert(1)> & "quotes"', departments: '38', about: { kind: 'withdrawal', id: withdrawal } });
    const plain = await ticket(who.b, { subject: 'Plain general question', departments: '27' });
    const { cookie } = await signInAgent();
    const headers = { cookie: `${CONSOLE_COOKIE}=${cookie}` };
    const list = html(await t.app.inject({ method: 'GET', url: '/sandbox/desk', headers }));
    expect(list).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(list).not.toContain('<script');
    expect(list).toContain('Plain general question');
    expect(list).toContain(`withdrawal ${withdrawal} (USD): <strong>pending</strong>`);
    const withdrawals = html(await t.app.inject({ method: 'GET', url: '/sandbox/desk?department=38', headers }));
    expect(withdrawals).toContain(`data-ticket="${evil.ticket.id}"`);
    expect(withdrawals).not.toContain(`data-ticket="${plain.ticket.id}"`);
    const one = html(await t.app.inject({ method: 'GET', url: `/sandbox/desk/ticket/${evil.ticket.id}`, headers }));
    expect(one).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(one).not.toContain('<img src=x');
    expect(one).toContain('now <strong>pending</strong>');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/desk/ticket/99999999', headers })).statusCode).toBe(404);
  });

  it('answers through the form with a file: the trader owns the attachment, gets it pushed and unread; the status form works', async () => {
    const who = await trader();
    const other = await trader();
    const thread = await ticket(who.b);
    const id = thread.ticket.id;
    const { cookie, csrf } = await signInAgent(id);
    expect(csrf).not.toBe('');
    const events: ServerEvent[] = [];
    const stop = push.subscribe(who.id, (e) => events.push(e));
    try {
      // a form without the console's csrf field changes nothing
      const forged = multipartBody({ name: 'Agent', content: 'forged' });
      const refused = await t.app.inject({ method: 'POST', url: `/sandbox/desk/ticket/${id}/reply`, headers: { cookie: `${CONSOLE_COOKIE}=${cookie}`, 'content-type': forged.contentType }, payload: forged.body });
      expect(refused.statusCode).toBe(403);
      expect(events).toEqual([]);

      const form = multipartBody({ csrf, name: 'Boris', content: 'Here is your statement.' }, { filename: 'statement.pdf', type: 'application/pdf', bytes: PDF });
      const res = await t.app.inject({ method: 'POST', url: `/sandbox/desk/ticket/${id}/reply`, headers: { cookie: `${CONSOLE_COOKIE}=${cookie}`, 'content-type': form.contentType }, payload: form.body });
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe(`/sandbox/desk/ticket/${id}?done=replied`);
      expect(events).toEqual([{ type: 'ticket.updated', id, status: '2' }, { type: 'user.updated' }, { type: 'notification.new' }]);
      // the bell's notification, stored with the reply
      expect(await t.db.selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', who.id).where('kind', '=', 'support.replied').execute()).toEqual([{ kind: 'support.replied', params: { ticket: String(id), agent: 'Boris' } }]);

      const status = await t.app.inject({ method: 'POST', url: `/sandbox/desk/ticket/${id}/status`, headers: { cookie: `${CONSOLE_COOKIE}=${cookie}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ csrf, status: '3' }).toString() });
      expect(status.headers.location).toBe(`/sandbox/desk/ticket/${id}?done=status`);
      expect(events.at(-2)).toEqual({ type: 'ticket.updated', id, status: '3' });
    } finally {
      stop();
    }
    expect((await who.b.me()).user).toMatchObject({ support_unread: 1 });
    const shown = TicketThread.parse((await who.b.send('POST', '/api/kayako/show', { json: { id } })).json());
    expect(shown.ticket.status_id).toBe(3);
    const answer = shown.messages[1];
    expect(answer).toMatchObject({ author: 'agent', name: 'Boris', content: 'Here is your statement.', attachments: [expect.objectContaining({ name: 'statement.pdf', mime: 'application/pdf' })] });
    const attachmentId = answer.attachments[0].id;
    const owner = await t.db.selectFrom('documents').select(['user_id', 'kind']).where('id', '=', attachmentId).executeTakeFirstOrThrow();
    expect(owner).toEqual({ user_id: who.id, kind: 'attachment' });
    const file = await who.b.send('GET', `/api/kayako/att?id=${id}&pid=${attachmentId}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await other.b.send('GET', `/api/kayako/att?id=${id}&pid=${attachmentId}`)).statusCode).toBe(404);
    // the agent can open it in the console
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/desk/file/${id}/${attachmentId}`, headers: { cookie: `${CONSOLE_COOKIE}=${cookie}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/desk/file/${id}/${attachmentId}` })).statusCode).toBe(403);
    // a file that is not PNG/JPEG/PDF is refused and nothing is written
    const before = shown.messages.length;
    const bad = multipartBody({ csrf, name: 'Boris', content: 'exe' }, { filename: 'x.pdf', type: 'application/pdf', bytes: Buffer.from('MZ not a pdf') });
    const refused = await t.app.inject({ method: 'POST', url: `/sandbox/desk/ticket/${id}/reply`, headers: { cookie: `${CONSOLE_COOKIE}=${cookie}`, 'content-type': bad.contentType }, payload: bad.body });
    expect(refused.headers.location).toBe(`/sandbox/desk/ticket/${id}?error=upload.type`);
    expect(TicketThread.parse((await who.b.send('POST', '/api/kayako/show', { json: { id } })).json()).messages).toHaveLength(before);
  });

  it('the JSON twin: list, thread, reply with a base64 file, status, refusals', async () => {
    const who = await trader();
    const thread = await ticket(who.b, { departments: '31' });
    const id = thread.ticket.id;
    const agent = t.browser();
    await agent.me();
    const list = await agent.send('GET', '/api/sandbox/desk/tickets?department=31', { headers: operator });
    expect((list.json() as { tickets: { id: string; email: string }[] }).tickets).toEqual(expect.arrayContaining([expect.objectContaining({ id, email: who.email, department: '31' })]));
    // CSRF like every POST under /api
    expect((await agent.send('POST', `/api/sandbox/desk/tickets/${id}/status`, { json: { status: 2 }, headers: operator, csrf: false })).statusCode).toBe(403);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '', content: 'x' }, 400, 'support.agent_name_required'],
      [{ name: 'A', content: '' }, 400, 'support.content_required'],
      [{ name: 'A', content: 'x'.repeat(5001) }, 400, 'support.content_long'],
      [{ name: 'A', content: 'x', file: { name: 'a.png', data: Buffer.from('hello').toString('base64') } }, 415, 'upload.type'],
      [{ name: 'A', content: 'x', status: 7 }, 400, 'validation'],
    ];
    for (const [body, code, error] of cases) {
      const res = await agent.send('POST', `/api/sandbox/desk/tickets/${id}/reply`, { json: body, headers: operator });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(res.json()).toMatchObject({ error });
    }
    const res = await agent.send('POST', `/api/sandbox/desk/tickets/${id}/reply`, { json: { name: 'Cleo', content: 'Done.', file: { name: 'proof.png', data: PNG.toString('base64') } }, headers: operator });
    expect(res.statusCode, res.body).toBe(200);
    const docs = await t.db.selectFrom('documents').select(['user_id', 'name']).where('kind', '=', 'attachment').where('user_id', '=', who.id).execute();
    expect(docs).toEqual([{ user_id: who.id, name: 'proof.png' }]);
    const one = await agent.send('GET', `/api/sandbox/desk/tickets/${id}`, { headers: operator });
    expect(one.json()).toMatchObject({ ticket: { id, statusId: 2, unread: true }, messages: [{ author: 'trader' }, { author: 'agent', agentName: 'Cleo' }] });
    expect((await agent.send('POST', `/api/sandbox/desk/tickets/${id}/status`, { json: { status: 1 }, headers: operator })).json()).toMatchObject({ ticket: { statusId: 1 } });
    expect((await agent.send('POST', '/api/sandbox/desk/tickets/99999999/status', { json: { status: 1 }, headers: operator })).statusCode).toBe(404);
    expect((await agent.send('POST', '/api/sandbox/desk/tickets/99999999/reply', { json: { name: 'A', content: 'x' }, headers: operator })).statusCode).toBe(404);
  });

  it('call-backs and contact messages reach the console; a call-back is marked done (page and twin)', async () => {
    const who = await trader();
    const call = await who.b.send('POST', '/api/call', { json: { phone: '+33 1 23 45 67 89', time: 'evening' } });
    const callId = (call.json() as { ticket: string }).ticket;
    const second = (await who.b.send('POST', '/api/call', { json: { phone: '+33 1 98 76 54 32' } })).json() as { ticket: string };
    const anon = t.browser();
    await anon.me();
    expect((await anon.send('POST', '/api/contacts', { json: { name: '<b>Eve</b>', email: 'eve@example.com', phone: '+1 555 0100', message: 'Hello <script>x</script>' } })).statusCode).toBe(200);

    const { cookie, csrf } = await signInAgent();
    expect(csrf).not.toBe('');
    const headers = { cookie: `${CONSOLE_COOKIE}=${cookie}` };
    const page = html(await t.app.inject({ method: 'GET', url: '/sandbox/desk', headers }));
    expect(page).toContain('+33 1 23 45 67 89');
    expect(page).toContain('evening');
    expect(page).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(page).toContain('Hello &lt;script&gt;x&lt;/script&gt;');
    expect(page).not.toContain('<script');
    const done = await t.app.inject({ method: 'POST', url: `/sandbox/desk/callback/${callId}/done`, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ csrf }).toString() });
    expect(done.headers.location).toBe('/sandbox/desk?done=called');
    const row = await t.db.selectFrom('support_callbacks').select(['done_at', 'done_by']).where('id', '=', Number(callId)).executeTakeFirstOrThrow();
    expect(row.done_at).not.toBeNull();

    const agent = t.browser();
    await agent.me();
    const twin = await agent.send('POST', `/api/sandbox/desk/callbacks/${second.ticket}/done`, { json: { by: 'Dana' }, headers: operator });
    expect(twin.json()).toMatchObject({ callback: { id: second.ticket, done_by: 'Dana', phone: '+33 1 98 76 54 32' } });
    const callbacks = (await agent.send('GET', '/api/sandbox/desk/callbacks', { headers: operator })).json() as { callbacks: { id: string; done_at: string | null }[] };
    expect(callbacks.callbacks.filter((c) => [callId, second.ticket].includes(c.id)).every((c) => c.done_at !== null)).toBe(true);
    expect((await agent.send('POST', '/api/sandbox/desk/callbacks/99999999/done', { json: {}, headers: operator })).statusCode).toBe(404);
    const contacts = (await agent.send('GET', '/api/sandbox/desk/contacts', { headers: operator })).json() as { contacts: { name: string }[] };
    expect(contacts.contacts).toEqual(expect.arrayContaining([expect.objectContaining({ name: '<b>Eve</b>', email: 'eve@example.com' })]));
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

  it('the console and its twin do not exist; the trader calls still work', async () => {
    const headers = { 'x-sandbox-operator': 'anything-at-all-24-characters' };
    expect((await plain.app.inject({ method: 'GET', url: '/sandbox/desk', headers })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/api/sandbox/desk/tickets', headers })).statusCode).toBe(404);
    expect((await plain.app.inject({ method: 'GET', url: '/api/info' })).json()).toEqual({ email: plain.config.supportEmail, phone: plain.config.supportPhone });
  });
});
