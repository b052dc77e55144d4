import type { Page, Route } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { realityCheckModel } from '../../../machines/reality-check/reality-check.model';
import { chatSeen } from '../../browser/sandbox-users';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const READ = (u: URL) => u.pathname === '/api/reality-check';

interface RealityWorld {
  /** the reality check's reads, held until the path's step for their outcome */
  held: Route[];
  /** the limits page's own read of the setting goes on at once (while the binding changes the interval there) */
  pass: boolean;
}

const world = (ctx: PathContext): RealityWorld => {
  const w = ctx.world as Partial<RealityWorld>;
  if (!w.held) Object.assign(w, { held: [], pass: false });
  return w as RealityWorld;
};

/** the reality check's reads wait on their way; the POSTs (and the limits page's read while it is being used) go on */
async function installRoutes(ctx: PathContext): Promise<void> {
  const w = world(ctx);
  await ctx.page.route(READ, async (route) => {
    if (route.request().method() !== 'GET' || w.pass) await route.continue();
    else w.held.push(route);
  });
}

/** the reality check's newest read (an older one was replaced by it: let it go on) */
async function nextRead(ctx: PathContext): Promise<Route> {
  return newestHeldRead(world(ctx).held, 'the reality check', WAIT.timeout);
}

const dialog = (page: Page) => page.getByTestId('reality-check');
const minutesOf = (value: unknown): number => (value as { check?: { minutes?: number } } | undefined)?.check?.minutes ?? 15;
/** the machine's context before the step being caused */
const before = (ctx: StepContext) => ctx.path.steps[ctx.index - 1]?.state.context as { minutes: number } | undefined;

/** the limits page's section, used with its own read let through; the reality check's reads are held again after */
async function onLimitsPage(ctx: PathContext, act: () => Promise<void>): Promise<void> {
  const w = world(ctx);
  w.pass = true;
  try {
    await act();
    await ctx.page.getByTestId('reality-minutes').waitFor(WAIT);
  } finally {
    w.pass = false;
  }
}

/** a snapshot in which the page is covered by the dialog, or the check was granted at once: the interval cannot be changed from the page */
const coveredOrGranted = (state: AnyMachineSnapshot): boolean => state.matches('due') || state.matches('shown');

/**
 * The reality check of a fresh trader on #/home, with Playwright's clock installed before the page
 * loads (its timers are the page's own, fast-forwarded to the due time). The interval a read
 * answers is set on the real server through POST /api/reality-check just before that read goes
 * on; the page's reads wait on their way until the path's step for their outcome (answered, or
 * lost). A changed interval is picked on the limits page's select (a hash route: the same page,
 * the same running check). The arbiter grants at once (no money flow, no other overlay).
 */
export const realityCheckBinding: UiBinding = {
  machine: 'realityCheck',
  model: realityCheckModel,
  maxPaths: 10,
  // the interval cannot be changed from the page while the dialog covers it, and a due check is granted at once
  feasible: (path) => !path.steps.some((step, i) => i > 0 && step.event.type === 'interval.changed' && coveredOrGranted(path.steps[i - 1]!.state)),
  reasons: {
    'realityCheck.shown:interval.changed:0': 'the dialog makes the page behind it inert: the limits page\'s select cannot be used while it shows (another tab runs its own check)',
    'realityCheck.due:interval.changed:0': 'with nothing else on screen and no money flow the arbiter grants the check the moment it falls due: there is no moment to change the interval in between',
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(page.context());
    const user = await freshUser(page, baseURL);
    await signInByApi(page, user);
    await installRoutes(ctx);
    await page.clock.install();
    await page.goto(`${baseURL}/en/trading#/home`);
    await page.getByTestId('balance').waitFor(WAIT);
  },
  events: {
    async 'readCheck.done'(ctx) {
      await sandboxCall(ctx.page, '/api/reality-check', { minutes: minutesOf(ctx.event.output) });
      await (await nextRead(ctx)).continue();
    },
    async 'readCheck.error'(ctx) {
      await (await nextRead(ctx)).abort('internetdisconnected');
    },
    async 'after:readRetry'({ page }) {
      await page.clock.fastForward(61_000);
    },
    async 'after:untilDue'(ctx) {
      // the interval in force from the session's start (or the last due time): just past it
      await ctx.page.clock.fastForward((before(ctx)?.minutes ?? 15) * 60_000 + 5_000);
    },
    'attention.granted': async () => {},
    async 'interval.changed'(ctx) {
      const minutes = minutesOf(ctx.event);
      await onLimitsPage(ctx, () => ctx.page.evaluate(() => void (window.location.hash = '#/show/limits')));
      await ctx.page.getByTestId('reality-minutes').selectOption(String(minutes));
      await ctx.page.getByTestId('reality-answer').filter({ hasText: 'Saved:' }).waitFor(WAIT);
    },
    async continue({ page }) {
      await dialog(page).getByTestId('reality-continue').click();
    },
    async limits(ctx) {
      await onLimitsPage(ctx, () => dialog(ctx.page).getByTestId('reality-limits').click());
    },
    async break({ page }) {
      await dialog(page).getByTestId('reality-break').click();
    },
  },
  states: {
    async 'realityCheck.reading'({ page }) {
      await dialog(page).waitFor({ ...WAIT, state: 'detached' });
    },
    async 'realityCheck.unread'({ page }) {
      await dialog(page).waitFor({ ...WAIT, state: 'detached' });
    },
    async 'realityCheck.scheduling'() {},
    async 'realityCheck.off'({ page }) {
      await dialog(page).waitFor({ ...WAIT, state: 'detached' });
    },
    async 'realityCheck.waiting'({ page }) {
      await dialog(page).waitFor({ ...WAIT, state: 'detached' });
    },
    // granted at once: the dialog may already be up
    async 'realityCheck.due'() {},
    async 'realityCheck.shown'({ page }) {
      await dialog(page).getByTestId('reality-time').waitFor(WAIT);
      await dialog(page).getByTestId('reality-continue').waitFor(WAIT);
    },
    async 'realityCheck.shown.loading'({ page }) {
      await dialog(page).getByText('Loading this session’s trades…').waitFor(WAIT);
    },
    async 'realityCheck.shown.figures'({ page }) {
      await dialog(page).getByTestId('reality-trades').waitFor(WAIT);
      await dialog(page).getByTestId('reality-net').waitFor(WAIT);
    },
    async 'realityCheck.shown.failed'({ page }) {
      await dialog(page).getByTestId('reality-failed').waitFor(WAIT);
    },
    async 'realityCheck.tookBreak'({ page }) {
      await page.waitForURL(/\/en\/login/, WAIT);
    },
  },
};
