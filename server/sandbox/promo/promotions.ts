import { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Db } from '../../db';
import { createPromotion, endPromotion, listAllPromotions, type PromotionAdminItem } from '../../domain/promotions/promotions';
import { Refusal } from '../../domain/refusal';
import { acceptConsoleForms, consolePage, escapeHtml, operatorConsole } from '../operator-console';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import { parse } from '../../http/parse';
import type { SandboxDeps } from '../deps';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/**
 * The Promotions section of the promo console (/sandbox/promo, rendered by `promotionsSection`;
 * its forms post to /sandbox/promo/promotions) and its JSON twin /api/sandbox/promotions, for the
 * sandbox operator (sandbox mode only; registered by server/sandbox/promo/routes.ts). The traders'
 * promotions are server/routes/promotions.ts.
 */
const BANNER = 'Sandbox: the promotions of this sandbox. They raise deposit bonuses in this sandbox ledger only.';
const day = (iso: string | null): string => (iso ? `${iso.replace('T', ' ').slice(0, 16)} UTC` : '—');
const STATE: Record<PromotionAdminItem['state'], string> = { active: 'active', not_started: 'not started', ended: 'ended' };
const DONE: Record<string, string> = { created: 'Promotion added.', ended: 'Promotion ended: it left the traders’ list and adds nothing to new deposits.' };

/** The Promotions section of the promo console (/sandbox/promo): the promotions, add one, end one. */
export async function promotionsSection(db: Db, csrf: string, query: Record<string, unknown>, error?: string): Promise<string> {
  const list = await listAllPromotions(db, new Date());
  const done = typeof query.promotion === 'string' ? DONE[query.promotion] : undefined;
  const flash = error ? `<p class="flash err" role="alert">${escapeHtml(error)}</p>` : done ? `<p class="flash ok" role="status">${escapeHtml(done)}</p>` : '';
  const hidden = `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
  const rows = list
    .map(
      (p) => `<tr data-promotion="${escapeHtml(p.id)}">
<td><strong>${escapeHtml(p.id)}</strong><br>${escapeHtml(p.title)}</td>
<td>+${escapeHtml(p.percent)} %, at most ${escapeHtml(p.max)}</td>
<td>${escapeHtml(p.currency ?? 'any')}</td>
<td>${escapeHtml(day(p.startsAt))} – ${escapeHtml(day(p.endsAt))}</td>
<td>${escapeHtml(STATE[p.state])}</td>
<td>${escapeHtml(p.activations)}</td>
<td>${p.state !== 'ended' ? `<form method="post" action="/sandbox/promo/promotions/${encodeURIComponent(p.id)}/end">${hidden}<button type="submit" class="reject">End now</button></form>` : ''}</td>
</tr>`,
    )
    .join('\n');
  return `<h2 id="promotions">Promotions</h2>
${flash}
<p class="note">A promotion adds its percent to the deposit bonus of every trader who activated it (once each, on #/show/promotions), inside its window, the total at most the maximum bonus percent and the promotion's share at most its maximum.</p>
<table><thead><tr><th>Promotion</th><th>Gives</th><th>Currency</th><th>Window</th><th>State</th><th>Activations</th><th></th></tr></thead><tbody>
${rows || '<tr><td colspan="7">No promotions yet.</td></tr>'}
</tbody></table>
<h3>Add a promotion</h3>
<form method="post" action="/sandbox/promo/promotions">${hidden}
<p><label>Id <input type="text" name="id" required maxlength="40" pattern="[a-z0-9\\-]{1,40}" placeholder="spring-2027"></label>
<label>Percent <input type="text" name="percent" required maxlength="8" inputmode="decimal" placeholder="1"></label>
<label>Maximum <input type="text" name="max" required maxlength="12" inputmode="decimal" placeholder="100"></label>
<label>Currency <select name="currency"><option value="">any</option><option>USD</option><option>EUR</option><option>GBP</option><option>RUB</option></select></label></p>
<p><label>Starts <input type="date" name="from"></label> <label>Ends <input type="date" name="until" required></label></p>
<p><label>Title (English) <input type="text" name="titleEn" required maxlength="120"></label> <label>Title (Russian) <input type="text" name="titleRu" required maxlength="120"></label></p>
<p><label>What it gives (English) <input type="text" name="givesEn" required maxlength="300"></label> <label>What it gives (Russian) <input type="text" name="givesRu" required maxlength="300"></label></p>
<p><label>Terms (English) <textarea name="termsEn" required maxlength="2000" rows="3"></textarea></label> <label>Terms (Russian) <textarea name="termsRu" required maxlength="2000" rows="3"></textarea></label></p>
<p><button type="submit" class="approve">Add</button></p>
</form>`;
}

const ApiCreate = z.object({
  id: z.string().check(z.maxLength(40)),
  titleEn: z.string().check(z.maxLength(120)),
  titleRu: z.string().check(z.maxLength(120)),
  givesEn: z.string().check(z.maxLength(300)),
  givesRu: z.string().check(z.maxLength(300)),
  termsEn: z.string().check(z.maxLength(2000)),
  termsRu: z.string().check(z.maxLength(2000)),
  percent: z.string().check(z.maxLength(16)),
  max: z.string().check(z.maxLength(16)),
  currency: z.optional(z.nullable(z.string().check(z.maxLength(8)))),
  startsAt: z.optional(z.string().check(z.maxLength(40))),
  endsAt: z.string().check(z.maxLength(40)),
});

const dateOf = (value: unknown): Date | undefined => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new Refusal(400, 'promotions.create', 'A date is YYYY-MM-DD or an ISO time.');
  return date;
};

/** The console's forms (their page is /sandbox/promo) and the JSON twin (sandbox mode only). */
export const promotionsConsoleRoutes: RoutePlugin<Pick<SandboxDeps, 'db' | 'config'>> = async (app, { db, config }) => {
  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const back = (reply: FastifyReply, status: number, message: string) =>
    operator.html(reply, status, consolePage('Sandbox promotions', BANNER, `<h1>Sandbox promotions</h1><p class="flash err" role="alert">${escapeHtml(message)}</p><p><a href="/sandbox/promo#promotions">Back to the console</a></p>`));
  const allowed = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const who = operator.access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) back(reply, 403, 'Your operator session has ended: enter the operator token again. Nothing changed.');
    else if (!operator.formAllowed(who, form)) back(reply, 403, 'This form is out of date or did not come from the console. Nothing changed.');
    else return true;
    return false;
  };

  app.post('/sandbox/promo/promotions', { schema: api(TAGS.sandbox, 'Promo console: create a promotion', { produces: 'redirect' }) }, async (request, reply) => {
    if (!allowed(request, reply)) return reply;
    const form = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    try {
      await createPromotion(db, {
        id: text('id').trim(),
        titleEn: text('titleEn'),
        titleRu: text('titleRu'),
        givesEn: text('givesEn'),
        givesRu: text('givesRu'),
        termsEn: text('termsEn'),
        termsRu: text('termsRu'),
        percent: text('percent').trim().replace(',', '.'),
        max: text('max').trim().replace(',', '.'),
        currency: text('currency') || null,
        startsAt: dateOf(form.from) ?? new Date(),
        endsAt: dateOf(form.until) ?? new Date(NaN),
      });
      return reply.redirect('/sandbox/promo?promotion=created#promotions', 303);
    } catch (error) {
      if (error instanceof Refusal) return back(reply, 400, `${error.message} Nothing was added.`);
      throw error;
    }
  });

  app.post<{ Params: { id: string } }>('/sandbox/promo/promotions/:id/end', { schema: api(TAGS.sandbox, 'Promo console: end a promotion', { produces: 'redirect' }) }, async (request, reply) => {
    if (!allowed(request, reply)) return reply;
    try {
      await endPromotion(db, request.params.id, new Date());
      return reply.redirect('/sandbox/promo?promotion=ended#promotions', 303);
    } catch (error) {
      if (error instanceof Refusal) return back(reply, 404, error.message);
      throw error;
    }
  });

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator manages promotions: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };
  app.get('/api/sandbox/promotions', { schema: api(TAGS.sandbox, 'Promotions') }, async (request) => {
    requireOperatorHeader(request);
    return { promotions: await listAllPromotions(db, new Date()) };
  });
  app.post('/api/sandbox/promotions', { schema: api(TAGS.sandbox, 'Create a promotion') }, async (request) => {
    requireOperatorHeader(request);
    const body = parse(ApiCreate, request.body ?? {});
    const id = await createPromotion(db, {
      ...body,
      currency: body.currency ? body.currency : null,
      startsAt: dateOf(body.startsAt) ?? new Date(),
      endsAt: dateOf(body.endsAt) ?? new Date(NaN),
    });
    return { id };
  });
  app.post<{ Params: { id: string } }>('/api/sandbox/promotions/:id/end', { schema: api(TAGS.sandbox, 'End a promotion') }, async (request) => {
    requireOperatorHeader(request);
    await endPromotion(db, request.params.id, new Date());
    return { ok: true };
  });
};
