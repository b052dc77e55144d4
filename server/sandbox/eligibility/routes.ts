import type { FastifyReply, FastifyRequest } from 'fastify';
import { BLOCKED_COUNTRIES, findCountry, REGULATED_COUNTRIES } from '../../../core/contract/countries';
import { IncentiveSwitch } from '../../../core/contract/incentives';
import { incentivesOffCountries, setIncentivesOffCountries } from '../../domain/protection/incentives';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import type { SandboxDeps } from '../deps';
import { acceptConsoleForms, consolePage, escapeHtml, installConsoleSession, operatorConsole, type ConsoleAccess } from '../operator-console';

const TITLE = 'Sandbox eligibility console';
const BANNER = 'Sandbox: the operator’s eligibility settings. What you switch here applies to this sandbox’s traders at once.';
const page = (body: string): string => consolePage(TITLE, BANNER, body);
const nameOf = (iso: string): string => findCountry(iso)?.name ?? iso;

/**
 * The operator's switch of incentives by country (issue 30 §5, docs/eligibility.md), sandbox mode
 * only, with the operator sign-in every console shares (server/sandbox/operator-console.ts):
 * - GET  /sandbox/eligibility: the regulated countries (core/contract/countries.ts isRegulated),
 *   each with a box "incentives off", and the blocked countries for reference; without operator
 *   access a 403 page with the token form (POST /sandbox/eligibility/session);
 * - POST /sandbox/eligibility: the boxes ticked (`country`, repeated), or `all=1` for every
 *   regulated country, or `none=1` → 303 back with a flash;
 * - the JSON twin for the x-sandbox-operator header: GET and POST /api/sandbox/incentives
 *   `{ countries }` (a test switches one country only: the other test files share the server).
 * A real operator sets the same row (operator_settings `incentives.off_countries`) from its back office.
 */
export const sandboxEligibilityRoutes: RoutePlugin<SandboxDeps> = async (app, { db, config }) => {
  if (!config.sandbox) return;
  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);

  const tokenForm = (message?: string) =>
    page(`<h1>${TITLE}</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Only the sandbox operator changes eligibility. Enter the sandbox operator token: <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN). One sign-in serves every sandbox console.</p>
<form method="post" action="/sandbox/eligibility/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the console</button>
</form>`);

  async function consoleBody(who: ConsoleAccess, flash: string): Promise<string> {
    const off = await incentivesOffCountries(db);
    const csrf = escapeHtml(operator.csrfFor(who));
    const boxes = REGULATED_COUNTRIES.map(
      (iso) => `<tr data-country="${iso}"><td><label><input type="checkbox" name="country" value="${iso}"${off.includes(iso) ? ' checked' : ''}> ${escapeHtml(nameOf(iso))} (${iso})</label></td><td>${off.includes(iso) ? '<strong>Off</strong>' : 'On'}</td></tr>`,
    ).join('\n');
    return page(`<h1>${TITLE}</h1>
${flash}
<h2>Incentives for retail traders in regulated countries</h2>
<p class="note">Bonuses (the deposit bonus and promo codes), timed offers (the gift and the giveaway among them), promotions, contests and IQ mining. The firm is modelled on a CySEC-authorised EU firm: the regulated countries are the EEA. Tick a country to switch its traders' incentives off; by default they are on everywhere. Traders on a break, self-excluded or with a closed account get none whatever is set here.</p>
<p>Off now in: <strong data-off="${escapeHtml(off.join(','))}">${off.length === 0 ? 'no country' : escapeHtml(off.map(nameOf).join(', '))}</strong>.</p>
<form method="post" action="/sandbox/eligibility">
<input type="hidden" name="csrf" value="${csrf}">
<table><thead><tr><th>Country (incentives off when ticked)</th><th>Now</th></tr></thead><tbody>
${boxes}
</tbody></table>
<p><button type="submit">Save these</button> <button type="submit" name="all" value="1">All regulated countries off</button> <button type="submit" name="none" value="1">All on again</button></p>
</form>
<h2>Countries we no longer serve</h2>
<p class="note">Set in the code's country table (core/contract/countries.ts <code>block</code>): registration refused, deposits and trading refused for existing traders, withdrawals still paid. ${escapeHtml(BLOCKED_COUNTRIES.map((iso) => `${nameOf(iso)} (${iso})`).join(', '))}.</p>`);
  }

  const flashOf = (query: Record<string, unknown>): string =>
    query.done === 'saved' ? '<p class="flash ok" role="status">Saved: it applies at once.</p>' : query.error ? '<p class="flash err" role="alert">Only regulated countries can be switched: nothing changed.</p>' : '';

  app.get('/sandbox/eligibility', { schema: api(TAGS.sandbox, 'The eligibility console (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = operator.access(request);
    if (!who) return html(reply, 403, tokenForm());
    return html(reply, 200, await consoleBody(who, flashOf(request.query as Record<string, unknown>)));
  });

  installConsoleSession(app, operator, { path: '/sandbox/eligibility', name: 'eligibility', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  app.post('/sandbox/eligibility', { schema: api(TAGS.sandbox, 'Eligibility console: switch incentives by country', { produces: 'redirect' }) }, async (request, reply) => {
    const who = operator.access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your operator session has ended: enter the operator token again. Nothing changed.'));
    if (!operator.formAllowed(who, form)) {
      return html(reply, 403, page(`<h1>${TITLE}</h1><p class="flash err">This form is out of date or did not come from the console. Nothing changed. <a href="/sandbox/eligibility">Back</a></p>`));
    }
    const ticked = ([] as unknown[]).concat(form.country ?? []).filter((c): c is string => typeof c === 'string');
    const countries = form.all ? [...REGULATED_COUNTRIES] : form.none ? [] : ticked;
    try {
      await setIncentivesOffCountries(db, countries, new Date());
      return reply.redirect('/sandbox/eligibility?done=saved', 303);
    } catch (error) {
      if (error instanceof Refusal) return reply.redirect(`/sandbox/eligibility?error=${encodeURIComponent(error.key)}`, 303);
      throw error;
    }
  });

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator changes eligibility: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.get('/api/sandbox/incentives', { schema: api(TAGS.sandbox, 'Eligibility: the regulated countries where incentives are off', { response: IncentiveSwitch }) }, async (request): Promise<IncentiveSwitch> => {
    requireOperatorHeader(request);
    return { countries: [...(await incentivesOffCountries(db))] };
  });

  app.post('/api/sandbox/incentives', { schema: api(TAGS.sandbox, 'Eligibility: set the regulated countries where incentives are off', { body: IncentiveSwitch, response: IncentiveSwitch }) }, async (request): Promise<IncentiveSwitch> => {
    requireOperatorHeader(request);
    return { countries: await setIncentivesOffCountries(db, request.body.countries, new Date()) };
  });
};
