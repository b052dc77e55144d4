import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { processorName } from '../../../core/cascade/processors';
import { isMethod, METHOD_NAMES } from '../../../core/methods';
import { formatMoney, InvalidAmount, parseMoney } from '../../../core/money';
import { toBigInt } from '../../db/values';
import { reversalDepsOf } from '../../domain/payments/reversal-deps';
import type { ReversalEventType } from '../../domain/payments/reversal-webhook';
import { paidDeposits, requestRefund, reversalById, reversals, type PaidView, type ReversalView } from '../../domain/payments/reversals';
import { closeProtectionCase, houseShortfall, protectionCases, type ProtectionCaseView } from '../../domain/protection/negative-balance';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import type { SandboxDeps } from '../deps';
import { acceptConsoleForms, consolePage, escapeHtml, installConsoleSession, operatorConsole, type ConsoleAccess } from '../operator-console';
import { sandboxEventBody, sendReversalEvent } from '../processors/refunds';

const TITLE = 'Sandbox refunds and disputes';
const BANNER = 'Sandbox: simulated card processors and wallet providers. A refund or a dispute here is sent as the processor’s signed webhook; no real card is refunded or charged back.';
const page = (body: string): string => consolePage(TITLE, BANNER, body);

const DONE: Record<string, string> = {
  refunded: 'The processor refunded it and sent its signed refund.succeeded webhook: the trader’s balance, history and platform show the debit.',
  refund_failed: 'The processor refused the refund (refund.failed webhook): nothing was taken from the trader.',
  opened: 'The dispute is open (dispute.opened webhook): the trader is told; nothing is taken yet.',
  won: 'The dispute is won (dispute.won webhook): nothing is taken from the trader.',
  lost: 'The dispute is lost (dispute.lost webhook): the amount is taken from the trader, never below zero.',
  closed: 'The protection case is closed: the trader’s withdrawals are open again (unless another case is under review).',
  unchanged: 'The webhook was taken, but that refund or dispute had its outcome already: nothing moved again.',
};
const FAILED: Record<string, string> = {
  'refund.too_much': 'That is more than is left of the payment to refund or dispute. Nothing was sent.',
  'refund.amount': 'That is not an amount in the payment’s currency. Nothing was sent.',
  'refund.payment': 'No such paid payment.',
  'refund.key': 'This form is out of date: reload the page. Nothing was sent.',
  'webhook.too_much': 'That is more than is left of the payment to refund or dispute. Nothing moved.',
  'webhook.mismatch': 'The amount does not match. Nothing moved.',
  'protection.not_found': 'No such protection case.',
  'console.not_found': 'No such payment, refund or dispute.',
  'platform.unavailable': 'The trading platform did not answer: the processor will send its webhook again later. Nothing moved yet.',
};

const EmailQuery = z.object({ email: z.optional(z.string().check(z.maxLength(254))) });
const Source = z.enum(['card', 'method']);
const RefundBody = z.object({ source: Source, id: z.string().check(z.maxLength(64)), amount: z.optional(z.string().check(z.maxLength(40))), key: z.string().check(z.minLength(8), z.maxLength(100)), outcome: z.optional(z.enum(['succeeded', 'failed'])) });
const DisputeBody = z.object({ source: Source, id: z.string().check(z.maxLength(64)), amount: z.optional(z.string().check(z.maxLength(40))) });
const DecideBody = z.object({ id: z.string().check(z.maxLength(64)), outcome: z.enum(['won', 'lost', 'succeeded', 'failed']) });
const CloseBody = z.object({ id: z.string().check(z.maxLength(20)), note: z.optional(z.string().check(z.maxLength(500))) });

/** "2026-11-30 10:16 UTC" */
const when = (at: Date): string => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
const money = (minor: bigint | string, currency: string): string => `${formatMoney(toBigInt(minor), currency)} ${currency}`;
const providerLabel = (source: string, provider: string): string => (source === 'card' ? `Card · ${processorName(provider)}` : `Wallet · ${isMethod(provider) ? METHOD_NAMES[provider] : provider}`);
const newRef = (prefix: 'dp', provider: string): string => `${prefix}_${provider.toLowerCase()}_${randomBytes(8).toString('hex')}`;

/**
 * The sandbox refunds and disputes console (issue 32 §2, §3; sandbox mode only), behind the
 * operator sign-in every console shares (server/sandbox/operator-console.ts):
 * - GET  /sandbox/refunds[?email=]: paid card payments and wallet deposits with what is left of
 *   each, a refund (full or partial) and a dispute to open; the refunds and disputes with Won /
 *   Lost for an open dispute; negative balance protection's cases with Close review, and the
 *   house shortfall per currency beside the sum of the cases.
 * - POST /sandbox/refunds/refund, /sandbox/refunds/dispute, /sandbox/refunds/decide,
 *   /sandbox/refunds/case: each asks the domain (a card refund through ProcessorGateway.refund)
 *   and then sends what the processor or provider would, as its signed webhook, through our own
 *   webhook route (so the signature, staleness and replay checks run); 303 back with a flash.
 * Nothing changes on a GET.
 */
export const sandboxRefundRoutes: RoutePlugin<SandboxDeps> = async (app, deps) => {
  if (!deps.config.sandbox) return;
  const { db, ports } = deps;
  const reversalDeps = reversalDepsOf(deps);
  const operator = operatorConsole(deps.config);
  acceptConsoleForms(app);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);

  const tokenForm = (message?: string) =>
    page(`<h1>${TITLE}</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Only the sandbox operator refunds and decides disputes. Enter the sandbox operator token: <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN). One sign-in serves every sandbox console.</p>
<form method="post" action="/sandbox/refunds/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the console</button>
</form>`);

  const hidden = (fields: Record<string, string>) => Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');

  const paidRow = (p: PaidView, csrf: string, email: string) => {
    const base = { csrf, source: p.source, id: p.id, email };
    const left = p.leftMinor > 0n;
    const amountField = `<input type="text" name="amount" inputmode="decimal" size="9" placeholder="${escapeHtml(formatMoney(p.leftMinor, p.currency))}" aria-label="Amount (empty: all that is left)">`;
    const actions = left
      ? `<form method="post" action="/sandbox/refunds/refund">${hidden({ ...base, key: randomUUID() })}${amountField}
<button type="submit" name="outcome" value="succeeded" class="reject">Refund</button> <button type="submit" name="outcome" value="failed">Refund, processor refuses</button></form>
<form method="post" action="/sandbox/refunds/dispute">${hidden(base)}${amountField} <button type="submit">Open a dispute</button></form>`
      : '<span class="note">nothing left to refund or dispute</span>';
    return `<tr data-payment="${escapeHtml(p.id)}" data-source="${escapeHtml(p.source)}">
<td>${escapeHtml(when(p.createdAt))}</td><td>${escapeHtml(p.email)}</td><td>${escapeHtml(providerLabel(p.source, p.provider))}</td>
<td>${escapeHtml(money(p.amountMinor, p.currency))}</td><td data-left="${escapeHtml(formatMoney(p.leftMinor, p.currency))}">${escapeHtml(money(p.leftMinor, p.currency))}</td><td>${actions}</td></tr>`;
  };

  const reversalRow = (r: ReversalView, csrf: string, email: string) => {
    const base = { csrf, id: r.id, email };
    let actions = '';
    if (r.status === 'open') {
      actions = `<form method="post" action="/sandbox/refunds/decide">${hidden(base)}<button type="submit" name="outcome" value="won" class="approve">Won</button> <button type="submit" name="outcome" value="lost" class="reject">Lost</button></form>`;
    } else if (r.status === 'requested' && r.provider_ref) {
      actions = `<form method="post" action="/sandbox/refunds/decide">${hidden(base)}<button type="submit" name="outcome" value="succeeded" class="reject">Refund succeeded</button> <button type="submit" name="outcome" value="failed">Refund failed</button></form>`;
    }
    const shortfall = toBigInt(r.shortfall_minor);
    return `<tr data-reversal="${escapeHtml(r.id)}" data-kind="${escapeHtml(r.kind)}" data-status="${escapeHtml(r.status)}">
<td>${escapeHtml(when(r.created_at))}</td><td>${escapeHtml(r.email)}</td><td>${escapeHtml(r.kind === 'refund' ? 'Refund' : 'Dispute')}</td>
<td>${escapeHtml(providerLabel(r.source, r.provider))}<br><small>${escapeHtml(r.provider_ref ?? 'no processor id yet')}</small></td>
<td>${escapeHtml(money(r.amount_minor, r.currency))}</td><td><strong>${escapeHtml(r.status)}</strong>${r.reason ? `<br><small>${escapeHtml(r.reason)}</small>` : ''}</td>
<td>${r.debit_tx_id || shortfall > 0n ? `${escapeHtml(money(r.debited_minor, r.currency))}${shortfall > 0n ? `<br><small>protection covered ${escapeHtml(money(shortfall, r.currency))}</small>` : ''}` : '—'}</td><td>${actions}</td></tr>`;
  };

  const caseRow = (c: ProtectionCaseView, csrf: string, email: string) => `<tr data-case="${escapeHtml(c.id)}" data-status="${escapeHtml(c.status)}">
<td>${escapeHtml(when(c.createdAt))}</td><td>${escapeHtml(c.email)}</td><td>${escapeHtml(c.reversalKind === 'refund' ? 'Refund' : 'Chargeback')}</td>
<td>${escapeHtml(money(c.askedMinor, c.currency))}</td><td>${escapeHtml(money(c.debitedMinor, c.currency))}</td><td><strong>${escapeHtml(money(c.shortfallMinor, c.currency))}</strong></td>
<td>${
    c.status === 'review'
      ? `<form method="post" action="/sandbox/refunds/case">${hidden({ csrf, id: c.id, email })}<label>Note <input type="text" name="note" maxlength="500" size="18"></label> <button type="submit" class="approve">Close review</button></form>`
      : `closed ${escapeHtml(c.closedAt ? when(c.closedAt) : '')}${c.note ? `<br><small>${escapeHtml(c.note)}</small>` : ''}`
  }</td></tr>`;

  async function consoleBody(who: ConsoleAccess, query: Record<string, unknown>): Promise<string> {
    const csrf = operator.csrfFor(who);
    const email = typeof query.email === 'string' ? query.email.trim().slice(0, 254) : '';
    const [paid, list, cases] = await Promise.all([paidDeposits(db, { email }), reversals(db, { email }), protectionCases(db)]);
    const currencies = [...new Set(cases.map((c) => c.currency))].sort();
    const totals = await Promise.all(currencies.map(async (currency) => ({ currency, house: await houseShortfall(db, currency), cases: cases.filter((c) => c.currency === currency).reduce((sum, c) => sum + c.shortfallMinor, 0n) })));
    const done = typeof query.done === 'string' ? DONE[query.done] : undefined;
    const failed = typeof query.error === 'string' ? (FAILED[query.error] ?? 'That did not work: nothing changed.') : undefined;
    const flash = done ? `<p class="flash ok" role="status">${escapeHtml(done)}</p>` : failed ? `<p class="flash err" role="alert">${escapeHtml(failed)}</p>` : '';
    return page(`<h1>${TITLE}</h1>
${flash}
<form method="get" action="/sandbox/refunds"><label>Trader’s email <input type="text" name="email" value="${escapeHtml(email)}" size="30"></label> <button type="submit">Show</button>${email ? ' <a href="/sandbox/refunds">Everyone</a>' : ''}</form>
<h2>Paid deposits</h2>
<p class="note">A <strong>refund</strong> (full when the amount is empty, else partial) is asked of the processor that approved the card payment (or the wallet provider), which answers with its signed <code>refund.succeeded</code> (or, with “processor refuses”, <code>refund.failed</code>) webhook. A <strong>dispute</strong> is the card holder’s chargeback: opened here, decided below. Money leaves the trader only when a refund succeeds or a dispute is lost, never below zero: what the trader does not have (or has in open trades) is covered by negative balance protection.</p>
${paid.length === 0 ? '<p>No paid deposits.</p>' : `<table><thead><tr><th>Paid</th><th>Trader</th><th>How</th><th>Amount</th><th>Left</th><th>Refund or dispute</th></tr></thead><tbody>\n${paid.map((p) => paidRow(p, csrf, email)).join('\n')}\n</tbody></table>`}
<h2>Refunds and disputes</h2>
${list.length === 0 ? '<p>None yet.</p>' : `<table><thead><tr><th>When</th><th>Trader</th><th>What</th><th>Processor</th><th>Amount</th><th>Status</th><th>Taken</th><th>Decide</th></tr></thead><tbody>\n${list.map((r) => reversalRow(r, csrf, email)).join('\n')}\n</tbody></table>`}
<h2>Negative balance protection</h2>
<p class="note">A refund or a lost dispute larger than what the trader had free: the trader’s balance went to what was left (never below zero), the shortfall was booked from the house account to the house shortfall account, and the trader’s withdrawals are locked until you close the review.</p>
${cases.length === 0 ? '<p>No cases.</p>' : `<table><thead><tr><th>When</th><th>Trader</th><th>What</th><th>Asked</th><th>Taken</th><th>Shortfall</th><th>Review</th></tr></thead><tbody>\n${cases.map((c) => caseRow(c, csrf, email)).join('\n')}\n</tbody></table>`}
${totals.map((t) => `<p data-shortfall="${escapeHtml(t.currency)}">House shortfall ${escapeHtml(t.currency)}: <strong>${escapeHtml(money(t.house, t.currency))}</strong>; the cases add up to ${escapeHtml(money(t.cases, t.currency))}.</p>`).join('\n')}`);
  }

  app.get('/sandbox/refunds', { schema: api(TAGS.sandbox, 'The refunds and disputes console (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = operator.access(request);
    if (!who) return html(reply, 403, tokenForm());
    return html(reply, 200, await consoleBody(who, request.query as Record<string, unknown>));
  });

  installConsoleSession(app, operator, { path: '/sandbox/refunds', name: 'refunds', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  /** the event as the processor (a card payment) or the wallet provider (a wallet deposit) sends it, through our webhook route */
  async function send(source: string, provider: string, type: ReversalEventType, paymentId: string, reference: string, amountMinor: bigint, currency: string, reason?: string): Promise<string> {
    const wallet = source === 'method';
    const secret = wallet ? ports.walletSecrets.secrets[provider] : ports.processorSecrets.secrets[provider.toLowerCase()];
    if (!secret) throw new Refusal(404, 'console.not_found', 'That sender has no webhook secret.');
    const raw = sandboxEventBody({ type, paymentId, reference, amount: formatMoney(amountMinor, currency), currency, ...(reason && { reason }) }, wallet);
    const sent = await sendReversalEvent(app, { kind: wallet ? 'wallet' : 'processor', name: provider, secret }, raw);
    const body = (sent.body ?? {}) as { error?: string; changed?: boolean; status?: string };
    if (sent.status >= 400) throw new Refusal(sent.status, typeof body.error === 'string' ? body.error : 'console.failed', 'The webhook was refused.');
    return body.changed === false ? 'unchanged' : '';
  }

  /** a console form: access, its CSRF field, then `act` (answers the flash's done key); 303 back with the flash */
  async function form(request: FastifyRequest, reply: FastifyReply, act: (form: Record<string, string>) => Promise<string>) {
    const who = operator.access(request);
    const body = Object.fromEntries(Object.entries((request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) as Record<string, string>;
    if (!who) return html(reply, 403, tokenForm('Your operator session has ended: enter the operator token again. Nothing was sent.'));
    if (!operator.formAllowed(who, body)) return html(reply, 403, page(`<h1>${TITLE}</h1><p class="flash err">This form is out of date or did not come from the console. Nothing was sent. <a href="/sandbox/refunds">Back</a></p>`));
    const back = body.email ? `&email=${encodeURIComponent(body.email)}` : '';
    try {
      const done = await act(body);
      return reply.redirect(`/sandbox/refunds?done=${encodeURIComponent(done)}${back}`, 303);
    } catch (error) {
      if (error instanceof Refusal) return reply.redirect(`/sandbox/refunds?error=${encodeURIComponent(error.key)}${back}`, 303);
      throw error;
    }
  }

  // ─── what each form does (the JSON twin below does the same): answers the flash's done key ───

  async function refundAct(f: Record<string, string>): Promise<string> {
    const outcome = f.outcome === 'failed' ? 'failed' : 'succeeded';
    const source = f.source === 'method' ? 'method' : 'card';
    const refund = await requestRefund(reversalDeps, { source, id: f.id ?? '', amount: f.amount, key: f.key ?? '' });
    if (refund.status === 'failed') return 'refund_failed';
    if (!refund.provider_ref) throw new Refusal(502, 'console.failed', 'The processor did not answer.');
    const unchanged = await send(source, refund.provider, outcome === 'failed' ? 'refund.failed' : 'refund.succeeded', refund.source_id, refund.provider_ref, toBigInt(refund.amount_minor), refund.currency, outcome === 'failed' ? 'refused by the sandbox processor' : undefined);
    return unchanged || (outcome === 'failed' ? 'refund_failed' : 'refunded');
  }

  async function disputeAct(f: Record<string, string>): Promise<string> {
    const paid = (await paidDeposits(db, { limit: 1000 })).find((p) => p.source === f.source && p.id === f.id);
    if (!paid) throw new Refusal(404, 'refund.payment', 'No such paid deposit.');
    return (await send(paid.source, paid.provider, 'dispute.opened', paid.id, newRef('dp', paid.provider), amountOf(f.amount, paid), paid.currency, 'the card holder does not recognise the payment')) || 'opened';
  }

  async function decideAct(f: Record<string, string>): Promise<string> {
    const r = await reversalById(db, f.id ?? '');
    if (!r || !r.provider_ref) throw new Refusal(404, 'console.not_found', 'No such refund or dispute.');
    const type: ReversalEventType | null =
      r.kind === 'dispute' ? (f.outcome === 'won' ? 'dispute.won' : f.outcome === 'lost' ? 'dispute.lost' : null) : f.outcome === 'succeeded' ? 'refund.succeeded' : f.outcome === 'failed' ? 'refund.failed' : null;
    if (!type) throw new Refusal(400, 'console.not_found', 'Choose an outcome.');
    const unchanged = await send(r.source, r.provider, type, r.source_id, r.provider_ref, toBigInt(r.amount_minor), r.currency);
    return unchanged || { 'dispute.won': 'won', 'dispute.lost': 'lost', 'refund.succeeded': 'refunded', 'refund.failed': 'refund_failed', 'dispute.opened': 'opened' }[type];
  }

  async function closeAct(f: Record<string, string>): Promise<string> {
    const { row, closed } = await closeProtectionCase(db, f.id ?? '', f.note ?? '', new Date());
    // the trader's withdrawal page reads the locks again
    deps.push.publish(row.user_id, { type: 'user.updated' });
    return closed ? 'closed' : 'unchanged';
  }

  app.post('/sandbox/refunds/refund', { schema: api(TAGS.sandbox, 'Refunds console: refund a paid deposit', { produces: 'redirect' }) }, async (request, reply) => form(request, reply, refundAct));
  app.post('/sandbox/refunds/dispute', { schema: api(TAGS.sandbox, 'Refunds console: open a dispute', { produces: 'redirect' }) }, async (request, reply) => form(request, reply, disputeAct));
  app.post('/sandbox/refunds/decide', { schema: api(TAGS.sandbox, 'Refunds console: a dispute won or lost, a refund succeeded or failed', { produces: 'redirect' }) }, async (request, reply) => form(request, reply, decideAct));
  app.post('/sandbox/refunds/case', { schema: api(TAGS.sandbox, 'Refunds console: close a protection case’s review', { produces: 'redirect' }) }, async (request, reply) => form(request, reply, closeAct));

  // ─── the JSON twin (the operator header; the session's CSRF header on POST, like every /api call) ───

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, deps.config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator refunds and decides disputes: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };
  // money as decimal strings on the wire
  const paidJson = (p: PaidView) => ({ source: p.source, id: p.id, email: p.email, provider: p.provider, amount: formatMoney(p.amountMinor, p.currency), left: formatMoney(p.leftMinor, p.currency), currency: p.currency, createdAt: p.createdAt.toISOString() });
  const reversalJson = (r: ReversalView) => ({
    id: r.id,
    kind: r.kind,
    source: r.source,
    paymentId: r.source_id,
    email: r.email,
    provider: r.provider,
    reference: r.provider_ref,
    status: r.status,
    reason: r.reason,
    amount: formatMoney(toBigInt(r.amount_minor), r.currency),
    debited: formatMoney(toBigInt(r.debited_minor), r.currency),
    shortfall: formatMoney(toBigInt(r.shortfall_minor), r.currency),
    currency: r.currency,
    createdAt: r.created_at.toISOString(),
  });
  const caseJson = (c: ProtectionCaseView) => ({
    id: c.id,
    email: c.email,
    reversalId: c.reversalId,
    status: c.status,
    asked: formatMoney(c.askedMinor, c.currency),
    debited: formatMoney(c.debitedMinor, c.currency),
    shortfall: formatMoney(c.shortfallMinor, c.currency),
    currency: c.currency,
    note: c.note,
    createdAt: c.createdAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null,
  });
  /** the twin's answer: what the console's flash would say, and the refunds, disputes and cases now */
  const answer = async (done: string) => ({ done, reversals: (await reversals(db)).map(reversalJson), cases: (await protectionCases(db)).map(caseJson) });
  const strings = (body: Record<string, unknown>): Record<string, string> => Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : '']));

  app.get('/api/sandbox/refunds', { schema: api(TAGS.sandbox, 'Refunds console: paid deposits, refunds and disputes, protection cases', { querystring: EmailQuery }) }, async (request) => {
    requireOperatorHeader(request);
    const email = request.query.email;
    const [paid, list, cases] = await Promise.all([paidDeposits(db, { email }), reversals(db, { email }), protectionCases(db)]);
    return { paid: paid.map(paidJson), reversals: list.map(reversalJson), cases: cases.map(caseJson) };
  });
  app.post('/api/sandbox/refunds', { schema: api(TAGS.sandbox, 'Refunds console: refund a paid deposit (through the processor or provider, then its signed webhook)', { body: RefundBody }) }, async (request) => {
    requireOperatorHeader(request);
    return answer(await refundAct(strings(request.body)));
  });
  app.post('/api/sandbox/refunds/dispute', { schema: api(TAGS.sandbox, 'Refunds console: open a dispute (the processor’s signed dispute.opened)', { body: DisputeBody }) }, async (request) => {
    requireOperatorHeader(request);
    return answer(await disputeAct(strings(request.body)));
  });
  app.post('/api/sandbox/refunds/decide', { schema: api(TAGS.sandbox, 'Refunds console: a dispute won or lost, a refund succeeded or failed', { body: DecideBody }) }, async (request) => {
    requireOperatorHeader(request);
    return answer(await decideAct(strings(request.body)));
  });
  app.post('/api/sandbox/refunds/case', { schema: api(TAGS.sandbox, 'Refunds console: close a protection case’s review', { body: CloseBody }) }, async (request) => {
    requireOperatorHeader(request);
    return answer(await closeAct(strings(request.body)));
  });
};

/** the form's amount in the deposit's currency (empty: all that is left); 400 when it is not one, 409 above what is left */
function amountOf(amount: string | undefined, paid: PaidView): bigint {
  const text = (amount ?? '').trim();
  if (text === '') return paid.leftMinor;
  let minor: bigint;
  try {
    minor = parseMoney(text, paid.currency);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new Refusal(400, 'refund.amount', error.message);
    throw error;
  }
  if (minor <= 0n || minor > paid.leftMinor) throw new Refusal(409, 'refund.too_much', 'More than is left.');
  return minor;
}
