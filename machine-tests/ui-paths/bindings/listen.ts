import type { APIResponse, Route } from 'playwright-core';
import { isFinalReply } from '../../../core/cascade/classify';
import type { ProcessorReply } from '../../../core/cascade/processors';
import { cardListenUrl } from '../../../core/contract/card';
import { listenModel } from '../../../machines/cascade/cascade.model';
import type { TestPath } from '../../../machine-kit/types';
import { eventKey } from '../select';
import type { PathContext, StepContext, UiBinding } from '../types';
import { cardTrader, fillAndDeposit, isStartUrl, openFunding, scriptPlaces, WAIT } from './card-helpers';
import { fateRequests, heldBy } from './cash-helpers';

const PROCESSOR = 'MEIKO' as const;
const LISTEN_PATH = cardListenUrl(PROCESSOR);
type Check = { found: boolean; reply?: ProcessorReply };
/**
 * What one of the page's checks meets on the way: the server, a lost connection, held (the server
 * answers, the page gets it later), or stalled (never answered: the page stops or gives up first).
 */
type CheckFate = 'pass' | 'network' | 'hold' | 'stall';

interface ListenPlan {
  /** the sandbox outcome of the one processor: approved on the 2nd check ('pending'), or never ('timeout') */
  outcome: 'pending' | 'timeout';
  /** per page check, in order */
  fates: CheckFate[];
  /** the start is held and cut by the reload (a check then finds no attempt) */
  missing: boolean;
}

const isFinal = (c: Check) => c.found && isFinalReply(c.reply!, { fixed: false });

/**
 * What the sandbox can make of a path, or why not. The attempt's answers are the server's own:
 * with the 'pending' outcome the 2nd check of the attempt (whoever makes it) approves it, and
 * only that change is pushed (payment.updated), so a path has at most one push; a push while
 * the page waits is a check made beside the page (as the trader's second tab would), one while
 * the page's check is on its way needs that check to be the attempt's 1st (held by page.route
 * after the server answered, given to the page once the push has arrived).
 */
export function planListen(path: TestPath): ListenPlan | string {
  const immediate = (path.input as { immediate: boolean }).immediate;
  const fates: CheckFate[] = [];
  let server = 0;
  let approved = false;
  let pushed = false;
  let missing = false;
  let outcomes = 0;
  let held = false;
  let anyFinal = false;
  for (let i = 1; i < path.steps.length; i++) {
    const before = path.steps[i - 1].state;
    const key = eventKey(path.steps[i].event, before);
    const checking = JSON.stringify(before.value) === JSON.stringify({ active: 'checking' });
    if ((key === 'listen.stop' || key === 'after:untilDeadline') && checking) {
      // stopped or given up while a check is out: that check is slow (it never answers here)
      fates[outcomes] ??= 'stall';
    } else if (key === 'after:untilDeadline') {
      // the deadline from waiting runs as the model's clock runs it: the 5 s check fires first and
      // is still out when the deadline comes
      fates[outcomes] ??= 'stall';
    } else if (key === 'listen.push') {
      if (pushed) return 'a second push: the attempt changes once (pending, then approved)';
      if (missing) return 'a push without an attempt';
      pushed = true;
      if (checking) {
        if (server !== 0) return "a push during a check that is not the attempt's 1st: that check would itself approve it";
        held = true;
        fates[outcomes] = 'hold';
        server = 2;
      } else {
        if (server >= 2) return 'a push after the attempt was approved';
        server = 2;
      }
      approved = true;
    } else if (key === 'checkStatus.done') {
      const out = path.steps[i].event.output as Check;
      fates[outcomes] ??= 'pass';
      outcomes++;
      if (held) {
        held = false;
        if (!out.found || isFinal(out)) return 'the held check was answered pending by the server';
        continue;
      }
      if (!out.found) {
        if (!immediate || outcomes > 1) return 'a check finding no attempt: only the first check after a reload that cut the start off';
        missing = true;
        continue;
      }
      if (missing) return 'a check after the one that found no attempt';
      server++;
      const final = approved || server >= 2;
      if (isFinal(out) !== final) return `the attempt's check ${server} answers ${final ? 'approved' : 'pending'}`;
      if (final) approved = true;
      anyFinal ||= isFinal(out);
    } else if (key === 'checkStatus.error') {
      if (held) held = false;
      else fates[outcomes] = 'network';
      outcomes++;
    }
  }
  return { outcome: anyFinal || pushed ? 'pending' : 'timeout', fates, missing };
}

async function csrf(ctx: PathContext): Promise<string> {
  const me = (await (await ctx.page.request.get(`${ctx.baseURL}/api/me`)).json()) as { csrf: string };
  return me.csrf;
}

/** A check made beside the page (the trader's second tab: same session, not through the page's routes). */
async function checkBeside(ctx: PathContext): Promise<Check> {
  const paymentId = ctx.world.paymentId as string | undefined;
  if (!paymentId) throw new Error('no payment id seen from the fraud check');
  const res = await ctx.page.request.post(`${ctx.baseURL}${LISTEN_PATH}`, { headers: { 'x-csrf-token': await csrf(ctx) }, data: { id: paymentId, transaction_id: '' } });
  if (!res.ok()) throw new Error(`listen beside the page: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Check;
}

interface Held {
  route: Route;
  response: APIResponse;
}

/** the page's check fates, in order; a held one keeps the server's answer in world.held */
async function routeChecks(ctx: PathContext, fates: CheckFate[]): Promise<void> {
  let n = 0;
  await ctx.page.route((url) => url.pathname === LISTEN_PATH, async (route) => {
    const fate = fates[n++] ?? 'pass';
    if (fate === 'network') return route.abort('internetdisconnected');
    if (fate === 'stall') return new Promise<void>(() => {});
    if (fate === 'hold') {
      const response = await route.fetch();
      ctx.world.held = { route, response } satisfies Held;
      return;
    }
    return route.continue();
  });
}

async function until(cond: () => boolean, what: string, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pushSeen = (ctx: PathContext, from: number) =>
  ctx.log.slice(from).some((m) => m.kind === '@xstate.microstep' && m.machineId === 'listen' && m.transitions.some((t) => t.eventType === 'listen.push'));

async function listenStart(ctx: PathContext): Promise<void | string> {
  const plan = planListen(ctx.path);
  if (typeof plan === 'string') return plan;
  const { page } = ctx;
  ctx.world.plan = plan;
  const immediate = (ctx.input as { immediate: boolean }).immediate;
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname !== '/api/fraud/card' || !res.ok()) return;
    const body = (await res.json().catch(() => ({}))) as { payment?: string };
    if (body.payment) ctx.world.paymentId = body.payment;
  });
  await cardTrader(ctx, PROCESSOR);
  await scriptPlaces(page, [{ at: 1, outcome: plan.outcome }]);
  const start = plan.missing ? await fateRequests(page, isStartUrl, ['hold']) : undefined;
  await routeChecks(ctx, immediate ? plan.fates : plan.fates);
  await openFunding(ctx);
  await fillAndDeposit(page);
  if (immediate) {
    await page.getByText(plan.missing ? /^Trying payment processor/ : /^Waiting for the bank/).first().waitFor(WAIT);
    // the held start must be on its way before the reload cuts it off (else the page's next start meets the hold)
    if (start) await heldBy(start);
    await page.reload();
  }
}

/**
 * Listening for one processor's answer, inside the cascade on the funding page: a fresh trader
 * whose one processor (Meiko) answers pending, approved on the attempt's 2nd check ('pending'),
 * or stays pending ('timeout'); the 5 s checks and the 120 s deadline on Playwright's clock; the
 * immediate check is the one after a reload (a check finding no attempt: the start held and cut
 * off by that reload). A failed check is a lost connection (page.route). A push is the server's
 * own payment.updated when the attempt is approved: while the page waits, by a check made beside
 * the page (the trader's second tab); while the page's check is on its way, that check is held
 * after the server answered (pending) and given to the page once the push has arrived (so the
 * page checks again), or failed there for a path that wants the check lost. A stop or the
 * deadline while a check is out: that check is slow (never answered before the page moves on).
 */
export const listenBinding: UiBinding = {
  machine: 'listen',
  model: listenModel,
  maxPaths: 12,
  feasible: (path) => typeof planListen(path) !== 'string',
  start: listenStart,
  events: {
    async 'after:listenInterval'({ page }) {
      await page.clock.fastForward(5_000);
    },
    async 'after:untilDeadline'(ctx) {
      const before = ctx.path.steps[ctx.index - 1].state.value;
      if (JSON.stringify(before) !== JSON.stringify({ active: 'checking' })) {
        const from = ctx.log.length;
        await ctx.page.clock.fastForward(5_000);
        await until(() => ctx.log.slice(from).some((m) => m.kind === '@xstate.snapshot' && m.machineId === 'listen' && JSON.stringify(m.value) === JSON.stringify({ active: 'checking' })), "the 5 s check before the deadline");
      }
      await ctx.page.clock.fastForward(120_000);
    },
    'checkStatus.done': async () => {},
    'checkStatus.error': async () => {},
    async 'listen.push'(ctx: StepContext) {
      const from = ctx.log.length;
      const before = ctx.path.steps[ctx.index - 1].state.value;
      if (JSON.stringify(before) === JSON.stringify({ active: 'checking' })) {
        await until(() => ctx.world.held !== undefined, "the page's check held after the server's answer");
        const held = ctx.world.held as Held;
        for (let i = 0; i < 2 && !(await checkBeside(ctx).then(isFinal)); i++);
        await until(() => pushSeen(ctx, from), 'the push in the page');
        // the held check's answer, unless the path stops or gives up while it is still out
        const next = ctx.upcoming('checkStatus.done', 'checkStatus.error', 'listen.stop', 'after:untilDeadline');
        if (next?.type.startsWith('xstate.error')) await held.route.abort('internetdisconnected');
        else if (next?.type.startsWith('xstate.done')) await held.route.fulfill({ response: held.response });
      } else {
        for (let i = 0; i < 2 && !(await checkBeside(ctx).then(isFinal)); i++);
      }
    },
    async 'listen.stop'({ page }) {
      await page.getByRole('button', { name: 'Stop waiting' }).click(WAIT);
    },
  },
  states: {
    // the cascade's panel while it listens (waiting or checking)
    'listen.active': async ({ page }) => {
      await page.getByText(/^Waiting for the bank/).first().waitFor(WAIT);
    },
  },
};
