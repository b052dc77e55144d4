import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import { CallResponse, ContactResponse, StagedAttachmentResponse, SupportInit, SupportInfo, TicketForm, TicketList, TicketThread, SUPPORT_LIMITS } from '../../core/contract/support';
import { VerificationState } from '../../core/contract/verification';
import { SUPPORT_RATE } from '../domain/support/rules';
import { memoryHub } from '../push/hub';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { PDF, PNG, pngFile, upload } from '../test/upload';
import { DOCUMENT_CSP } from './upload';

/**
 * The server half: tickets (/api/kayako/*) with staged attachments through the one
 * upload service, the agent's answer pushed to the owner, unread on /api/me, reopen and close;
 * every refusal; call-back (/api/call); /api/info and the contact form (/api/contacts).
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

interface Trader {
  b: Browser;
  id: number;
  email: string;
}

async function trader(request: Parameters<typeof freshUser>[1] = {}): Promise<Trader> {
  const b = t.browser();
  const user = await freshUser(b, request);
  return { b, id: Number(user.userId), email: user.email };
}

const key = () => `k_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
const count = async (table: 'support_tickets' | 'support_messages' | 'support_attachments' | 'support_callbacks' | 'support_contacts' | 'documents') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function stage(who: Trader, file = pngFile('receipt scan.png')): Promise<StagedAttachmentResponse> {
  const res = await upload(t, who.b, {}, file, { url: '/api/kayako/upload/attachment/no' });
  expect(res.statusCode, res.body).toBe(200);
  const parsed = StagedAttachmentResponse.safeParse(res.json());
  expect(parsed.success, res.body).toBe(true);
  return parsed.data!;
}

function newTicket(who: Trader, body: Record<string, unknown> = {}) {
  return who.b.send('POST', '/api/kayako/ticket', { json: { priority: '1', departments: '27', subject: 'Where is my deposit?', content: 'I paid yesterday.', key: key(), ...body } });
}

async function created(who: Trader, body: Record<string, unknown> = {}): Promise<TicketThread> {
  const res = await newTicket(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return TicketThread.parse(res.json());
}

/** an approved card payment of the trader (credited by the fresh user's opening deposit) */
async function cardPayment(userId: number): Promise<string> {
  const token = `tok_${randomUUID()}`;
  const account = await t.db.selectFrom('accounts').select('id').where('user_id', '=', userId).orderBy('id').executeTakeFirstOrThrow();
  const deposit = await t.db.selectFrom('ledger_entries').select('tx_id as id').where('account_id', '=', account.id).orderBy('id').executeTakeFirstOrThrow();
  await t.db
    .insertInto('cards')
    .values({ token, user_id: userId, first6: '411111', last4: '1111', brand: 'visa', exp_month: 12, exp_year: 2030, holder: 'Sandbox Trader', country: 'DE', scenario: 'approve', fingerprint: null })
    .execute();
  const id = randomUUID();
  await t.db
    .insertInto('card_payments')
    .values({ id, user_id: userId, idem_key: randomUUID(), card_token: token, amount_minor: 25000n, currency: 'USD', credit_account_id: account.id, fixed: false, bonus: false, scenario: 'approve', status: 'approved', credit_tx_id: deposit.id, day: '2026-01-01' })
    .execute();
  return id;
}

describe('the whole ticket life', () => {
  it('create with an attachment about a card payment → agent reply pushed → unread → show reads → reply reopens → close', async () => {
    const who = await trader();
    const other = await trader();
    const payment = await cardPayment(who.id);
    const staged = await stage(who);
    expect(staged.attachment).toMatchObject({ name: 'receipt scan.png', mime: 'image/png', size: PNG.length });
    expect(staged.document).toMatchObject({ id: staged.attachment.id, kind: 'attachment', status: 'uploaded' });
    // an attachment never lifts the trading block nor shows on the verification page
    expect((await t.db.selectFrom('users').select('sign').where('id', '=', who.id).executeTakeFirstOrThrow()).sign).toBe(false);
    const state = VerificationState.parse((await who.b.send('GET', '/api/verification/documents')).json());
    expect(state.documents).toEqual([]);

    const thread = await created(who, { attachments: [staged.attachment.id], about: { kind: 'payment', id: payment }, subject: 'Card payment stuck' });
    expect(thread.ticket).toMatchObject({ subject: 'Card payment stuck', status: 'Open', status_id: 1, department: '27', priority: '1', unread: false, about: { kind: 'payment', id: payment } });
    expect(thread.messages).toEqual([expect.objectContaining({ author: 'trader', content: 'I paid yesterday.', attachments: [staged.attachment] })]);
    const ticketId = thread.ticket.id;

    // the owner downloads it with safe headers; another trader gets 404, so does a mismatch
    const file = await who.b.send('GET', `/api/kayako/att?id=${ticketId}&pid=${staged.attachment.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe(DOCUMENT_CSP);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await other.b.send('GET', `/api/kayako/att?id=${ticketId}&pid=${staged.attachment.id}`)).statusCode).toBe(404);
    expect((await who.b.send('GET', `/api/kayako/att?id=999999&pid=${staged.attachment.id}`)).statusCode).toBe(404);
    expect((await who.b.send('GET', `/api/kayako/att?id=${ticketId}&pid=${randomUUID()}`)).statusCode).toBe(404);
    expect((await who.b.send('GET', `/api/kayako/att?id=${ticketId}&pid=x`)).statusCode).toBe(404);
    // another trader cannot read, reply to or close it
    expect((await other.b.send('POST', '/api/kayako/show', { json: { id: ticketId } })).statusCode).toBe(404);
    expect((await other.b.send('POST', '/api/kayako/post', { json: { ticket: ticketId, content: 'mine?', key: key() } })).statusCode).toBe(404);
    expect((await other.b.send('POST', '/api/kayako/close', { json: { id: ticketId } })).statusCode).toBe(404);

    // the agent answers (JSON twin); the owner's subscribed hub gets the events, the other trader nothing
    const events: ServerEvent[] = [];
    const others: ServerEvent[] = [];
    const stop = push.subscribe(who.id, (e) => events.push(e));
    const stopOther = push.subscribe(other.id, (e) => others.push(e));
    const agent = t.browser();
    await agent.me();
    try {
      const answered = await agent.send('POST', `/api/sandbox/desk/tickets/${ticketId}/reply`, { json: { name: 'Anna (agent)', content: 'We see it <b>now</b>.' }, headers: operator });
      expect(answered.statusCode, answered.body).toBe(200);
      // the answer, the header's count, and the bell's notification
      expect(events).toEqual([{ type: 'ticket.updated', id: ticketId, status: '2' }, { type: 'user.updated' }, { type: 'notification.new' }]);
      expect(others).toEqual([]);
    } finally {
      stop();
      stopOther();
    }
    expect((await who.b.me()).user).toMatchObject({ support_unread: 1 });
    const list = TicketList.parse((await who.b.send('GET', '/api/kayako/list')).json());
    expect(list.tickets).toEqual([expect.objectContaining({ id: ticketId, status_id: 2, status: 'Answered', unread: true })]);
    const init = SupportInit.parse((await who.b.send('GET', '/api/kayako/init')).json());
    expect(init.unread).toBe(1);
    expect(init.form.defaults).toEqual({ page: '27', dialog: '62', priority: '1' });

    // show marks read (a POST) and the text stays plain
    const shown = await who.b.send('POST', '/api/kayako/show', { json: { id: ticketId } });
    expect(shown.statusCode).toBe(200);
    const read = TicketThread.parse(shown.json());
    expect(read.messages.map((m) => [m.author, m.name, m.content])).toEqual([
      ['trader', expect.any(String), 'I paid yesterday.'],
      ['agent', 'Anna (agent)', 'We see it <b>now</b>.'],
    ]);
    expect(read.ticket.unread).toBe(false);
    expect((await who.b.me()).user).toMatchObject({ support_unread: 0 });

    // the agent closes it; a reply reopens it (002 §4)
    expect((await agent.send('POST', `/api/sandbox/desk/tickets/${ticketId}/status`, { json: { status: 3 }, headers: operator })).statusCode).toBe(200);
    const replyKey = key();
    const reply = await who.b.send('POST', '/api/kayako/post', { json: { ticket: ticketId, content: 'Still nothing.', key: replyKey } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(TicketThread.parse(reply.json()).ticket).toMatchObject({ status_id: 1, status: 'Open' });
    // the same reply again adds nothing
    const again = await who.b.send('POST', '/api/kayako/post', { json: { ticket: ticketId, content: 'Still nothing.', key: replyKey } });
    expect(again.statusCode).toBe(200);
    expect(TicketThread.parse(again.json()).messages).toHaveLength(3);

    const closed = await who.b.send('POST', '/api/kayako/close', { json: { id: ticketId } });
    expect(closed.statusCode).toBe(200);
    expect(TicketThread.parse(closed.json()).ticket).toMatchObject({ status_id: 3, status: 'Closed' });
  });
});

describe('ticket refusals', () => {
  it('bounds, unknown department and priority: 400 with a clear message, nothing written', async () => {
    const who = await trader();
    const before = await count('support_tickets');
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: '' }, 'support.subject_required'],
      [{ subject: '   ' }, 'support.subject_required'],
      [{ subject: 'x'.repeat(SUPPORT_LIMITS.subject + 1) }, 'support.subject_long'],
      [{ content: '' }, 'support.content_required'],
      [{ content: 'y'.repeat(SUPPORT_LIMITS.content + 1) }, 'support.content_long'],
      [{ departments: '99' }, 'support.department'],
      [{ priority: '7' }, 'support.priority'],
      [{ key: 'short' }, 'validation'],
      [{ attachments: ['not-an-id'] }, 'support.attachment'],
    ];
    for (const [body, error] of cases) {
      const res = await newTicket(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json() as { error: string; message: string };
      expect(answer.error).toBe(error);
      expect(answer.message.length).toBeGreaterThan(5);
    }
    expect(await count('support_tickets')).toBe(before);
  });

  it('the subject at exactly 200 and the content at exactly 5000 are taken', async () => {
    const who = await trader();
    const thread = await created(who, { subject: 's'.repeat(200), content: 'c'.repeat(5000) });
    expect(thread.ticket.subject).toHaveLength(200);
  });

  it('attachments: another trader’s staged file, one already sent, more than three: 400 and nothing linked', async () => {
    const who = await trader();
    const other = await trader();
    const theirs = await stage(other);
    const before = await count('support_tickets');
    const foreign = await newTicket(who, { attachments: [theirs.attachment.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: 'support.attachment' });
    expect(await count('support_tickets')).toBe(before);

    const mine = await Promise.all([stage(who), stage(who), stage(who), stage(who)]);
    const many = await newTicket(who, { attachments: mine.map((s) => s.attachment.id) });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ error: 'support.attachments_many' });
    const sent = await created(who, { attachments: [mine[0].attachment.id] });
    const reuse = await who.b.send('POST', '/api/kayako/post', { json: { ticket: sent.ticket.id, content: 'again', key: key(), attachments: [mine[0].attachment.id, mine[1].attachment.id] } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'support.attachment' });
    // the refused reply wrote nothing: no message, mine[1] still staged
    const shown = TicketThread.parse((await who.b.send('POST', '/api/kayako/show', { json: { id: sent.ticket.id } })).json());
    expect(shown.messages).toHaveLength(1);
    expect(await t.db.selectFrom('support_attachments').select('document_id').where('document_id', '=', mine[1].attachment.id).executeTakeFirst()).toBeUndefined();
  });

  it('about: another trader’s payment or none at all is 404', async () => {
    const who = await trader();
    const other = await trader();
    const theirs = await cardPayment(other.id);
    for (const about of [{ kind: 'payment', id: theirs }, { kind: 'payment', id: randomUUID() }, { kind: 'invoice', id: 'nope' }, { kind: 'withdrawal', id: 'nope' }]) {
      const res = await newTicket(who, { about });
      expect(res.statusCode, JSON.stringify(about)).toBe(404);
      expect(res.json()).toMatchObject({ error: 'support.about' });
    }
  });

  it('the same submit twice creates one ticket', async () => {
    const who = await trader();
    const before = await count('support_tickets');
    const k = key();
    const [a, b] = await Promise.all([newTicket(who, { key: k }), newTicket(who, { key: k })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((a.json() as TicketThread).ticket.id).toBe((b.json() as TicketThread).ticket.id);
    const c = await newTicket(who, { key: k, subject: 'different' });
    expect((c.json() as TicketThread).ticket.id).toBe((a.json() as TicketThread).ticket.id);
    expect(await count('support_tickets')).toBe(before + 1);
  });

  it('rate limits: tickets and replies per account, 429 with Retry-After, nothing written', async () => {
    const who = await trader();
    let first: TicketThread | null = null;
    for (let i = 0; i < SUPPORT_RATE.tickets.perWindow; i++) {
      const thread = await created(who);
      first ??= thread;
    }
    const before = await count('support_tickets');
    const over = await newTicket(who);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'rate.limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('support_tickets')).toBe(before);
    // another trader is not limited by it
    expect((await newTicket(await trader())).statusCode).toBe(200);

    for (let i = 0; i < SUPPORT_RATE.replies.perWindow; i++) {
      const res = await who.b.send('POST', '/api/kayako/post', { json: { ticket: first!.ticket.id, content: `reply ${i}`, key: key() } });
      expect(res.statusCode).toBe(200);
    }
    const messages = await count('support_messages');
    const tooMany = await who.b.send('POST', '/api/kayako/post', { json: { ticket: first!.ticket.id, content: 'one more', key: key() } });
    expect(tooMany.statusCode).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('support_messages')).toBe(messages);
  });

  it('CSRF: 403 without the header, nothing written; signed out: 401', async () => {
    const who = await trader();
    const before = await count('support_tickets');
    const res = await who.b.send('POST', '/api/kayako/ticket', { json: { priority: '1', departments: '27', subject: 's', content: 'c', key: key() }, csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'csrf' });
    expect((await upload(t, who.b, {}, pngFile(), { url: '/api/kayako/upload/attachment/no', csrf: false })).statusCode).toBe(403);
    expect(await count('support_tickets')).toBe(before);

    const anon = t.browser();
    await anon.me();
    for (const [method, url, json] of [
      ['GET', '/api/kayako/init'],
      ['GET', '/api/kayako/form'],
      ['GET', '/api/kayako/list'],
      ['GET', '/api/kayako/att?id=1&pid=x'],
      ['POST', '/api/kayako/show', { id: '1' }],
      ['POST', '/api/kayako/ticket', { priority: '1', departments: '27', subject: 's', content: 'c', key: key() }],
      ['POST', '/api/kayako/post', { ticket: '1', content: 'c', key: key() }],
      ['POST', '/api/kayako/close', { id: '1' }],
      ['POST', '/api/kayako/drop', {}],
      ['POST', '/api/kayako/upload/attachment/unshift', {}],
      ['POST', '/api/call', { phone: '+44 20 7946 0000' }],
    ] as const) {
      const r = await anon.send(method, url, json ? { json } : {});
      expect(r.statusCode, url).toBe(401);
      expect(r.json()).toMatchObject({ error: 'auth.required' });
    }
    expect((await upload(t, anon, {}, pngFile(), { url: '/api/kayako/upload/attachment/no' })).statusCode).toBe(401);
  });

  it('a ticket id that names nothing, or another’s, is 404', async () => {
    const who = await trader();
    for (const id of ['0', 'abc', '99999999', '1; drop table users']) {
      expect((await who.b.send('POST', '/api/kayako/show', { json: { id } })).statusCode, id).toBe(404);
    }
  });
});

describe('staged attachments (the one upload service)', () => {
  it('content sniffing, 10 MB, no verification permission needed; unshift takes back the newest, drop clears them', async () => {
    const who = await trader();
    const exe = await upload(t, who.b, {}, { filename: 'x.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 not a picture') }, { url: '/api/kayako/upload/attachment/no' });
    expect(exe.statusCode).toBe(415);
    const big = await upload(t, who.b, {}, { filename: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) }, { url: '/api/kayako/upload/attachment/no' });
    expect(big.statusCode).toBe(413);
    const none = await upload(t, who.b, { type: 'attachment' }, undefined, { url: '/api/kayako/upload/attachment/no' });
    expect(none.statusCode).toBe(400);

    const a = await stage(who, { filename: '../../etc/<evil>.pdf', type: 'application/pdf', bytes: PDF });
    expect(a.attachment.name).toBe('_evil_.pdf');
    const b = await stage(who);
    const unshift = await who.b.send('POST', '/api/kayako/upload/attachment/unshift', { json: {} });
    expect(unshift.json()).toEqual({ ok: true, removed: b.attachment.id });
    await stage(who);
    const drop = await who.b.send('POST', '/api/kayako/drop', { json: {} });
    expect(drop.json()).toEqual({ ok: true, dropped: 2 });
    expect(await t.db.selectFrom('documents').select('id').where('user_id', '=', who.id).execute()).toEqual([]);
  });

  it('a sent attachment is not dropped; the attachment kind cannot be used for verification uploads', async () => {
    const who = await trader({ can_upload: true });
    const s = await stage(who);
    await created(who, { attachments: [s.attachment.id] });
    expect((await who.b.send('POST', '/api/kayako/drop', { json: {} })).json()).toEqual({ ok: true, dropped: 0 });
    expect((await who.b.send('POST', '/api/kayako/upload/attachment/unshift', { json: {} })).json()).toEqual({ ok: true, removed: null });
    const viaUpload = await upload(t, who.b, { type: 'attachment' }, pngFile());
    expect(viaUpload.statusCode).toBe(400);
    expect(viaUpload.json()).toMatchObject({ error: 'upload.kind' });
  });
});

describe('call-back (000 §7)', () => {
  it('phone at least 7 characters (calls.error_phone), lands in the desk, idempotent by key, limited per account', async () => {
    const who = await trader();
    for (const phone of ['', '123456', '12345678901234567890123456789012345', 'call me maybe']) {
      const res = await who.b.send('POST', '/api/call', { json: { phone } });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toMatchObject({ error: 'calls.error_phone' });
    }
    const before = await count('support_callbacks');
    const k = key();
    const res = await who.b.send('POST', '/api/call', { json: { phone: '+49 30 1234567', time: 'morning', key: k } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = CallResponse.parse(res.json());
    expect(answer.message).toBe('calls.server_success');
    const twice = CallResponse.parse((await who.b.send('POST', '/api/call', { json: { phone: '+49 30 1234567', time: 'morning', key: k } })).json());
    expect(twice.ticket).toBe(answer.ticket);
    expect(await count('support_callbacks')).toBe(before + 1);
    const row = await t.db.selectFrom('support_callbacks').selectAll().where('id', '=', Number(answer.ticket)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: who.id, phone: '+49 30 1234567', preferred: 'morning', done_at: null });
    for (let i = 1; i < SUPPORT_RATE.callbacks.perWindow; i++) expect((await who.b.send('POST', '/api/call', { json: { phone: '1234567' } })).statusCode).toBe(200);
    const over = await who.b.send('POST', '/api/call', { json: { phone: '1234567' } });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('info and contacts (001 §7)', () => {
  beforeEach(async () => {
    await t.db.deleteFrom('support_contacts').execute();
  });

  it('GET /api/info answers the configured support email and phone, signed out too', async () => {
    const anon = t.browser();
    const res = await anon.send('GET', '/api/info');
    expect(res.statusCode).toBe(200);
    expect(SupportInfo.parse(res.json())).toEqual({ email: t.config.supportEmail, phone: t.config.supportPhone });
    expect(t.config.supportEmail).toBe('support@brokerage.test');
  });

  const contact = { name: 'Jane Roe', email: 'jane@example.com', phone: '+1 555 0100 12', message: 'Please call me about my account.' };

  it('signed out: stored with a hashed address, answered return true; CSRF still required', async () => {
    const anon = t.browser();
    await anon.me();
    const noCsrf = await anon.send('POST', '/api/contacts', { json: contact, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const res = await anon.send('POST', '/api/contacts', { json: contact });
    expect(res.statusCode, res.body).toBe(200);
    expect(ContactResponse.parse(res.json())).toMatchObject({ return: true });
    const rows = await t.db.selectFrom('support_contacts').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ name: 'Jane Roe', email: 'jane@example.com', user_id: null, client_hash: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
  });

  it('the honeypot: answered like a success, nothing stored', async () => {
    const anon = t.browser();
    await anon.me();
    const res = await anon.send('POST', '/api/contacts', { json: { ...contact, website: 'http://spam.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ return: true });
    expect(await count('support_contacts')).toBe(0);
  });

  it('each field checked: 400 with return false, error, message and the field', async () => {
    const anon = t.browser();
    await anon.me();
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'not-an-email' }, 'contacts.email_invalid', 'email'],
      [{ email: '' }, 'contacts.email_required', 'email'],
      [{ phone: '12345' }, 'contacts.error_phone', 'phone'],
      [{ name: '' }, 'contacts.name_required', 'name'],
      [{ name: 'n'.repeat(101) }, 'contacts.name_long', 'name'],
      [{ message: ' ' }, 'contacts.message_required', 'message'],
      [{ message: 'm'.repeat(5001) }, 'contacts.message_long', 'message'],
    ];
    for (const [change, error, field] of cases) {
      const res = await anon.send('POST', '/api/contacts', { json: { ...contact, ...change } });
      expect(res.statusCode, error).toBe(400);
      const body = ContactResponse.parse(res.json());
      expect(body).toMatchObject({ return: false, error, fields: { [field]: error } });
      expect(body.message.length).toBeGreaterThan(5);
    }
    const missing = await anon.send('POST', '/api/contacts', { json: { name: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ return: false, error: 'validation' });
    expect(await count('support_contacts')).toBe(0);
  });

  it('limited per client address (429 with Retry-After and return false); another address is not', async () => {
    const anon = t.browser();
    await anon.me();
    for (let i = 0; i < SUPPORT_RATE.contacts.perWindow; i++) expect((await anon.send('POST', '/api/contacts', { json: contact })).statusCode).toBe(200);
    const over = await anon.send('POST', '/api/contacts', { json: contact });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ return: false, error: 'rate.limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('support_contacts')).toBe(SUPPORT_RATE.contacts.perWindow);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-csrf-token': anon.csrf, cookie: [...anon.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/contacts', headers, payload: JSON.stringify(contact), remoteAddress: '203.0.113.9' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('form options', () => {
  it('departments with 27 and 62, priority 1 default, attachment bounds', async () => {
    const who = await trader();
    const form = TicketForm.parse((await who.b.send('GET', '/api/kayako/form')).json());
    expect(form.departments.map((d) => d.id)).toEqual(expect.arrayContaining(['27', '62']));
    expect(form.priority.map((p) => p.id)).toContain('1');
    expect(form).toMatchObject({ defaults: { page: '27', dialog: '62', priority: '1' }, maxAttachments: 3, maxBytes: 10 * 1024 * 1024 });
  });
});
