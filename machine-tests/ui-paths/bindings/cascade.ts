import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { cascadeModel } from '../../../machines/cascade/cascade.model';
import { stableJson } from '../../../machine-kit/serialize';
import type { TestPath } from '../../../machine-kit/types';
import { sandboxCall } from '../sandbox';
import type { PathContext, StateCheck, StepContext, UiBinding } from '../types';
import { eventKey } from '../select';
import { cascadeStack, type StackFacts } from '../../../core/cascade/stack';
import { cardTrader, fillAndDeposit, isStartUrl, kindOf, openFunding, outcomeOf, pick, scriptPlaces, spendDayLimit, WAIT, type Kind } from './card-helpers';
import { fateRequests, heldBy, type Fate } from './cash-helpers';

/**
 * The processor a path makes fail (issue 32 §4, §5): no other binding's stack uses Shape
 * (card-helpers.ts CAN), so switching it touches no other path; the switch is the whole sandbox's,
 * hence the paths that switch it run one at a time (`exclusive` below).
 */
const DOWN_PROCESSOR = 'SHAPE';

interface Plan {
  /** Shape switched to 5xx (its start fails in transport) or marked unhealthy (skipped) for this path */
  down: 'none' | 'server_error' | 'unhealthy';
  stack: string[];
  scripts: Array<{ at: number; outcome: string }>;
  fraud: Fate[];
  starts: Fate[];
  dayLimit: boolean;
  badCard: boolean;
  /** resumed inputs: what the page does before the reload that makes the resumed run */
  reload: 'none' | 'listening' | 'starting' | 'checking';
}

type Resume = { current: { processor: string } | null; payment: { id: string } } | undefined;
const resumeOf = (input: unknown) => (input as { resume?: Resume }).resume;
const status = (e: AnyEventObject) => (e as { output?: { status?: string } }).output?.status;

/**
 * What the sandbox must do for a path, or a string saying why it cannot. Each processor the model
 * tries (context.current.processor at each start) becomes a real processor able to give the
 * reply the path wants (sandbox-gateway.ts): Orange non-3-D where the path waits its 6 s delay,
 * PFS for 3-D Secure, Entropay for its dialogs, Zoom for its token refusal, FRAUD for a pass, a
 * direct processor otherwise; its answer is scripted one-shot by place.
 */
export function planCascade(path: TestPath): Plan | string {
  const resume = resumeOf(path.input);
  if (resume && !resume.current && resume.payment.id !== '') return 'a stored run with its payment and no current attempt: the page never leaves one (see reasons)';
  const plan: Plan = { down: 'none', stack: [], scripts: [], fraud: [], starts: [], dayLimit: false, badCard: false, reload: 'none' };
  const modelProcs: string[] = [];
  const kinds: Array<Kind | 'down' | 'unhealthy' | undefined> = [];
  const delayed: boolean[] = [];
  const listenAfter: Array<string | undefined> = [];
  if (resume?.current) {
    modelProcs.push(resume.current.processor);
    kinds.push(undefined);
    delayed.push(false);
    plan.reload = 'listening';
  } else if (resume) plan.reload = 'checking';
  for (let i = 1; i < path.steps.length; i++) {
    const before = path.steps[i - 1].state;
    const e = path.steps[i].event;
    const key = eventKey(e, before);
    const ctx = before.context as { current: { processor: string } | null };
    const at = ctx.current ? modelProcs.indexOf(ctx.current.processor) : -1;
    if (key === 'fraudCheck.done') {
      const out = e.output as { day_limit?: boolean; bad_card?: boolean };
      plan.fraud.push('pass');
      if (out.day_limit) plan.dayLimit = true;
      if (out.bad_card) plan.badCard = true;
    } else if (key === 'fraudCheck.error') {
      plan.fraud.push((e.error as { kind: string }).kind === 'http' ? 'refuse' : 'network');
    } else if (key === 'startProcessor.done' || key === 'startProcessor.error') {
      let p = at;
      if (p < 0 || ctx.current!.processor !== modelProcs[p]) {
        modelProcs.push(ctx.current!.processor);
        kinds.push(undefined);
        delayed.push(path.steps.slice(0, i).some((s) => s.state.value === 'delaying' && (s.state.context as typeof ctx).current?.processor === ctx.current!.processor));
        p = modelProcs.length - 1;
      }
      const failed = key === 'startProcessor.error' ? (e.error as { kind: string; error?: string }) : null;
      if (key === 'startProcessor.done') {
        plan.starts.push('pass');
        kinds[p] ??= kindOf((e.output as { reply: unknown }).reply);
      } else if (failed?.error === 'card.processor_unavailable' || failed?.error === 'card.processor_unreachable') {
        // the real server answers it: Shape is switched before the path
        if (plan.down !== 'none') return 'two processors failing in one path: one processor (Shape) is switched for a path';
        plan.down = failed.error === 'card.processor_unavailable' ? 'unhealthy' : 'server_error';
        kinds[p] = plan.down === 'unhealthy' ? 'unhealthy' : 'down';
        plan.starts.push('pass');
      } else plan.starts.push(failed!.kind === 'http' ? 'refuse' : 'network');
    } else if (key === 'listen.done') {
      const s = status(e);
      if (s === 'answered') {
        const reply = (e.output as { reply: unknown }).reply;
        if (kindOf(reply) !== 'approved') return 'a listen answering a decline: no sandbox outcome is pending first and then declined';
      }
      if (s === 'missing' && !(resume?.current && !listenAfter.length)) return 'a listen finding no attempt: only a reload that cut the start off makes one';
      if (s === 'missing') plan.reload = 'starting';
      listenAfter[at] = s;
    } else if (key === 'entropay.done') {
      const r = (e.output as { result: string }).result;
      const cvv = kinds[at] === 'entropayCvv';
      if (r === 'redirect' && cvv) return "Entropay's CVV dialog does not redirect";
      if (r === 'answered' && !cvv) return "Entropay's start dialog does not answer in the page (it redirects)";
    }
  }
  const used: string[] = [];
  // the sandbox numbers the places of charging processors: the fraud screen (FRAUD) is not one
  let place = 0;
  for (let i = 0; i < modelProcs.length; i++) {
    const known = kinds[i];
    if (known === 'down' || known === 'unhealthy') {
      if (modelProcs[i] === 'FRAUD' || delayed[i]) return 'a failing FRAUD step or Orange non-3-D: the failing processor is Shape, which is neither';
      used.push(DOWN_PROCESSOR);
      // a start that failed in transport is a place of the payment (its attempt is kept, voided); a skipped one is not
      if (known === 'down') ++place;
      continue;
    }
    const kind: Kind = known ?? (listenAfter[i] || (i === 0 && plan.reload === 'listening') ? 'pending' : 'approved');
    const real = pick(kind, used, !delayed[i]);
    if (!real) return `no sandbox processor left for a ${kind} reply at place ${i + 1}`;
    used.push(real);
    let outcome = outcomeOf(kind);
    if (kind === 'pending' && listenAfter[i] === 'timeout') outcome = 'timeout';
    if (real !== 'FRAUD') plan.scripts.push({ at: ++place, outcome });
  }
  // no processor left: PFS alone for a trader of a country PFS never serves (the fresh trader's country is DE)
  if (!cascadeStack(path.input as StackFacts).length) plan.stack = ['PFS'];
  else plan.stack = used.length ? used : [resume ? 'MEIKO' : 'ORANGE_NOT3D'];
  if (plan.reload === 'starting') plan.starts.unshift('hold');
  if (plan.reload === 'checking') plan.fraud.unshift('hold');
  return plan;
}

/** the value of the cascade's latest snapshot in the page */
function lastValue(ctx: PathContext): unknown {
  for (let i = ctx.log.length - 1; i >= 0; i--) {
    const m = ctx.log[i];
    if (m.kind === '@xstate.snapshot' && m.machineId === 'cascade') return m.value;
  }
  return undefined;
}

async function until(ctx: PathContext, value: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (lastValue(ctx) === value) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the cascade did not reach ${value} before the reload (last: ${JSON.stringify(lastValue(ctx))})`);
}

/** Opens the funding page for the path, arranged as planned, and presses Deposit (then reloads for a resumed run). */
export async function startCascade(ctx: PathContext, plan: Plan): Promise<void> {
  const { page } = ctx;
  await cardTrader(ctx, plan.stack.join(','));
  // Shape failing as this path needs it (its health forgotten first, so one path's failures never
  // carry into the next); a path without it has no Shape in its stack and leaves it as it is
  if (plan.down !== 'none') await sandboxCall(page, '/api/sandbox/processors/switch', { processor: DOWN_PROCESSOR, mode: plan.down === 'server_error' ? 'server_error' : 'up', reset: true, unhealthy: plan.down === 'unhealthy' }, ctx.operator);
  if (plan.dayLimit) await spendDayLimit(page);
  if (plan.badCard) await sandboxCall(page, '/api/sandbox/card/next', { scenario: 'bad_card' });
  await scriptPlaces(page, plan.scripts);
  const fraud = await fateRequests(page, (u) => new URL(u).pathname === '/api/fraud/card', plan.fraud);
  const starts = await fateRequests(page, isStartUrl, plan.starts);
  await openFunding(ctx);
  await fillAndDeposit(page);
  if (plan.reload !== 'none') {
    await until(ctx, plan.reload);
    // the machine is in the state before its request is on its way: reloaded earlier, the resumed
    // run's own request would meet the held fate instead (and never answer)
    const gate = plan.reload === 'checking' ? fraud : plan.reload === 'starting' ? starts : undefined;
    if (gate) await heldBy(gate);
    await page.reload();
  }
}

const panel = (page: Page) => page.locator('.cascade');
const text = (s: string | RegExp): StateCheck => async ({ page }) => {
  await page.getByText(s).first().waitFor(WAIT);
};
const alertDialog = (page: Page) => page.getByRole('alertdialog');

/** the listen's answer: its 5 s checks on Playwright's clock until the cascade leaves listening */
async function listenAnswers(ctx: StepContext): Promise<void> {
  for (let i = 0; i < 4 && lastValue(ctx) === 'listening'; i++) {
    await ctx.page.clock.fastForward(5_000);
    const end = Date.now() + 2_000;
    while (Date.now() < end && lastValue(ctx) === 'listening') await new Promise((r) => setTimeout(r, 50));
  }
}

export const cascadeEvents: UiBinding['events'] = {
  'fraudCheck.done': async () => {},
  'fraudCheck.error': async () => {},
  'startProcessor.done': async () => {},
  'startProcessor.error': async () => {},
  async 'after:orangeNot3dDelay'({ page }) {
    await page.clock.fastForward(6_000);
  },
  async 'listen.done'(ctx) {
    const s = status(ctx.event);
    if (s === 'answered') await listenAnswers(ctx);
    else if (s === 'timeout') await ctx.page.clock.fastForward(120_000);
    else if (s === 'stopped') await ctx.page.getByRole('button', { name: 'Stop waiting' }).click(WAIT);
    // missing: the resumed run checks at once
  },
  async 'entropay.done'({ page, event }) {
    const r = (event.output as { result: string }).result;
    if (r === 'redirect') await alertDialog(page).getByRole('button', { name: 'Continue' }).click(WAIT);
    else if (r === 'rejected') await panel(page).getByRole('button', { name: 'No, thanks' }).click(WAIT);
    else {
      await panel(page).locator('input[autocomplete="cc-csc"]').fill('123');
      await panel(page).getByRole('button', { name: 'Confirm' }).click(WAIT);
    }
  },
  async 'dialog.why'({ page }) {
    await alertDialog(page).getByRole('button', { name: 'Why Bitcoin?' }).click(WAIT);
  },
  async 'dialog.tab'({ page }) {
    const box = alertDialog(page);
    await box.getByRole('button', { name: /Bitcoin/ }).last().click(WAIT);
  },
  async 'dialog.close'({ page }) {
    await alertDialog(page).getByRole('button', { name: 'Close' }).click(WAIT);
  },
  async 'payment.retry'({ page }) {
    await panel(page).getByRole('button', { name: 'Try again' }).click(WAIT);
  },
  async 'payment.cancel'({ page }) {
    await panel(page).getByRole('button', { name: 'Cancel' }).click(WAIT);
  },
  async 'listen.stop'({ page }) {
    await page.getByRole('button', { name: 'Stop waiting' }).click(WAIT);
  },
};

/**
 * A screen check made only while the page still shows the state: after a reload the first page's
 * snapshot is gone (the collector closes a page load when the same page posts from a new one).
 */
const settled = (id: string, check: StateCheck): StateCheck => async (ctx) => {
  if (stableJson(lastValue(ctx)) !== stableJson(ctx.expected.value)) return;
  void id;
  await check(ctx);
};

const cascadeChecks: UiBinding['states'] = {
  'cascade.checking': text('Checking the payment…'),
  'cascade.delaying': text(/^Preparing Orange/),
  'cascade.starting': text(/^Trying payment processor/),
  'cascade.listening': text(/^Waiting for the bank/),
  'cascade.interrupted': async ({ page }) => {
    await panel(page).getByRole('button', { name: 'Try again' }).waitFor(WAIT);
  },
  'cascade.dayLimit': async ({ page }) => {
    await alertDialog(page).getByRole('heading', { name: 'Daily card limit' }).waitFor(WAIT);
  },
  'cascade.dayLimit.explaining': text('Bitcoin deposits have no daily limit'),
  'cascade.doNotHonor': async ({ page }) => {
    await alertDialog(page).getByRole('heading', { name: 'Your bank declined the card' }).waitFor(WAIT);
  },
  'cascade.entropay': async ({ page }) => {
    await panel(page).getByRole('heading', { name: /Entropay|CVV/ }).waitFor(WAIT);
  },
  'cascade.approved': async ({ page }) => {
    await page.locator('#card-done').waitFor(WAIT);
  },
  'cascade.stopped': async ({ page }) => {
    await page.getByRole('alert').or(alertDialog(page)).first().waitFor(WAIT);
  },
  'cascade.responseError': async ({ page }) => {
    // the toast says it for 5 s (e2e processor-health checks it); what stays: the form back, its
    // last step the processor that did not answer, and no alert
    await page.locator('[data-testid=cascade-steps] li').last().getByText(/did not answer; this attempt was cancelled and is not charged$/).waitFor(WAIT);
    await page.locator('button:not([aria-busy="true"])', { hasText: /^Deposit / }).waitFor(WAIT);
    if (await alertDialog(page).count()) throw new Error('an alert beside the response error toast');
  },
  'cascade.exhausted': async ({ page }) => {
    await alertDialog(page).getByText('could not be charged by any of our payment processors').waitFor(WAIT);
  },
  'cascade.unresolved': async ({ page }) => {
    await page.getByRole('alert').or(alertDialog(page)).first().waitFor(WAIT);
  },
  'cascade.cancelled': async ({ page }) => {
    await page.getByRole('button', { name: /^Deposit / }).waitFor(WAIT);
  },
  'cascade.switched': async ({ page }) => {
    await page.getByRole('tab', { name: 'Bitcoin', selected: true }).waitFor(WAIT);
  },
};

export const cascadeStates: UiBinding['states'] = Object.fromEntries(Object.entries(cascadeChecks).map(([id, check]) => [id, settled(id, check)]));

export const cascadeReasons: Record<string, string> = {
  'cascade.boot:always:1':
    'a stored run with its payment and no current attempt: the page writes one only in the same step as the next (the fraud check\'s answer and a processor\'s decline are followed at once by the next start, whose attempt is written), or finished (stopped, exhausted), which is not resumed; so no reload finds one',
};

/**
 * The card funding cascade on the funding page's card tab (#/show/funding): a fresh trader whose
 * processor stack is made for the path, the processors' answers scripted one-shot by place,
 * the fraud check's day limit by three payments made before, a blocked card by the sandbox's
 * next-payment scenario, lost connections and refusals (a stale CSRF token: 403) injected on the
 * way by page.route, held requests cut by a reload for the resumed runs, the 6 s Orange delay,
 * the 5 s listen checks and the 120 s deadline on Playwright's clock.
 *
 * An empty stack is a new payment of a trader whose only processor is PFS, in Germany (the fresh
 * trader's country), where PFS never serves: the fraud check passes, no processor is left.
 * A processor skipped as unhealthy or failing in transport (issue 32 §4, §5) is Shape, marked
 * unhealthy or switched to 5xx through the processors' switch before the path (the real server
 * answers 503 / 502); each such path sets Shape again first, and they run one at a time (`exclusive`).
 */
export const cascadeBinding: UiBinding = {
  machine: 'cascade',
  model: cascadeModel,
  maxPaths: 30,
  // a path that switches Shape (to 5xx, or unhealthy: the whole sandbox's) runs after the one before
  // it; no other path's stack has Shape, so every other path runs beside them
  exclusive: (path) => {
    const plan = planCascade(path);
    return typeof plan !== 'string' && plan.down !== 'none' ? 'sandbox processor Shape' : undefined;
  },
  feasible: (path) => typeof planCascade(path) !== 'string',
  async start(ctx) {
    const plan = planCascade(ctx.path);
    if (typeof plan === 'string') return plan;
    await startCascade(ctx, plan);
  },
  events: cascadeEvents,
  states: cascadeStates,
  reasons: cascadeReasons,
};
