import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { COMPLAINT_RULES } from '../../../core/complaints';
import {
  AGENT_NAME_MAX,
  answerComplaint,
  complaintCounts,
  complaintDesk,
  monthOf,
  parseMonth,
  type ComplaintDeps,
  type ComplaintMonthCounts,
  type DeskComplaint,
} from '../../domain/complaints/complaints';
import { COMPLAINT_CATEGORY_NAME } from '../../domain/mail';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import type { SandboxDeps } from '../deps';
import { acceptConsoleForms, consolePage, escapeHtml, installConsoleSession, operatorConsole, type ConsoleAccess } from '../operator-console';

const TITLE = 'Sandbox complaints desk';
const BANNER = 'Sandbox: a simulated complaints desk. You give the final answer here as a complaints agent; no real agent reads these complaints.';
const page = (body: string): string => consolePage(TITLE, BANNER, body);
const DEFAULT_AGENT = 'Sandbox agent';

const AnswerBody = z.object({ reference: z.string(), answer: z.string(), agent: z.optional(z.string()) });
const MonthQuery = z.object({ month: z.optional(z.string()) });

const DONE: Record<string, string> = {
  answered: 'The final answer was sent: the trader sees it at once and gets it by email, with the ombudsman named.',
};
const FAILED: Record<string, string> = {
  'complaint.answer': `The final answer must be ${COMPLAINT_RULES.answerMin} to ${COMPLAINT_RULES.answerMax} characters. Nothing was sent.`,
  'complaint.agent': `Enter your agent name (${AGENT_NAME_MAX} characters at most). Nothing was sent.`,
  'complaint.answered': 'That complaint has its final answer already (a second click, or another agent): nothing changed.',
  'complaint.not_found': 'No such complaint.',
};
const FLAG: Record<string, { label: string; style: string }> = {
  overdue: { label: 'Past due', style: 'background:#a33;color:#fff' },
  near: { label: 'Due soon', style: 'background:#f0c36d;color:#1d2330' },
};

/** "2026-11-30 10:16 UTC" */
const when = (isoTime: string): string => `${isoTime.replace('T', ' ').slice(0, 16)} UTC`;

/** The month a page or call asks for (`?month=2026-11`), else `now`'s; `asked` says whether a given value named no month. */
function chosenMonth(value: unknown, now: Date): { year: number; month: number; unknown: boolean } {
  const asked = value === undefined || value === '' ? null : parseMonth(value);
  return asked ? { ...asked, unknown: false } : { ...monthOf(now), unknown: value !== undefined && value !== '' };
}

/**
 * The sandbox complaints desk (sandbox mode only, otherwise these paths do not exist), with the
 * operator sign-in every console shares (server/sandbox/operator-console.ts):
 * - GET  /sandbox/complaints[?month=2026-11]: every complaint, the open ones first, each part by
 *   due date, with a "Past due" / "Due soon" flag (core/complaints.ts complaintUrgency), a
 *   final-answer form for each open one, and the month's counts by category; without operator
 *   access a 403 page with the token form (POST /sandbox/complaints/session);
 * - POST /sandbox/complaints/answer: the final answer (urlencoded; the form's `csrf` field) → 303
 *   back with a flash;
 * - the JSON twin for the x-sandbox-operator header: GET /api/sandbox/complaints[?month=] and
 *   POST /api/sandbox/complaints/answer (as every POST under /api, with the session's x-csrf-token).
 * Nothing changes on a GET.
 */
export const sandboxComplaintRoutes: RoutePlugin<SandboxDeps> = async (app, { db, config, push, ports }) => {
  if (!config.sandbox) return;
  const complaints: ComplaintDeps = { db, messenger: ports.messenger, publish: push.publish.bind(push), ombudsman: config.complaintsOmbudsman, siteUrl: config.siteUrl };
  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);

  const tokenForm = (message?: string) =>
    page(`<h1>${TITLE}</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Only the sandbox operator sees the complaints desk. Enter the sandbox operator token: <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN). One sign-in serves every sandbox console.</p>
<form method="post" action="/sandbox/complaints/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the desk</button>
</form>`);

  const flashOf = (query: Record<string, unknown>): string => {
    const done = typeof query.done === 'string' ? DONE[query.done] : undefined;
    const failed = typeof query.error === 'string' ? (FAILED[query.error] ?? 'That did not work: nothing changed.') : undefined;
    const which = typeof query.ref === 'string' && /^[A-Z0-9-]{1,40}$/.test(query.ref) ? ` (${query.ref})` : '';
    return done ? `<p class="flash ok" role="status">${escapeHtml(done + which)}</p>` : failed ? `<p class="flash err" role="alert">${escapeHtml(failed + which)}</p>` : '';
  };

  const flagOf = (c: DeskComplaint): string => {
    if (c.status === 'answered') return '<span>Answered</span>';
    const flag = c.urgency ? FLAG[c.urgency] : undefined;
    return flag ? `<strong class="flag" style="${flag.style};padding:.1rem .4rem;border-radius:4px">${escapeHtml(flag.label)}</strong>` : '<span>Open</span>';
  };

  const answerCell = (c: DeskComplaint, csrf: string, month: string): string => {
    if (c.status === 'answered') {
      return `<div style="white-space:pre-wrap">${escapeHtml(c.answer ?? '')}</div><small>${escapeHtml(c.answered_by ?? '')}, ${escapeHtml(c.answered_at ? when(c.answered_at) : '')}</small>`;
    }
    return `<form method="post" action="/sandbox/complaints/answer">
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}"><input type="hidden" name="reference" value="${escapeHtml(c.reference)}"><input type="hidden" name="month" value="${escapeHtml(month)}">
<p><label>Final answer<br><textarea name="answer" required minlength="${COMPLAINT_RULES.answerMin}" maxlength="${COMPLAINT_RULES.answerMax}" rows="4" cols="48"></textarea></label></p>
<p><label>Agent <input type="text" name="agent" required maxlength="${AGENT_NAME_MAX}" value="${escapeHtml(DEFAULT_AGENT)}"></label>
<button type="submit">Send the final answer</button></p>
</form>`;
  };

  const row = (c: DeskComplaint, csrf: string, month: string) => `<tr data-complaint="${escapeHtml(c.reference)}" data-status="${escapeHtml(c.status)}" data-urgency="${escapeHtml(c.urgency ?? '')}">
<td><strong>${escapeHtml(c.reference)}</strong></td>
<td>${flagOf(c)}</td>
<td><time datetime="${escapeHtml(c.due_at)}">${escapeHtml(when(c.due_at))}</time></td>
<td>${escapeHtml(c.email)}</td>
<td>${escapeHtml(COMPLAINT_CATEGORY_NAME.en[c.category])}</td>
<td><strong>${escapeHtml(c.subject)}</strong><div style="white-space:pre-wrap">${escapeHtml(c.text)}</div></td>
<td><time datetime="${escapeHtml(c.created_at)}">${escapeHtml(when(c.created_at))}</time></td>
<td>${answerCell(c, csrf, month)}</td>
</tr>`;

  const countsBlock = (counts: ComplaintMonthCounts, unknown: boolean) => `<h2>Complaints made in ${escapeHtml(counts.month)} (UTC), by category</h2>
${unknown ? '<p class="flash err" role="alert">That is not a month (write it as 2026-11): this is the current month.</p>' : ''}
<form method="get" action="/sandbox/complaints"><label>Month <input type="month" name="month" value="${escapeHtml(counts.month)}" pattern="[0-9]{4}-[0-9]{2}" placeholder="2026-11"></label> <button type="submit">Show</button></form>
<table data-counts="${escapeHtml(counts.month)}"><thead><tr><th>Category</th><th>Complaints</th></tr></thead><tbody>
${counts.categories.map((c) => `<tr data-category="${escapeHtml(c.category)}"><td>${escapeHtml(COMPLAINT_CATEGORY_NAME.en[c.category])}</td><td>${escapeHtml(c.count)}</td></tr>`).join('\n')}
<tr data-category="total"><th>Total</th><th>${escapeHtml(counts.total)}</th></tr>
</tbody></table>`;

  async function deskPage(who: ConsoleAccess, query: Record<string, unknown>, now: Date): Promise<string> {
    const chosen = chosenMonth(query.month, now);
    const [list, counts] = await Promise.all([complaintDesk(db, now), complaintCounts(db, chosen.year, chosen.month)]);
    const csrf = operator.csrfFor(who);
    const { name, url } = config.complaintsOmbudsman;
    const open = list.filter((c) => c.status === 'open').length;
    return page(`<h1>${TITLE}</h1>
${flashOf(query)}
<p class="note">Traders' complaints (not support tickets): the open ones first, each by its due date, soonest first. <strong>Past due</strong>: the final answer's due date has passed; <strong>Due soon</strong>: it is ${COMPLAINT_RULES.nearDueDays} days away or less. The final answer is given once; the trader sees it at once and gets it by email, naming the ombudsman: ${escapeHtml(name)} (${escapeHtml(url)}).</p>
<p>${escapeHtml(open)} open, ${escapeHtml(list.length - open)} answered. Now: ${escapeHtml(when(now.toISOString()))}.</p>
${
  list.length === 0
    ? '<p>No complaints yet.</p>'
    : `<table><thead><tr><th>Reference</th><th>Flag</th><th>Due</th><th>Trader</th><th>Category</th><th>Subject and text</th><th>Made</th><th>Final answer</th></tr></thead><tbody>
${list.map((c) => row(c, csrf, counts.month)).join('\n')}
</tbody></table>`
}
${countsBlock(counts, chosen.unknown)}`);
  }

  app.get('/sandbox/complaints', { schema: api(TAGS.sandbox, 'The complaints desk console (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = operator.access(request);
    if (!who) return html(reply, 403, tokenForm());
    return html(reply, 200, await deskPage(who, request.query as Record<string, unknown>, new Date()));
  });

  installConsoleSession(app, operator, { path: '/sandbox/complaints', name: 'complaints desk', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  app.post('/sandbox/complaints/answer', { schema: api(TAGS.sandbox, 'Complaints desk console: the final answer', { produces: 'redirect' }) }, async (request, reply) => {
    const who = operator.access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your agent session has ended: enter the operator token again. Nothing was sent.'));
    if (!operator.formAllowed(who, form)) {
      return html(reply, 403, page(`<h1>${TITLE}</h1><p class="flash err">This form is out of date or did not come from the console. Nothing was sent. <a href="/sandbox/complaints">Back to the desk</a></p>`));
    }
    const month = parseMonth(form.month) ? `&month=${encodeURIComponent(String(form.month).trim())}` : '';
    const reference = typeof form.reference === 'string' ? form.reference : '';
    const ref = /^[A-Z0-9-]{1,40}$/.test(reference) ? `&ref=${encodeURIComponent(reference)}` : '';
    try {
      await answerComplaint(complaints, reference, form.answer, form.agent, new Date());
      return reply.redirect(`/sandbox/complaints?done=answered${ref}${month}`, 303);
    } catch (error) {
      if (error instanceof Refusal) return reply.redirect(`/sandbox/complaints?error=${encodeURIComponent(error.key)}${ref}${month}`, 303);
      throw error;
    }
  });

  // ─── the JSON twin (the operator header; the session's CSRF header on POST, like every /api call) ───

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator works the complaints desk: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.get('/api/sandbox/complaints', { schema: api(TAGS.sandbox, 'Complaints desk: every complaint by due date, and a month’s counts by category', { querystring: MonthQuery }) }, async (request) => {
    requireOperatorHeader(request);
    const now = new Date();
    const asked = request.query.month;
    const chosen = asked === undefined ? monthOf(now) : parseMonth(asked);
    if (!chosen) throw new Refusal(400, 'complaint.month', 'Name a month as YYYY-MM (2026-11).', { fields: { month: 'complaint.month' } });
    const [complaints, counts] = await Promise.all([complaintDesk(db, now), complaintCounts(db, chosen.year, chosen.month)]);
    return { now: now.toISOString(), complaints, counts };
  });

  app.post('/api/sandbox/complaints/answer', { schema: api(TAGS.sandbox, 'Complaints desk: give the final answer', { body: AnswerBody }) }, async (request) => {
    requireOperatorHeader(request);
    const body = request.body;
    return { complaint: await answerComplaint(complaints, body.reference, body.answer, body.agent ?? DEFAULT_AGENT, new Date()) };
  });
};
