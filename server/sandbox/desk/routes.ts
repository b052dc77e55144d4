import { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { SUPPORT_LIMITS } from '../../../core/contract/support';
import type { TicketStatusCode } from '../../db/schema-support';
import type { DeskAbout, DeskMessage } from '../../domain/ports';
import { Refusal } from '../../domain/refusal';
import { aboutFacts } from '../../domain/support/about';
import { listContacts } from '../../domain/support/contacts';
import { boundedLine, contentOf, DEPARTMENTS, departmentName, PRIORITIES, safeFileName, STATUS_NAME } from '../../domain/support/rules';
import { detectDocumentMime, DOCUMENT_MAX_BYTES, tooLarge } from '../../domain/verification/documents';
import { acceptConsoleForms, consolePage, escapeHtml, installConsoleSession, operatorConsole } from '../operator-console';
import { parse } from '../../http/parse';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import type { AgentFile, AgentTicket, SandboxDesk } from './desk';
import type { SandboxDeps } from '../deps';
import { multipartError, readUploadedFile, sendDocument } from '../../routes/upload';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

const BANNER = 'Sandbox: a simulated help desk. You answer here as a support agent; no real agent reads these tickets.';
const TITLE = 'Sandbox help desk';
const page = (body: string): string => consolePage(TITLE, BANNER, body);

const StatusBody = z.object({ status: z.union([z.literal(1), z.literal(2), z.literal(3)]) });
const ReplyBody = z.object({
  name: z.string(),
  content: z.string(),
  status: z.optional(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  /** an optional file: its name and its bytes in base64 (PNG, JPEG or PDF, 10 MB) */
  file: z.optional(z.object({ name: z.string().check(z.maxLength(200)), data: z.string() })),
});
const DoneBody = z.object({ by: z.optional(z.string()) });

const DONE: Record<string, string> = {
  replied: 'Your answer was sent: the trader sees it at once.',
  status: 'The status was changed.',
  called: 'The call-back is marked done.',
};
const FAILED: Record<string, string> = {
  'support.agent_name_required': 'Enter your agent name.',
  'support.agent_name_long': 'The agent name is too long (100 characters at most).',
  'support.content_required': 'Write the answer.',
  'support.content_long': `The answer is too long (${SUPPORT_LIMITS.content} characters at most).`,
  'support.status': 'Choose Open, Answered or Closed.',
  'upload.type': 'The file must be a PNG, JPEG or PDF (checked by its content).',
  'upload.too_large': 'The file is too large (10 MB at most).',
  not_found: 'No such ticket or call-back.',
};

const when = (iso: string | Date): string => `${(typeof iso === 'string' ? iso : iso.toISOString()).replace('T', ' ').slice(0, 19)} UTC`;
const statusOf = (value: unknown): TicketStatusCode | null => (value === '1' || value === 1 ? 1 : value === '2' || value === 2 ? 2 : value === '3' || value === 3 ? 3 : null);

/** The ticket's about object with its current status, for the agent. */
async function aboutLine(deps: SandboxDeps, about: DeskAbout | null): Promise<{ kind: string; id: string; status: string; label: string } | null> {
  if (!about) return null;
  const facts = await aboutFacts(deps.db, about);
  return { kind: about.kind, id: about.id, status: facts?.status ?? 'not found', label: facts?.label ?? `${about.kind} ${about.id}` };
}

/**
 * The sandbox agent console (sandbox mode only, otherwise these paths do not exist),
 * with the operator sign-in shared by every console (server/sandbox/operator-console.ts):
 * - GET  /sandbox/desk[?department=27]: tickets by department (last activity first), call-back
 *   requests with "Mark done", contact-form messages; or the operator token form
 *   (POST /sandbox/desk/session);
 * - GET  /sandbox/desk/ticket/:id: the thread (escaped), what it is about with its status, the
 *   agent's answer form (multipart: name, text, optional file stored as the trader's attachment),
 *   the status form; POST /sandbox/desk/ticket/:id/reply and /status, POST
 *   /sandbox/desk/callback/:id/done → 303 back with a flash; GET /sandbox/desk/file/:ticket/:id;
 * - the JSON twin under /api/sandbox/desk (the x-sandbox-operator header; as every POST under
 *   /api, with the session's x-csrf-token).
 */
export const sandboxDeskRoutes: RoutePlugin<SandboxDeps & { desk: SandboxDesk }> = async (app, deps) => {
  const { config, desk } = deps;
  if (!config.sandbox) return;
  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const access = (request: FastifyRequest) => operator.access(request);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);

  const tokenForm = (message?: string) =>
    page(`<h1>${TITLE}</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Enter the sandbox operator token to answer traders' tickets as a support agent. <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN).</p>
<form method="post" action="/sandbox/desk/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the desk</button>
</form>`);

  const flashOf = (query: Record<string, unknown>): string => {
    const done = typeof query.done === 'string' ? DONE[query.done] : undefined;
    const failed = typeof query.error === 'string' ? (FAILED[query.error] ?? 'That did not work: nothing changed.') : undefined;
    return done ? `<p class="flash ok" role="status">${escapeHtml(done)}</p>` : failed ? `<p class="flash err" role="alert">${escapeHtml(failed)}</p>` : '';
  };

  const ticketRow = (t: AgentTicket, about: Awaited<ReturnType<typeof aboutLine>>) => `<tr data-ticket="${escapeHtml(t.id)}">
<td><a href="/sandbox/desk/ticket/${escapeHtml(encodeURIComponent(t.id))}">#${escapeHtml(t.id)}</a></td>
<td>${escapeHtml(t.subject)}${t.unread ? ' <small>(answer not read yet)</small>' : ''}</td>
<td>${escapeHtml(t.email)}</td>
<td>${escapeHtml(departmentName(t.department))}</td>
<td>${escapeHtml(STATUS_NAME[t.statusId])}</td>
<td>${about ? `${escapeHtml(about.label)}: <strong>${escapeHtml(about.status)}</strong>` : ''}</td>
<td>${escapeHtml(when(t.activity))}</td>
</tr>`;

  async function listPage(query: Record<string, unknown>, csrf: string): Promise<string> {
    const department = typeof query.department === 'string' && DEPARTMENTS.some((d) => d.id === query.department) ? query.department : undefined;
    const [tickets, callbacks, contacts] = await Promise.all([desk.agentTickets(department ? { department } : {}), desk.callbacks(), listContacts(deps.db)]);
    const abouts = await Promise.all(tickets.slice(0, 200).map((t) => aboutLine(deps, t.about)));
    const tabs = [`<a href="/sandbox/desk"${department ? '' : ' aria-current="page"'}>All</a>`, ...DEPARTMENTS.map((d) => `<a href="/sandbox/desk?department=${escapeHtml(d.id)}"${department === d.id ? ' aria-current="page"' : ''}>${escapeHtml(d.name)} (${escapeHtml(d.id)})</a>`)].join(' · ');
    const hidden = `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
    const callbackRows = callbacks
      .map(
        (c) => `<tr data-callback="${escapeHtml(c.id)}"><td>${escapeHtml(c.email)}</td><td>${escapeHtml(c.phone)}</td><td>${escapeHtml(c.time)}</td><td>${escapeHtml(when(c.created_at))}</td>
<td>${c.done_at ? `done ${escapeHtml(when(c.done_at))}${c.done_by ? ` by ${escapeHtml(c.done_by)}` : ''}` : `<form method="post" action="/sandbox/desk/callback/${escapeHtml(encodeURIComponent(c.id))}/done">${hidden}<button type="submit">Mark done</button></form>`}</td></tr>`,
      )
      .join('\n');
    const contactRows = contacts
      .map((c) => `<tr><td>${escapeHtml(c.name)}</td><td>${escapeHtml(c.email)}</td><td>${escapeHtml(c.phone)}</td><td style="white-space:pre-wrap">${escapeHtml(c.message)}</td><td>${escapeHtml(when(c.created_at))}</td></tr>`)
      .join('\n');
    return page(`<h1>${TITLE}</h1>
${flashOf(query)}
<p class="note">Traders' tickets, last activity first. Open one to read its thread, answer as an agent (optionally with a file) and set its status; the trader's page shows the answer at once.</p>
<p>${tabs}</p>
${
  tickets.length === 0
    ? '<p>No tickets here.</p>'
    : `<table><thead><tr><th>Ticket</th><th>Subject</th><th>Trader</th><th>Department</th><th>Status</th><th>About</th><th>Last activity</th></tr></thead><tbody>
${tickets.slice(0, 200).map((t, i) => ticketRow(t, abouts[i])).join('\n')}
</tbody></table>`
}
<h2>Call-back requests</h2>
${callbacks.length === 0 ? '<p>No call-back requests.</p>' : `<table><thead><tr><th>Trader</th><th>Phone</th><th>Preferred time</th><th>Asked</th><th>Done</th></tr></thead><tbody>\n${callbackRows}\n</tbody></table>`}
<h2>Contact form</h2>
${contacts.length === 0 ? '<p>No contact messages.</p>' : `<table><thead><tr><th>Name</th><th>Email</th><th>Phone</th><th>Message</th><th>Sent</th></tr></thead><tbody>\n${contactRows}\n</tbody></table>`}`);
  }

  const messageBlock = (ticketId: string, m: DeskMessage, trader: string) => `<article class="message ${m.author}" data-message="${escapeHtml(m.id)}" style="background:#fff;border:1px solid #d9dce3;border-radius:6px;padding:.6rem .8rem;margin:0 0 .6rem">
<p><strong>${escapeHtml(m.author === 'agent' ? `${m.agentName ?? 'Agent'} (agent)` : `${trader} (trader)`)}</strong> <small>${escapeHtml(when(m.createdAt))}</small></p>
<div style="white-space:pre-wrap">${escapeHtml(m.content)}</div>
${m.attachments.length ? `<ul>${m.attachments.map((a) => `<li><a href="/sandbox/desk/file/${escapeHtml(encodeURIComponent(ticketId))}/${escapeHtml(encodeURIComponent(a.id))}">${escapeHtml(a.name)}</a> <small>${escapeHtml(a.mime)}, ${escapeHtml(a.size)} B</small></li>`).join('')}</ul>` : ''}
</article>`;

  async function ticketPage(id: string, query: Record<string, unknown>, csrf: string): Promise<string | null> {
    const thread = await desk.agentThread(id);
    if (!thread) return null;
    const t = thread.ticket;
    const about = await aboutLine(deps, t.about);
    const hidden = `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
    const statusOptions = ([1, 2, 3] as const).map((s) => `<option value="${s}"${s === t.statusId ? ' selected' : ''}>${STATUS_NAME[s]}</option>`).join('');
    const base = `/sandbox/desk/ticket/${encodeURIComponent(t.id)}`;
    return page(`<p><a href="/sandbox/desk">← All tickets</a></p>
<h1>#${escapeHtml(t.id)} ${escapeHtml(t.subject)}</h1>
${flashOf(query)}
<p>Trader: <strong>${escapeHtml(t.traderName || t.email)}</strong> (${escapeHtml(t.email)}) · ${escapeHtml(departmentName(t.department))} · priority ${escapeHtml(PRIORITIES.find((p) => p.id === t.priority)?.name ?? t.priority)} · status <strong data-status="${t.statusId}">${escapeHtml(STATUS_NAME[t.statusId])}</strong></p>
${about ? `<p data-about="${escapeHtml(about.kind)}">About: ${escapeHtml(about.label)}, now <strong>${escapeHtml(about.status)}</strong></p>` : ''}
${thread.messages.map((m) => messageBlock(t.id, m, t.traderName || t.email)).join('\n')}
<h2>Answer as an agent</h2>
<form method="post" action="${escapeHtml(`${base}/reply`)}" enctype="multipart/form-data">
${hidden}
<p><label>Agent name <input type="text" name="name" required maxlength="100" value="Sandbox agent"></label></p>
<p><label>Answer<br><textarea name="content" required maxlength="${SUPPORT_LIMITS.content}" rows="6" cols="80"></textarea></label></p>
<p><label>Attach a file (PNG, JPEG or PDF, 10 MB) <input type="file" name="file" accept=".png,.jpg,.jpeg,.pdf"></label></p>
<button type="submit">Send the answer (status becomes Answered)</button>
</form>
<h2>Status</h2>
<form method="post" action="${escapeHtml(`${base}/status`)}">${hidden}<select name="status" aria-label="Status">${statusOptions}</select> <button type="submit">Set status</button></form>`);
  }

  app.get('/sandbox/desk', { schema: api(TAGS.sandbox, 'The desk console (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = access(request);
    if (!who) return html(reply, 200, tokenForm());
    return html(reply, 200, await listPage(request.query as Record<string, unknown>, operator.csrfFor(who)));
  });

  installConsoleSession(app, operator, { path: '/sandbox/desk', name: 'desk', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  app.get<{ Params: { id: string } }>('/sandbox/desk/ticket/:id', { schema: api(TAGS.sandbox, 'Desk console: a ticket', { produces: 'text/html' }) }, async (request, reply) => {
    const who = access(request);
    if (!who) return html(reply, 200, tokenForm());
    const body = await ticketPage(request.params.id, request.query as Record<string, unknown>, operator.csrfFor(who));
    if (!body) return html(reply, 404, page(`<h1>${TITLE}</h1><p class="flash err">No such ticket. <a href="/sandbox/desk">Back to the desk</a></p>`));
    return html(reply, 200, body);
  });

  const outOfDate = (reply: FastifyReply) =>
    html(reply, 403, page(`<h1>${TITLE}</h1><p class="flash err">This form is out of date or did not come from the console. Nothing changed. <a href="/sandbox/desk">Back to the desk</a></p>`));
  const ended = (reply: FastifyReply) => html(reply, 403, tokenForm('Your agent session has ended: enter the operator token again. Nothing changed.'));

  /** the agent's answer: name and text checked, the file (if any) checked by content like every upload */
  async function agentAnswer(id: string, input: { name: unknown; content: unknown; status?: unknown; file?: AgentFile | null }) {
    const name = boundedLine(typeof input.name === 'string' ? input.name : '', 'support.agent_name', 'agent name', SUPPORT_LIMITS.name);
    const content = contentOf(typeof input.content === 'string' ? input.content : '');
    const status = input.status === undefined || input.status === '' ? 2 : statusOf(input.status);
    if (status === null) throw new Refusal(400, 'support.status', 'Choose the status 1 (Open), 2 (Answered) or 3 (Closed).');
    const thread = await desk.agentReply(id, { name, content, status, ...(input.file && { file: input.file }) });
    if (!thread) throw new Refusal(404, 'not_found', 'No such ticket.');
    return thread;
  }

  app.post<{ Params: { id: string } }>('/sandbox/desk/ticket/:id/reply', { schema: api(TAGS.sandbox, 'Desk console: reply', { produces: 'redirect' }) }, async (request, reply) => {
    const who = access(request);
    if (!who) return ended(reply);
    const base = `/sandbox/desk/ticket/${encodeURIComponent(request.params.id)}`;
    const fields: Record<string, string> = {};
    let file: AgentFile | null = null;
    try {
      if (!request.isMultipart()) throw new Refusal(400, 'upload.bad_request', 'Send the answer form.');
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        const bytes = await readUploadedFile(part.file);
        if (bytes.length === 0 && !part.filename) continue;
        const mime = await detectDocumentMime(bytes);
        file = { bytes, mime, name: safeFileName(part.filename, mime) };
      }
    } catch (error) {
      const known = multipartError(error) ?? error;
      if (known instanceof Refusal) {
        if (!operator.formAllowed(who, fields)) return outOfDate(reply);
        return reply.redirect(`${base}?error=${encodeURIComponent(known.key)}`, 303);
      }
      throw known;
    }
    if (!operator.formAllowed(who, fields)) return outOfDate(reply);
    try {
      await agentAnswer(request.params.id, { name: fields.name, content: fields.content, file });
      return reply.redirect(`${base}?done=replied`, 303);
    } catch (error) {
      if (error instanceof Refusal) return reply.redirect(`${base}?error=${encodeURIComponent(error.key)}`, 303);
      throw error;
    }
  });

  app.post<{ Params: { id: string } }>('/sandbox/desk/ticket/:id/status', { schema: api(TAGS.sandbox, 'Desk console: status', { produces: 'redirect' }) }, async (request, reply) => {
    const who = access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return ended(reply);
    if (!operator.formAllowed(who, form)) return outOfDate(reply);
    const base = `/sandbox/desk/ticket/${encodeURIComponent(request.params.id)}`;
    const status = statusOf(form.status);
    if (status === null) return reply.redirect(`${base}?error=support.status`, 303);
    const thread = await desk.setStatus(request.params.id, status);
    if (!thread) return reply.redirect('/sandbox/desk?error=not_found', 303);
    return reply.redirect(`${base}?done=status`, 303);
  });

  app.post<{ Params: { id: string } }>('/sandbox/desk/callback/:id/done', { schema: api(TAGS.sandbox, 'Desk console: call-back done', { produces: 'redirect' }) }, async (request, reply) => {
    const who = access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return ended(reply);
    if (!operator.formAllowed(who, form)) return outOfDate(reply);
    const done = await desk.markCallbackDone(request.params.id, 'Sandbox agent');
    return reply.redirect(done ? '/sandbox/desk?done=called' : '/sandbox/desk?error=not_found', 303);
  });

  app.get<{ Params: { ticket: string; id: string } }>('/sandbox/desk/file/:ticket/:id', { schema: api(TAGS.sandbox, 'Desk console: an attachment', { produces: 'file' }) }, async (request, reply) => {
    if (!access(request)) throw new Refusal(403, 'sandbox.operator', 'Only the sandbox agent sees this file: open /sandbox/desk and enter the operator token.');
    const file = await desk.agentAttachment(request.params.ticket, request.params.id);
    if (!file) throw new Refusal(404, 'not_found', 'No such attachment.');
    return sendDocument(reply, file);
  });

  // ─── the JSON twin (the operator header; the session's CSRF header on POST, like every /api call) ───

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator answers as a support agent: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };
  const withAbout = async (t: AgentTicket) => ({ ...t, about: t.about, aboutStatus: (await aboutLine(deps, t.about))?.status ?? null });

  app.get<{ Querystring: { department?: string } }>('/api/sandbox/desk/tickets', { schema: api(TAGS.sandbox, 'Support tickets (agent view)') }, async (request) => {
    requireOperatorHeader(request);
    const department = request.query.department;
    const tickets = await desk.agentTickets(department ? { department } : {});
    return { tickets: await Promise.all(tickets.map(withAbout)) };
  });

  app.get<{ Params: { id: string } }>('/api/sandbox/desk/tickets/:id', { schema: api(TAGS.sandbox, 'One ticket (agent view)') }, async (request) => {
    requireOperatorHeader(request);
    const thread = await desk.agentThread(request.params.id);
    if (!thread) throw new Refusal(404, 'not_found', 'No such ticket.');
    return { ticket: await withAbout(thread.ticket), messages: thread.messages };
  });

  app.post<{ Params: { id: string } }>('/api/sandbox/desk/tickets/:id/reply', { schema: api(TAGS.sandbox, 'Agent reply'), bodyLimit: Math.ceil((DOCUMENT_MAX_BYTES * 4) / 3) + 64 * 1024 }, async (request) => {
    requireOperatorHeader(request);
    const body = parse(ReplyBody, request.body ?? {});
    let file: AgentFile | null = null;
    if (body.file) {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body.file.data)) throw new Refusal(400, 'upload.bad_request', 'file.data must be the file in base64.');
      const bytes = Buffer.from(body.file.data, 'base64');
      if (bytes.length === 0) throw new Refusal(400, 'upload.empty', 'The file is empty.');
      if (bytes.length > DOCUMENT_MAX_BYTES) throw tooLarge();
      const mime = await detectDocumentMime(bytes);
      file = { bytes, mime, name: safeFileName(body.file.name, mime) };
    }
    const thread = await agentAnswer(request.params.id, { name: body.name, content: body.content, status: body.status, file });
    return thread;
  });

  app.post<{ Params: { id: string } }>('/api/sandbox/desk/tickets/:id/status', { schema: api(TAGS.sandbox, 'Set a ticket status') }, async (request) => {
    requireOperatorHeader(request);
    const body = parse(StatusBody, request.body ?? {});
    const thread = await desk.setStatus(request.params.id, body.status);
    if (!thread) throw new Refusal(404, 'not_found', 'No such ticket.');
    return thread;
  });

  app.get('/api/sandbox/desk/callbacks', { schema: api(TAGS.sandbox, 'Call-back requests') }, async (request) => {
    requireOperatorHeader(request);
    return { callbacks: await desk.callbacks() };
  });

  app.post<{ Params: { id: string } }>('/api/sandbox/desk/callbacks/:id/done', { schema: api(TAGS.sandbox, 'Mark a call-back done') }, async (request) => {
    requireOperatorHeader(request);
    const body = parse(DoneBody, request.body ?? {});
    const by = boundedLineOr(body.by, 'Sandbox agent');
    const done = await desk.markCallbackDone(request.params.id, by);
    if (!done) throw new Refusal(404, 'not_found', 'No such call-back request.');
    return { callback: done };
  });

  app.get('/api/sandbox/desk/contacts', { schema: api(TAGS.sandbox, 'Contact form messages') }, async (request) => {
    requireOperatorHeader(request);
    return { contacts: await listContacts(deps.db) };
  });
};

const boundedLineOr = (value: string | undefined, fallback: string): string => {
  const text = (value ?? '').replace(/\s+/g, ' ').trim().slice(0, SUPPORT_LIMITS.name);
  return text === '' ? fallback : text;
};
