import { FastifyReply, FastifyRequest } from 'fastify';
import { announceDeposit } from '../../routes/deposit-push';
import { consoleTransfers, markReceived, receiptForConsole, type BankDeps, type ConsoleTransfer } from '../../domain/deposits/bank';
import { Refusal } from '../../domain/refusal';
import { acceptConsoleForms, consolePage, escapeHtml, installConsoleSession, operatorConsole } from '../operator-console';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import { SANDBOX_BANK_DETAILS } from './details';
import type { SandboxDeps } from '../deps';
import { sendDocument } from '../../routes/upload';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

const BANNER = 'Sandbox: a simulated bank. No real money moves; marking a transfer received credits the trader in the sandbox only.';
const TITLE = 'Sandbox bank console';
const page = (body: string): string => consolePage(TITLE, BANNER, body);

const FAILED: Record<string, string> = {
  'bank.not_found': 'No such transfer.',
  'bank.action': 'Choose Mark received.',
};

function tokenForm(message?: string): string {
  return page(`<h1>${TITLE}</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Enter the sandbox operator token to see the reported bank transfers. <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN).</p>
<form method="post" action="/sandbox/bank/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the console</button>
</form>`);
}

const when = (iso: string | null) => (iso ? `${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC` : '');

function receiptCell(t: ConsoleTransfer): string {
  if (!t.receiptId) return '<span class="note">none yet</span>';
  const href = `/sandbox/bank/receipt/${encodeURIComponent(t.id)}`;
  return t.receiptMime === 'application/pdf'
    ? `<a href="${escapeHtml(href)}">Open the PDF</a>`
    : `<a href="${escapeHtml(href)}"><img class="preview" src="${escapeHtml(href)}" alt="Receipt of ${escapeHtml(t.reference)}"></a>`;
}

function pendingRow(t: ConsoleTransfer, csrf: string): string {
  return `<tr data-transfer="${escapeHtml(t.id)}" data-reference="${escapeHtml(t.reference)}">
<td>${escapeHtml(t.email)}</td><td>${escapeHtml(t.method)}</td><td><strong>${escapeHtml(t.reference)}</strong></td>
<td>${escapeHtml(t.amount)} ${escapeHtml(t.currency)}</td><td>${when(t.createdAt)}</td><td>${receiptCell(t)}</td>
<td><form method="post" action="/sandbox/bank/${escapeHtml(encodeURIComponent(t.id))}"><input type="hidden" name="action" value="received"><input type="hidden" name="csrf" value="${escapeHtml(csrf)}"><button type="submit" class="approve">Mark received</button></form></td>
</tr>`;
}

function receivedRow(t: ConsoleTransfer): string {
  return `<tr><td>${escapeHtml(t.email)}</td><td>${escapeHtml(t.method)}</td><td>${escapeHtml(t.reference)}</td><td>${escapeHtml(t.amount)} ${escapeHtml(t.currency)}</td><td>${when(t.receivedAt)}</td></tr>`;
}

function consoleBody(list: { pending: ConsoleTransfer[]; received: ConsoleTransfer[] }, csrf: string, query: Record<string, unknown>): string {
  const done = query.done === 'received' ? 'Transfer marked received: the trader was credited.' : query.done === 'already' ? 'That transfer was already received: nothing was credited again.' : undefined;
  const failed = typeof query.error === 'string' ? (FAILED[query.error] ?? 'That did not work: nothing changed.') : undefined;
  const flash = done ? `<p class="flash ok" role="status">${escapeHtml(done)}</p>` : failed ? `<p class="flash err" role="alert">${escapeHtml(failed)}</p>` : '';
  return page(`<h1>${TITLE}</h1>
${flash}
<p class="note">Transfers traders reported (bank and fiat tabs), oldest first. Check the reference and the amount against the (simulated) bank statement, then <strong>Mark received</strong>: the trader's account is credited once, and their page updates at once. Marking it again credits nothing.</p>
<p class="note">Sandbox account: ${escapeHtml(SANDBOX_BANK_DETAILS.beneficiary)}, IBAN ${escapeHtml(SANDBOX_BANK_DETAILS.iban)}, BIC ${escapeHtml(SANDBOX_BANK_DETAILS.bic)}.</p>
${
  list.pending.length === 0
    ? '<p>No transfers are waiting.</p>'
    : `<table><thead><tr><th>Trader</th><th>Tab</th><th>Reference</th><th>Amount</th><th>Reported</th><th>Receipt</th><th>Action</th></tr></thead><tbody>
${list.pending.map((t) => pendingRow(t, csrf)).join('\n')}
</tbody></table>`
}
${
  list.received.length === 0
    ? ''
    : `<h2>Recently received</h2>
<table><thead><tr><th>Trader</th><th>Tab</th><th>Reference</th><th>Amount</th><th>Received</th></tr></thead><tbody>
${list.received.map(receivedRow).join('\n')}
</tbody></table>`
}`);
}

/**
 * The sandbox bank console (sandbox mode only): GET /sandbox/bank lists the reported
 * transfers, POST /sandbox/bank/:id (form `action=received`, CSRF field) marks one received,
 * which credits it once (creditDeposit) and pushes user.updated and bank.updated to the trader;
 * GET /sandbox/bank/receipt/:id shows the receipt. One operator sign-in for every console
 * (server/sandbox/operator-console.ts). JSON twin for the operator header: GET
 * /api/sandbox/bank/transfers, POST /api/sandbox/bank/:id/received.
 */
export const sandboxBankRoutes: RoutePlugin<SandboxDeps> = async (app, { db, config, settings, push }) => {
  if (!config.sandbox) return;
  const bank: BankDeps = { db, settings, details: SANDBOX_BANK_DETAILS };
  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);

  const receive = async (id: string) => {
    const marked = await markReceived(bank, id);
    if (marked.credited) announceDeposit(db, push, marked.userId);
    push.publish(marked.userId, { type: 'bank.updated', id: marked.deposit.id, status: marked.deposit.status });
    return marked;
  };

  app.get('/sandbox/bank', { schema: api(TAGS.sandbox, 'The bank console (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = operator.access(request);
    if (!who) return html(reply, 200, tokenForm());
    return html(reply, 200, consoleBody(await consoleTransfers(db), operator.csrfFor(who), request.query as Record<string, unknown>));
  });

  installConsoleSession(app, operator, { path: '/sandbox/bank', name: 'bank', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  app.post<{ Params: { id: string } }>('/sandbox/bank/:id', { schema: api(TAGS.sandbox, 'Bank console: mark received', { produces: 'redirect' }) }, async (request, reply) => {
    const who = operator.access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your operator session has ended: enter the operator token again. Nothing changed.'));
    if (!operator.formAllowed(who, form)) {
      return html(reply, 403, page(`<h1>${TITLE}</h1><p class="flash err">This form is out of date or did not come from the console. Nothing changed. <a href="/sandbox/bank">Back to the console</a></p>`));
    }
    if (form.action !== 'received') return reply.redirect('/sandbox/bank?error=bank.action', 303);
    try {
      const marked = await receive(request.params.id);
      return reply.redirect(`/sandbox/bank?done=${marked.credited ? 'received' : 'already'}`, 303);
    } catch (error) {
      if (error instanceof Refusal) return reply.redirect(`/sandbox/bank?error=${encodeURIComponent(error.key)}`, 303);
      throw error;
    }
  });

  app.get<{ Params: { id: string } }>('/sandbox/bank/receipt/:id', { schema: api(TAGS.sandbox, 'Bank console: a receipt', { produces: 'file' }) }, async (request, reply) => {
    if (!operator.access(request)) throw new Refusal(403, 'sandbox.operator', 'Only the sandbox operator sees this file: open /sandbox/bank and enter the operator token.');
    const file = await receiptForConsole(db, request.params.id);
    if (!file) throw new Refusal(404, 'not_found', 'This transfer has no receipt.');
    return sendDocument(reply, file);
  });

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator marks transfers received: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.get('/api/sandbox/bank/transfers', { schema: api(TAGS.sandbox, 'Reported bank transfers') }, async (request) => {
    requireOperatorHeader(request);
    return consoleTransfers(db);
  });

  app.post<{ Params: { id: string } }>('/api/sandbox/bank/:id/received', { schema: api(TAGS.sandbox, 'Mark a bank transfer received') }, async (request) => {
    requireOperatorHeader(request);
    const marked = await receive(request.params.id);
    return { deposit: marked.deposit, credited: marked.credited };
  });
};
