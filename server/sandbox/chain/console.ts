import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { approveRefund, consoleClaims, rejectRefund, type ConsoleClaim, type Settled } from '../../domain/crypto/exceptions';
import { exceptionDepsOf, tellSettled, type InvoiceDeps } from '../../domain/crypto/invoices';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import { acceptConsoleForms, consolePage, escapeHtml, installConsoleSession, operatorConsole } from '../operator-console';
import type { SandboxChain } from './sandbox-chain';

const BANNER = 'Sandbox: a simulated blockchain. No real coins move; an approved refund is a sandbox chain transaction only.';
const TITLE = 'Sandbox chain console: crypto refunds';
const page = (body: string): string => consolePage(TITLE, BANNER, body);

const FAILED: Record<string, string> = {
  not_found: 'No such refund claim.',
  'crypto.not_claimed': 'That payment has no refund claim waiting (it was refunded, rejected or credited).',
  'chain.action': 'Choose Approve or Reject.',
};

function tokenForm(message?: string): string {
  return page(`<h1>${TITLE}</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Enter the sandbox operator token to see the traders' refund claims. <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN).</p>
<form method="post" action="/sandbox/chain/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the console</button>
</form>`);
}

const when = (iso: string | null) => (iso ? `${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC` : '');
const KIND: Record<string, string> = { short: 'Paid short (expired)', late: 'Paid late', over: 'Paid over' };

function waitingRow(c: ConsoleClaim, csrf: string): string {
  const action = `/sandbox/chain/refunds/${escapeHtml(encodeURIComponent(c.id))}`;
  const hidden = `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
  return `<tr data-claim="${escapeHtml(c.id)}">
<td>${escapeHtml(c.email)}</td><td>${escapeHtml(KIND[c.kind] ?? c.kind)}<br><span class="note">invoice ${escapeHtml(c.invoice)}</span></td>
<td><strong>${escapeHtml(c.amount)} ${escapeHtml(c.asset)}</strong></td><td><code>${escapeHtml(c.address)}</code></td><td>${when(c.claimedAt)}</td>
<td><form method="post" action="${action}"><input type="hidden" name="action" value="approve">${hidden}<button type="submit" class="approve">Approve and send</button></form>
<form method="post" action="${action}"><input type="hidden" name="action" value="reject">${hidden}<label>Reason <input type="text" name="reason" maxlength="200"></label> <button type="submit" class="reject">Reject</button></form></td>
</tr>`;
}

function refundedRow(c: ConsoleClaim): string {
  return `<tr><td>${escapeHtml(c.email)}</td><td>${escapeHtml(KIND[c.kind] ?? c.kind)}</td><td>${escapeHtml(c.amount)} ${escapeHtml(c.asset)}</td><td><code>${escapeHtml(c.address)}</code></td><td><code>${escapeHtml(c.refundTxid ?? '')}</code></td></tr>`;
}

function consoleBody(list: { waiting: ConsoleClaim[]; refunded: ConsoleClaim[] }, csrf: string, query: Record<string, unknown>): string {
  const done =
    query.done === 'approved'
      ? 'Refund approved: the sandbox chain sent the coins and the ledger recorded it.'
      : query.done === 'rejected'
        ? 'Claim rejected: the coins stay held; the trader can enter another address or ask support.'
        : query.done === 'already'
          ? 'That claim was already settled: nothing was sent again.'
          : undefined;
  const failed = typeof query.error === 'string' ? (FAILED[query.error] ?? 'That did not work: nothing changed.') : undefined;
  const flash = done ? `<p class="flash ok" role="status">${escapeHtml(done)}</p>` : failed ? `<p class="flash err" role="alert">${escapeHtml(failed)}</p>` : '';
  return page(`<h1>${TITLE}</h1>
${flash}
<p class="note">Refund claims of crypto payments that arrived short, late or over (docs/funding.md), oldest first. <strong>Approve and send</strong> sends the coins back to the trader's address on the sandbox chain, once; <strong>Reject</strong> keeps them held and tells the trader.</p>
${
  list.waiting.length === 0
    ? '<p>No refund claims are waiting.</p>'
    : `<table><thead><tr><th>Trader</th><th>Exception</th><th>Amount</th><th>To address</th><th>Claimed</th><th>Action</th></tr></thead><tbody>
${list.waiting.map((c) => waitingRow(c, csrf)).join('\n')}
</tbody></table>`
}
${
  list.refunded.length === 0
    ? ''
    : `<h2>Recently refunded</h2>
<table><thead><tr><th>Trader</th><th>Exception</th><th>Amount</th><th>To address</th><th>Transaction</th></tr></thead><tbody>
${list.refunded.map(refundedRow).join('\n')}
</tbody></table>`
}`);
}

/**
 * The sandbox chain's operator console (sandbox mode only): GET /sandbox/chain lists the traders'
 * refund claims; POST /sandbox/chain/refunds/:id (form `action=approve|reject`, CSRF field)
 * approves one (the sandbox chain sends, the ledger records, once: server/domain/crypto/exceptions.ts)
 * or rejects it. One operator sign-in for every console (server/sandbox/operator-console.ts).
 * JSON twins for the operator header: GET /api/sandbox/chain/refunds, POST
 * /api/sandbox/chain/refunds/:id/approve and /reject.
 */
export const sandboxChainConsoleRoutes: RoutePlugin<{ deps: InvoiceDeps; chain: SandboxChain; config: Config }> = async (app, { deps, chain, config }) => {
  if (!config.sandbox) return;
  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);
  const exceptions = exceptionDepsOf(deps);

  const settle = async (id: string, action: 'approve' | 'reject', reason = ''): Promise<Settled> => {
    const settled = action === 'approve' ? await approveRefund(exceptions, chain, id) : await rejectRefund(exceptions, id, reason);
    await tellSettled(deps, settled);
    return settled;
  };

  app.get('/sandbox/chain', { schema: api(TAGS.sandbox, 'The chain console: crypto refund claims (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = operator.access(request);
    if (!who) return html(reply, 200, tokenForm());
    return html(reply, 200, consoleBody(await consoleClaims(deps.db), operator.csrfFor(who), request.query as Record<string, unknown>));
  });

  installConsoleSession(app, operator, { path: '/sandbox/chain', name: 'chain', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  app.post<{ Params: { id: string } }>('/sandbox/chain/refunds/:id', { schema: api(TAGS.sandbox, 'Chain console: approve or reject a refund claim', { produces: 'redirect' }) }, async (request, reply) => {
    const who = operator.access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your operator session has ended: enter the operator token again. Nothing changed.'));
    if (!operator.formAllowed(who, form)) {
      return html(reply, 403, page(`<h1>${TITLE}</h1><p class="flash err">This form is out of date or did not come from the console. Nothing changed. <a href="/sandbox/chain">Back to the console</a></p>`));
    }
    if (form.action !== 'approve' && form.action !== 'reject') return reply.redirect('/sandbox/chain?error=chain.action', 303);
    try {
      const settled = await settle(request.params.id, form.action, typeof form.reason === 'string' ? form.reason : '');
      return reply.redirect(`/sandbox/chain?done=${settled.moved ? (form.action === 'approve' ? 'approved' : 'rejected') : 'already'}`, 303);
    } catch (error) {
      if (error instanceof Refusal) return reply.redirect(`/sandbox/chain?error=${encodeURIComponent(error.key)}`, 303);
      throw error;
    }
  });

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator settles refund claims: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.get('/api/sandbox/chain/refunds', { schema: api(TAGS.sandbox, 'Crypto refund claims (operator)') }, async (request) => {
    requireOperatorHeader(request);
    return consoleClaims(deps.db);
  });

  for (const action of ['approve', 'reject'] as const) {
    app.post<{ Params: { id: string } }>(`/api/sandbox/chain/refunds/:id/${action}`, { schema: api(TAGS.sandbox, action === 'approve' ? 'Approve a crypto refund claim (operator)' : 'Reject a crypto refund claim (operator)') }, async (request) => {
      requireOperatorHeader(request);
      const settled = await settle(request.params.id, action, action === 'reject' ? 'Rejected by the operator' : '');
      return { status: settled.exception.status, moved: settled.moved, txid: settled.exception.refund_txid ?? '' };
    });
  }
};
