import type { Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import type { TestPath } from '../../../machine-kit/types';
import type { AppropriatenessStatus } from '../../../core/contract/appropriateness';
import { appropriatenessModel } from '../../../machines/appropriateness/appropriateness.model';
import { chatSeen, type FreshUserOptions } from '../../browser/sandbox-users';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const STATUS = (u: URL) => u.pathname === '/api/appropriateness';
const ACCEPT = (u: URL) => u.pathname === '/api/appropriateness/accept-risk';

/** the real questionnaire's answers by question id (core/appropriateness.ts): the model names two of its six questions */
const RIGHT: Record<string, string> = { loss: 'stake', payout: 'p180', leverage: 'fifty', odds: 'lose', expiry: 'expiry', money: 'afford' };
const WRONG: Record<string, string> = { loss: 'part', payout: 'p100', leverage: 'five', odds: 'win', expiry: 'anytime', money: 'savings' };
/** the questions the model does not name: answered right before each Send, so the page's "all answered" is the model's */
const OTHERS = ['payout', 'leverage', 'expiry', 'money'];

interface ApprWorld {
  /** the page's reads of the standing, held until the path's step for their outcome */
  reads: Route[];
  /** the page's answers and acceptance, held likewise */
  posts: Route[];
}

const world = (ctx: PathContext): ApprWorld => {
  const w = ctx.world as Partial<ApprWorld>;
  w.reads ??= [];
  w.posts ??= [];
  return w as ApprWorld;
};

/** The trader's standing on the real server, as the binding makes and follows it. */
type Standing = 'required' | 'not_required' | 'passed' | 'cooling' | 'ready' | 'accepted';
const standingOf = (s: AppropriatenessStatus): Standing => (s.state === 'failed' ? (s.ready ? 'ready' : 'cooling') : s.state);
const ACTOR_OF: Record<string, string> = { loading: 'loadStatus', submitting: 'submitAnswers', accepting: 'acceptRisk' };
const actorOf = (e: AnyEventObject): string | null => {
  const m = /^xstate\.(done|error)\.actor\.\d+\.appropriateness\.(\w+)$/.exec(e.type);
  return m ? `${ACTOR_OF[m[2]!] ?? m[2]}.${m[1]}` : null;
};
const statusOf = (e: AnyEventObject) => e.output as AppropriatenessStatus;
const errorOf = (e: AnyEventObject) => e.error as { kind?: string; status?: number } | undefined;

/**
 * Whether one trader on the real server can give every outcome of the path in turn: each read
 * answers the standing the trader has then; answers scored passed or failed only when the trader
 * may answer (then altered on their way to all right or all wrong); a 409 only when the binding can
 * make the standing change first (a test failed, or the risk accepted, through the API); never an
 * answer of another standing, nor a server error (the real server cannot be made to answer one).
 */
function feasible(path: TestPath): boolean {
  if (path.steps.some((_, i) => repicks(path, i))) return false;
  const first = path.steps.find((s) => actorOf(s.event) === 'loadStatus.done');
  if (!first) return true;
  let standing: Standing = standingOf(statusOf(first.event));
  for (const step of path.steps) {
    const key = actorOf(step.event);
    if (key === 'loadStatus.done' && standingOf(statusOf(step.event)) !== standing) return false;
    if (key === 'submitAnswers.done') {
      const next = standingOf(statusOf(step.event));
      if (!(standing === 'required' || standing === 'ready') || !(next === 'passed' || next === 'cooling')) return false;
      standing = next;
    }
    if (key === 'submitAnswers.error') {
      const status = errorOf(step.event)?.status;
      if (status === 409) {
        if (!(standing === 'required' || standing === 'ready')) return false;
        standing = 'cooling';
      } else if (status !== 400 && errorOf(step.event)?.kind !== 'network') return false;
    }
    if (key === 'acceptRisk.done') {
      if (standing !== 'ready' || statusOf(step.event).state !== 'accepted') return false;
      standing = 'accepted';
    }
    if (key === 'acceptRisk.error') {
      if (errorOf(step.event)?.status !== 409 || standing !== 'ready') return false;
      standing = 'accepted';
    }
  }
  return true;
}

/** an option picked again while it is the answer: the page sends nothing (a checked radio does not change), though the machine would take it */
const repicks = (path: TestPath, i: number): boolean => {
  const step = path.steps[i]!;
  if (i === 0 || step.event.type !== 'answer.pick') return false;
  const before = (path.steps[i - 1]!.state.context as { answers: Record<string, string> }).answers;
  return before[String(step.event.question)] === step.event.option;
};

const NO_OTHER_STANDING =
  'the real server answers only the standing the trader has: answers are scored passed or failed (a fresh fail is in its cool-down, and the sandbox has no clock to move it past), never "not required", "accepted", "failed and ready" or "required"';
const NO_ACCEPT_OTHER =
  'the real server answers an acceptance with "accepted" or a refusal, never another standing';

/** the fresh trader the path's first read needs */
function traderFor(first: AnyEventObject | undefined): FreshUserOptions {
  const standing = first ? standingOf(statusOf(first)) : 'required';
  const funded = { balances: [{ currency: 'USD', type: 'trading' as const, amount: '100.00' }] };
  switch (standing) {
    case 'not_required':
      // no real-money account on the platform: nothing to answer
      return { balances: [] };
    case 'cooling':
      return { ...funded, appropriateness: 'failed' };
    case 'ready':
      return { ...funded, appropriateness: 'failed_earlier' };
    default:
      return { ...funded, appropriateness: standing };
  }
}

async function next(routes: Route[], what: string): Promise<Route> {
  const end = Date.now() + WAIT.timeout;
  while (!routes.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  const route = routes.shift();
  if (!route) throw new Error(`the page did not send ${what}`);
  return route;
}

/**
 * #/show/appropriateness for a fresh trader made in the standing the path's first read answers
 * (never taken, no real-money account, passed, failed now or a day ago, the risk accepted), against
 * the real server. Every call of the page waits on its way until the path's step for its outcome:
 * a read answers the trader's real standing; the answers are altered on their way to all right
 * (passed) or all wrong (failed), or to one question left out (the server's 400); a 409 is a test
 * failed through the API first (or the risk accepted first); a lost connection is the request
 * aborted. Not picked: an answer of a standing the trader does not have at that moment (the server
 * answers only the real one: a fresh fail is in its cool-down, and the sandbox has no clock to move
 * it past), and a server error (5xx), which the real server cannot be made to answer.
 */
export const appropriatenessBinding: UiBinding = {
  machine: 'appropriateness',
  model: appropriatenessModel,
  maxPaths: 16,
  feasible,
  reasons: {
    'appropriateness.submitting:xstate.done.actor.0.appropriateness.submitting:0': NO_OTHER_STANDING,
    'appropriateness.submitting:xstate.done.actor.0.appropriateness.submitting:2': NO_OTHER_STANDING,
    'appropriateness.submitting:xstate.done.actor.0.appropriateness.submitting:3': NO_OTHER_STANDING,
    'appropriateness.submitting:xstate.done.actor.0.appropriateness.submitting:5': NO_OTHER_STANDING,
    'appropriateness.accepting:xstate.done.actor.0.appropriateness.accepting:0': NO_ACCEPT_OTHER,
    'appropriateness.accepting:xstate.done.actor.0.appropriateness.accepting:1': NO_ACCEPT_OTHER,
    'appropriateness.accepting:xstate.done.actor.0.appropriateness.accepting:3': NO_ACCEPT_OTHER,
    'appropriateness.accepting:xstate.done.actor.0.appropriateness.accepting:4': NO_ACCEPT_OTHER,
    'appropriateness.accepting:xstate.done.actor.0.appropriateness.accepting:5': NO_ACCEPT_OTHER,
    'appropriateness.accepting:xstate.error.actor.0.appropriateness.accepting:1':
      'a server error (5xx) the real server cannot be made to answer; its acceptance either records or is refused (409)',
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, traderFor(ctx.upcoming('loadStatus.done')));
    await signInByApi(page, user);
    await page.route(STATUS, async (route) => {
      if (route.request().method() === 'GET') world(ctx).reads.push(route);
      else world(ctx).posts.push(route);
    });
    await page.route(ACCEPT, async (route) => {
      world(ctx).posts.push(route);
    });
    await page.goto(`${baseURL}/en/trading#/show/appropriateness`);
    await page.getByTestId('appr-page').waitFor(WAIT);
  },
  events: {
    async 'loadStatus.done'(ctx) {
      await (await newestHeldRead(world(ctx).reads, 'its standing', WAIT.timeout)).continue();
    },
    async 'loadStatus.error'(ctx) {
      await (await newestHeldRead(world(ctx).reads, 'its standing', WAIT.timeout)).abort('internetdisconnected');
    },
    async 'answer.pick'({ page, event }) {
      await page.getByTestId(`appr-${String(event.question)}-${String(event.option)}`).check();
    },
    async 'answers.submit'({ page }) {
      for (const id of OTHERS) await page.getByTestId(`appr-${id}-${RIGHT[id]}`).check();
      await page.getByTestId('appr-submit').click();
    },
    async 'submitAnswers.done'(ctx: StepContext) {
      const route = await next(world(ctx).posts, 'the answers');
      const answers = statusOf(ctx.event).state === 'passed' ? RIGHT : WRONG;
      await route.continue({ postData: JSON.stringify({ answers }) });
    },
    async 'submitAnswers.error'(ctx: StepContext) {
      const route = await next(world(ctx).posts, 'the answers');
      const error = errorOf(ctx.event);
      if (error?.kind === 'network') return route.abort('internetdisconnected');
      if (error?.status === 400) {
        const { loss: _left, ...rest } = RIGHT;
        return route.continue({ postData: JSON.stringify({ answers: rest }) });
      }
      if (error?.status === 409) {
        // a test failed meanwhile (another tab): the page's own answers then meet the cool-down
        await sandboxCall(ctx.page, '/api/appropriateness', { answers: WRONG });
        return route.continue();
      }
      throw new Error(`no way to cause ${JSON.stringify(error)}`);
    },
    async 'status.reload'({ page }) {
      const check = page.getByTestId('appr-check');
      if (await check.count()) await check.click();
      else await page.getByTestId('appr-reload').click();
    },
    async 'test.retry'({ page }) {
      await page.getByTestId('appr-retry').click();
    },
    async 'risk.understood'({ page, event }) {
      await page.getByTestId('appr-understood').setChecked(event.value === true);
    },
    async 'risk.accept'({ page }) {
      await page.getByTestId('appr-accept').click();
    },
    async 'acceptRisk.done'(ctx) {
      await (await next(world(ctx).posts, 'the acceptance')).continue();
    },
    async 'acceptRisk.error'(ctx: StepContext) {
      const route = await next(world(ctx).posts, 'the acceptance');
      if (errorOf(ctx.event)?.status === 409) {
        // accepted meanwhile (another tab): the page's own acceptance then meets "already done"
        await sandboxCall(ctx.page, '/api/appropriateness/accept-risk', { understood: true });
        return route.continue();
      }
      throw new Error(`no way to cause ${JSON.stringify(errorOf(ctx.event))}`);
    },
  },
  states: {
    async 'appropriateness.loading'({ page }) {
      await page.getByText('Loading the questions…').waitFor(WAIT);
    },
    async 'appropriateness.loadFailed'({ page }) {
      await page.getByTestId('appr-load-failed').filter({ hasText: 'We could not load the questionnaire.' }).waitFor(WAIT);
    },
    async 'appropriateness.notRequired'({ page }) {
      await page.getByTestId('appr-not-required').waitFor(WAIT);
    },
    async 'appropriateness.answering'({ page, expected }) {
      const { answers, fieldErrors, error } = expected.context as { answers: Record<string, string>; fieldErrors: Record<string, unknown>; error: unknown };
      await page.getByTestId('appr-submit').filter({ hasText: 'Send my answers' }).waitFor(WAIT);
      for (const [q, o] of Object.entries(answers)) await page.locator(`#appr-${q}-${o}:checked`).waitFor(WAIT);
      for (const q of Object.keys(fieldErrors)) await page.locator(`#appr-${q}-error`).waitFor(WAIT);
      if (error) await page.getByTestId('appr-call-error').waitFor(WAIT);
      else await page.getByTestId('appr-call-error').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'appropriateness.submitting'({ page }) {
      await page.getByTestId('appr-submit').filter({ hasText: 'Sending…' }).waitFor(WAIT);
    },
    async 'appropriateness.passed'({ page }) {
      await page.getByTestId('appr-passed').filter({ hasText: 'You can trade now.' }).waitFor(WAIT);
    },
    async 'appropriateness.failed'({ page }) {
      await page.getByTestId('appr-warning').filter({ hasText: 'you can lose all the money you invest' }).waitFor(WAIT);
    },
    async 'appropriateness.failed.coolingDown'({ page }) {
      await page.getByTestId('appr-cooldown').filter({ hasText: 'you can answer the questions again, or accept the risk' }).waitFor(WAIT);
      await page.getByTestId('appr-check').waitFor(WAIT);
    },
    async 'appropriateness.failed.ready'({ page, expected }) {
      const { fieldErrors, error, understood } = expected.context as { fieldErrors: Record<string, unknown>; error: unknown; understood: boolean };
      await page.getByTestId('appr-accept').filter({ hasText: 'Accept the risk' }).waitFor(WAIT);
      await page.locator(`[data-testid="appr-understood"]${understood ? ':checked' : ':not(:checked)'}`).waitFor(WAIT);
      if (fieldErrors.understood) await page.getByText('Tick the box to confirm that you understand the risk.').waitFor(WAIT);
      if (error) await page.getByTestId('appr-accept-error').waitFor(WAIT);
    },
    async 'appropriateness.accepting'({ page }) {
      await page.getByTestId('appr-accept').filter({ hasText: 'Recording…' }).waitFor(WAIT);
    },
    async 'appropriateness.accepted'({ page }) {
      await page.getByTestId('appr-accepted').filter({ hasText: 'You accepted the risk' }).waitFor(WAIT);
    },
  },
};
