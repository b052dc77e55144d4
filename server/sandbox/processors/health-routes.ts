import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { CardProcessor } from '../../../core/contract';
import { PROCESSOR_TABLE, PROCESSORS } from '../../../core/cascade/processors';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { healthOf, resetHealth, type ProcessorHealthView } from '../../domain/payments/health';
import { Refusal } from '../../domain/refusal';
import { PROCESSOR_HEALTH } from '../../domain/settings';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import { acceptConsoleForms, consolePage, escapeHtml, installConsoleSession, operatorConsole, type ConsoleAccess } from '../operator-console';
import { setSwitch, switchesOf, SWITCH_MODES, type SwitchMode } from './switch';

const TITLE = 'Sandbox processors console';
const BANNER = 'Sandbox: the card processors’ health and the switch that makes one time out or answer 5xx. What you switch here applies to every trader of this sandbox at once.';
const page = (body: string): string => consolePage(TITLE, BANNER, body);
/** the processors a card start can reach (FRAUD is our own check, never down) */
const CARD_PROCESSORS = PROCESSORS.filter((p) => p !== 'FRAUD');

const SwitchRequest = z.object({
  processor: CardProcessor,
  mode: z.enum(SWITCH_MODES),
  /** also forget its health (closed circuit, no failures) */
  reset: z.optional(z.boolean()),
  /** mark it unhealthy now (as after `failureThreshold` failures), to see the skip without failing that many payments */
  unhealthy: z.optional(z.boolean()),
});
type SwitchRequest = z.infer<typeof SwitchRequest>;

const ProcessorState = z.object({
  processor: z.string(),
  name: z.string(),
  switch: z.enum(SWITCH_MODES),
  state: z.enum(['healthy', 'unhealthy']),
  probing: z.boolean(),
  failures: z.number(),
  openedAt: z.nullable(z.string()),
  lastFailure: z.string(),
  recent: z.object({ answered: z.number(), timeout: z.number(), server_error: z.number(), skipped: z.number(), declined: z.record(z.string(), z.number()) }),
});
const ProcessorsResponse = z.object({
  rules: z.object({ failureThreshold: z.number(), coolDownMs: z.number(), startTimeoutMs: z.number(), windowMs: z.number() }),
  processors: z.array(ProcessorState),
});
type ProcessorsResponse = z.infer<typeof ProcessorsResponse>;

async function stateOf(db: Db, now: Date): Promise<ProcessorsResponse> {
  const [views, switches] = await Promise.all([healthOf(db, CARD_PROCESSORS, now), switchesOf(db)]);
  const { failureThreshold, coolDownMs, startTimeoutMs, windowMs } = PROCESSOR_HEALTH;
  return {
    rules: { failureThreshold, coolDownMs, startTimeoutMs, windowMs },
    processors: views.map((v: ProcessorHealthView) => ({ ...v, name: PROCESSOR_TABLE[v.processor as CardProcessor].name, switch: switches.get(v.processor) ?? 'up' })),
  };
}

/** Applies a switch (and the optional reset / mark), the same for the form and the API. */
async function applySwitch(db: Db, body: SwitchRequest, now: Date): Promise<void> {
  await setSwitch(db, body.processor, body.mode, now);
  if (body.reset) await resetHealth(db, body.processor);
  if (body.unhealthy) {
    await db
      .insertInto('processor_health')
      .values({ processor: body.processor, state: 'unhealthy', failures: PROCESSOR_HEALTH.failureThreshold, opened_at: now, last_failure: 'marked', updated_at: now })
      .onConflict((oc) => oc.column('processor').doUpdateSet({ state: 'unhealthy', failures: PROCESSOR_HEALTH.failureThreshold, opened_at: now, probe_at: null, last_failure: 'marked', updated_at: now }))
      .execute();
  }
}

const MODE_WORDS: Record<SwitchMode, string> = { up: 'Answers normally', timeout: 'Times out (never answers)', server_error: 'Answers 5xx' };
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * The processors' health console (issue 32 §4; docs/sandbox.md "Processor health and the switch"),
 * sandbox mode only, with the operator sign-in every console shares:
 * - GET /sandbox/processors: each processor's state (healthy / unhealthy / probe next), its
 *   transport failures in a row, the last hour's outcomes (answered, declined by code, timeouts,
 *   5xx, skipped starts) and its switch; a form per processor to switch it (answers normally,
 *   times out, answers 5xx), with "forget its health" and "mark it unhealthy now";
 * - the JSON twin for tests, with the x-sandbox-operator header: GET /api/sandbox/processors and
 *   POST /api/sandbox/processors/switch {processor, mode, reset?, unhealthy?}.
 */
export const processorHealthRoutes: RoutePlugin<{ db: Db; config: Config; now?: () => Date }> = async (app, { db, config, now = () => new Date() }) => {
  if (!config.sandbox) return;
  const operator = operatorConsole(config);
  acceptConsoleForms(app);
  const html = (reply: FastifyReply, status: number, body: string) => operator.html(reply, status, body);

  const tokenForm = (message?: string) =>
    page(`<h1>${TITLE}</h1>
${message ? `<p class="flash err">${escapeHtml(message)}</p>` : ''}
<p class="note">Only the sandbox operator switches processors. Enter the sandbox operator token: <code>npm start</code> prints it in its terminal (or set it with SANDBOX_OPERATOR_TOKEN). One sign-in serves every sandbox console.</p>
<form method="post" action="/sandbox/processors/session">
<label>Operator token <input type="password" name="token" autocomplete="off" required></label>
<button type="submit">Open the console</button>
</form>`);

  async function consoleBody(who: ConsoleAccess, flash: string): Promise<string> {
    const { rules, processors } = await stateOf(db, now());
    const csrf = escapeHtml(operator.csrfFor(who));
    const rows = processors
      .map((p) => {
        const declined = Object.entries(p.recent.declined).map(([code, n]) => `${escapeHtml(code)}: ${n}`).join(', ') || '0';
        const state = p.state === 'healthy' ? 'Healthy' : p.probing ? 'Unhealthy: the next start is the probe' : 'Unhealthy: skipped';
        const options = SWITCH_MODES.map((m) => `<option value="${m}"${m === p.switch ? ' selected' : ''}>${escapeHtml(MODE_WORDS[m])}</option>`).join('');
        return `<tr data-processor="${escapeHtml(p.processor)}" data-state="${p.state}" data-switch="${p.switch}">
<td>${escapeHtml(p.name)} (${escapeHtml(p.processor)})</td>
<td class="state"><strong>${escapeHtml(state)}</strong>${p.openedAt ? `<br><span class="note">since ${escapeHtml(p.openedAt)}</span>` : ''}</td>
<td>${p.failures}${p.lastFailure ? ` (last: ${escapeHtml(p.lastFailure)})` : ''}</td>
<td>answered ${p.recent.answered}; declined ${declined}; timeouts ${p.recent.timeout}; 5xx ${p.recent.server_error}; skipped ${p.recent.skipped}</td>
<td><form method="post" action="/sandbox/processors"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="processor" value="${escapeHtml(p.processor)}">
<label>Switch <select name="mode" aria-label="Switch ${escapeHtml(p.name)}">${options}</select></label>
<label><input type="checkbox" name="reset" value="1"> forget its health</label>
<label><input type="checkbox" name="unhealthy" value="1"> mark it unhealthy now</label>
<button type="submit">Apply to ${escapeHtml(p.name)}</button></form></td></tr>`;
      })
      .join('\n');
    return page(`<h1>${TITLE}</h1>
${flash}
<p class="note">A processor whose starts fail in transport (no answer in ${seconds(rules.startTimeoutMs)}, or a 5xx) ${rules.failureThreshold} times in a row is unhealthy: the cascade skips it (the card is not sent) for ${seconds(rules.coolDownMs)}; then the next start is let through as the probe, and its answer makes the processor healthy again (a failure starts another cool-down). A trader is told “temporarily unavailable” only when every processor of their stack is skipped. Outcomes: the last ${seconds(rules.windowMs)}.</p>
<table><thead><tr><th>Processor</th><th>State</th><th>Failures in a row</th><th>Outcomes</th><th>Switch</th></tr></thead><tbody>
${rows}
</tbody></table>`);
  }

  const flashOf = (query: Record<string, unknown>): string =>
    query.done === 'saved' ? '<p class="flash ok" role="status">Saved: it applies to the next start.</p>' : query.error ? '<p class="flash err" role="alert">Nothing changed: choose a processor and a mode.</p>' : '';

  app.get('/sandbox/processors', { schema: api(TAGS.sandbox, 'The processors console (HTML)', { produces: 'text/html' }) }, async (request, reply) => {
    const who = operator.access(request);
    if (!who) return html(reply, 403, tokenForm());
    return html(reply, 200, await consoleBody(who, flashOf(request.query as Record<string, unknown>)));
  });

  installConsoleSession(app, operator, { path: '/sandbox/processors', name: 'processors', refuse: (reply, message) => html(reply, 403, tokenForm(message)) });

  app.post('/sandbox/processors', { schema: api(TAGS.sandbox, 'Processors console: switch a processor', { produces: 'redirect' }) }, async (request, reply) => {
    const who = operator.access(request);
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!who) return html(reply, 403, tokenForm('Your operator session has ended: enter the operator token again. Nothing changed.'));
    if (!operator.formAllowed(who, form)) {
      return html(reply, 403, page(`<h1>${TITLE}</h1><p class="flash err">This form is out of date or did not come from the console. Nothing changed. <a href="/sandbox/processors">Back</a></p>`));
    }
    const parsed = SwitchRequest.safeParse({ processor: form.processor, mode: form.mode, reset: form.reset === '1', unhealthy: form.unhealthy === '1' });
    if (!parsed.success || parsed.data.processor === 'FRAUD') return reply.redirect('/sandbox/processors?error=1', 303);
    await applySwitch(db, parsed.data, now());
    return reply.redirect('/sandbox/processors?done=saved', 303);
  });

  const requireOperatorHeader = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator switches processors: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.get('/api/sandbox/processors', { schema: api(TAGS.sandbox, 'Processors: each one’s health and switch', { response: ProcessorsResponse }) }, async (request): Promise<ProcessorsResponse> => {
    requireOperatorHeader(request);
    return stateOf(db, now());
  });

  app.post('/api/sandbox/processors/switch', { schema: api(TAGS.sandbox, 'Processors: switch one to time out or answer 5xx (or back)', { body: SwitchRequest, response: ProcessorsResponse }) }, async (request): Promise<ProcessorsResponse> => {
    requireOperatorHeader(request);
    if (request.body.processor === 'FRAUD') throw new Refusal(400, 'sandbox.not_a_processor', 'The fraud check is ours: it cannot be switched.');
    await applySwitch(db, request.body, now());
    return stateOf(db, now());
  });
};
