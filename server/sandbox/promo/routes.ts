import { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { createPromoCode, deactivatePromoCode, listPromoCodes, type PromoListItem } from '../../domain/promo/codes';
import { Refusal } from '../../domain/refusal';
import { acceptConsoleForms, consolePage, escapeHtml, installConsoleSession, operatorConsole } from '../operator-console';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import { parse } from '../../http/parse';
import type { SandboxDeps } from '../deps';
import { promotionsConsoleRoutes, promotionsSection } from './promotions';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/**
 * The sandbox operator's promo console (sandbox mode only; spec 001 §3, §7): /sandbox/promo
 * (server-rendered, no script; the operator console's sign-in, cookie and form CSRF) lists the
 * codes with their uses, creates one, deactivates one, and shows the Promotions section
 * (./promotions.ts); /api/sandbox/promo is its JSON twin for the operator header. The traders'
 * promo code check is server/routes/promo.ts.
 */
export const sandboxPromoRoutes: RoutePlugin<SandboxDeps> = async (app, { db, config }) => {
  if (!config.sandbox) return;
  await app.register(promoConsoleRoutes, { db, config });
  await app.register(promotionsConsoleRoutes, { db, config });
};

const BANNER = 'Sandbox: the promo codes of this sandbox. Codes made here give real bonuses in this sandbox ledger only.';
const TITLE = 'Sandbox promo codes';
const page = (body: string): string => consolePage(TITLE, BANNER, body);

const DONE: Record<string, string> = { created: 'Promo code created.', deactivated: 'Promo code deactivated: traders are told it was withdrawn.' };
const STATE: Record<PromoListItem['state'], string> = { usable: 'usable', inactive: 'deactivated', not_yet: 'not yet valid', expired: 'expired', used_up: 'used up' };

const day = (iso: string | null): string => (iso ? `${iso.replace('T', ' ').slice(0, 16)} UTC` : '—');

function tokenForm(message?: string): string {
  return page(`<h1>${TITLE}</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Enter the sandbox operator token to manage promo codes. <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN).</p>
<form method="post" action="/sandbox/promo/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the console</button>
</form>`);
}

function listPage(codes: PromoListItem[], csrf: string, query: Record<string, unknown>, error?: string, promotions = ''): string {
  const done = typeof query.done === 'string' ? DONE[query.done] : undefined;
  const flash = error ? `<p class="flash err" role="alert">${escapeHtml(error)}</p>` : done ? `<p class="flash ok" role="status">${escapeHtml(done)}</p>` : '';
  const hidden = `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
  const rows = codes
    .map(
      (c) => `<tr data-code="${escapeHtml(c.code)}">
<td><strong>${escapeHtml(c.code)}</strong></td>
<td>${escapeHtml(c.adds)}</td>
<td>${escapeHtml(c.currency ?? 'any')}</td>
<td>${escapeHtml(day(c.validFrom))}</td>
<td>${escapeHtml(day(c.validUntil))}</td>
<td>${escapeHtml(c.uses)} / ${escapeHtml(c.maxUses ?? '∞')}</td>
<td>${escapeHtml(STATE[c.state])}</td>
<td>${c.active ? `<form method="post" action="/sandbox/promo/${encodeURIComponent(c.code)}/deactivate">${hidden}<button type="submit" class="reject">Deactivate</button></form>` : ''}</td>
</tr>`,
    )
    .join('\n');
  return page(`<h1>${TITLE}</h1>
${flash}
<p class="note">A code adds a percent to the deposit bonus's percent (at most the maximum bonus percent) or a fixed value (at most the maximum bonus value), once per trader, with the deposit bonus chosen. Traders enter it on the funding page.</p>
<table><thead><tr><th>Code</th><th>Adds</th><th>Currency</th><th>Valid from</th><th>Valid until</th><th>Uses</th><th>State</th><th></th></tr></thead><tbody>
${rows || '<tr><td colspan="8">No promo codes yet.</td></tr>'}
</tbody></table>
<h2>Create a code</h2>
<form method="post" action="/sandbox/promo">${hidden}
<p><label>Code <input type="text" name="code" required maxlength="32" pattern="[A-Za-z0-9_\\-]{1,32}"></label>
<label>Adds <select name="kind"><option value="percent">a percent</option><option value="value">a fixed value</option></select></label>
<label>Amount <input type="text" name="amount" required maxlength="16" inputmode="decimal" placeholder="1.5"></label>
<label>Currency <select name="currency"><option value="">any</option><option>USD</option><option>EUR</option><option>GBP</option><option>RUB</option></select></label></p>
<p><label>Valid from <input type="date" name="from"></label>
<label>Valid until <input type="date" name="until"></label>
<label>Maximum uses <input type="number" name="max" min="1" step="1" placeholder="no limit"></label>
<button type="submit" class="approve">Create</button></p>
</form>
${promotions}`);
}

const ApiCreate = z.object({
  code: z.string().check(z.maxLength(64)),
  kind: z.enum(['percent', 'value']),
  amount: z.string().check(z.maxLength(32)),
  currency: z.optional(z.string().check(z.maxLength(8))),
  validFrom: z.optional(z.string().check(z.maxLength(40))),
  validUntil: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  maxUses: z.optional(z.nullable(z.number())),
});

const dateOf = (value: unknown): Date | undefined => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new Refusal(400, 'promo.create.window', 'A date is YYYY-MM-DD.');
  return date;
};

/** The sandbox console and its JSON twin (sandbox mode only). */
const promoConsoleRoutes: RoutePlugin<Pick<SandboxDeps, 'db' | 'config'>> = async (app, { db, config }) => {
  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);
  const stale = () => page(`<h1>${TITLE}</h1><p class="flash err">This form is out of date or did not come from the console. Nothing changed. <a href="/sandbox/promo">Back to the console</a></p>`);

  app.get('/sandbox/promo', { schema: api(TAGS.sandbox, 'The promo console (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = operator.access(request);
    if (!who) return html(reply, 200, tokenForm());
    const query = request.query as Record<string, unknown>;
    return html(reply, 200, listPage(await listPromoCodes(db, new Date()), operator.csrfFor(who), query, undefined, await promotionsSection(db, operator.csrfFor(who), query)));
  });

  installConsoleSession(app, operator, { path: '/sandbox/promo', name: 'promo', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  app.post('/sandbox/promo', { schema: api(TAGS.sandbox, 'Promo console: create a code', { produces: 'redirect' }) }, async (request, reply) => {
    const who = operator.access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your operator session has ended: enter the operator token again. Nothing changed.'));
    if (!operator.formAllowed(who, form)) return html(reply, 403, stale());
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    try {
      const max = text('max').trim();
      await createPromoCode(db, {
        code: text('code'),
        kind: text('kind') === 'value' ? 'value' : 'percent',
        amount: text('amount').trim(),
        currency: text('currency'),
        validFrom: dateOf(form.from),
        validUntil: dateOf(form.until) ?? null,
        maxUses: max === '' ? null : /^\d{1,9}$/.test(max) ? Number(max) : -1,
      });
      return reply.redirect('/sandbox/promo?done=created', 303);
    } catch (error) {
      if (error instanceof Refusal) return html(reply, 400, listPage(await listPromoCodes(db, new Date()), operator.csrfFor(who), {}, `${error.message} Nothing was created.`));
      throw error;
    }
  });

  app.post<{ Params: { code: string } }>('/sandbox/promo/:code/deactivate', { schema: api(TAGS.sandbox, 'Promo console: deactivate', { produces: 'redirect' }) }, async (request, reply) => {
    const who = operator.access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your operator session has ended: enter the operator token again. Nothing changed.'));
    if (!operator.formAllowed(who, form)) return html(reply, 403, stale());
    try {
      await deactivatePromoCode(db, request.params.code);
      return reply.redirect('/sandbox/promo?done=deactivated', 303);
    } catch (error) {
      if (error instanceof Refusal) return html(reply, 404, listPage(await listPromoCodes(db, new Date()), operator.csrfFor(who), {}, error.message));
      throw error;
    }
  });

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator manages promo codes: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };
  app.get('/api/sandbox/promo', { schema: api(TAGS.sandbox, 'Promo codes') }, async (request) => {
    requireOperatorHeader(request);
    return { codes: await listPromoCodes(db, new Date()) };
  });
  app.post('/api/sandbox/promo', { schema: api(TAGS.sandbox, 'Create a promo code') }, async (request) => {
    requireOperatorHeader(request);
    const body = parse(ApiCreate, request.body ?? {});
    const code = await createPromoCode(db, {
      code: body.code,
      kind: body.kind,
      amount: body.amount,
      currency: body.currency ?? '',
      validFrom: dateOf(body.validFrom),
      validUntil: dateOf(body.validUntil) ?? null,
      maxUses: body.maxUses ?? null,
    });
    return { code };
  });
  app.post<{ Params: { code: string } }>('/api/sandbox/promo/:code/deactivate', { schema: api(TAGS.sandbox, 'Deactivate a promo code') }, async (request) => {
    requireOperatorHeader(request);
    await deactivatePromoCode(db, request.params.code);
    return { ok: true };
  });
};
