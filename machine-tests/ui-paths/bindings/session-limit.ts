import type { Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import type { TestPath } from '../../../machine-kit/types';
import { sessionLimitSettingModel } from '../../../machines/session-limit-setting/session-limit-setting.model';
import { freshUser, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const READ = (u: URL) => u.pathname === '/api/limits/session';

interface SessionLimitWorld {
  /** the page's reads of the limit, held until the path's step for their outcome */
  held: Route[];
  /** the page's saves, held until the path's step for their outcome (so the page is seen saving) */
  saves: Route[];
}

const world = (ctx: PathContext): SessionLimitWorld => {
  const w = ctx.world as Partial<SessionLimitWorld>;
  if (!w.held) Object.assign(w, { held: [], saves: [] });
  return w as SessionLimitWorld;
};

const statusOf = (e: AnyEventObject | undefined) => (e?.error as { status?: number } | undefined)?.status;

/** a read the server answers 503 on demand: the real server has no such switch (the network loss covers the same transition) */
const feasible = (path: TestPath): boolean => path.steps.every((s) => statusOf(s.event) !== 503);

/** The reads (GET) and the saves (POST) wait on their way until the path's step for their outcome. */
async function installRoutes(ctx: PathContext): Promise<void> {
  const w = world(ctx);
  await ctx.page.route(READ, async (route) => {
    (route.request().method() === 'GET' ? w.held : w.saves).push(route);
  });
}

/** the save on its way (one at a time: the select is not heard while one is sent) */
async function heldSave(ctx: StepContext): Promise<Route> {
  const w = world(ctx);
  const deadline = Date.now() + WAIT.timeout;
  while (w.saves.length === 0 && Date.now() < deadline) await ctx.page.waitForTimeout(20);
  const route = w.saves.shift();
  if (!route) throw new Error('the page sent no save of the session limit');
  return route;
}

const select = (ctx: PathContext) => ctx.page.getByTestId('session-limit-minutes');

/**
 * The Session time section of #/show/limits for a fresh trader (no limit, as the model reads).
 * The section's reads and saves wait on their way until the path's step for their outcome
 * (answered, or lost). A pick is the select's own option; the real server answers it (a first
 * limit now, a longer one later); its refusal is the value altered on its way, a lost connection
 * the save aborted. The state checks read what the page says, not the model's figures.
 */
export const sessionLimitBinding: UiBinding = {
  machine: 'sessionLimitSetting',
  model: sessionLimitSettingModel,
  maxPaths: 8,
  feasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await signInByApi(page, user);
    await installRoutes(ctx);
    await page.goto(`${baseURL}/en/trading#/show/limits`);
    await page.getByTestId('session-limit').waitFor(WAIT);
  },
  events: {
    async 'readLimit.done'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the session limit', WAIT.timeout)).continue();
    },
    async 'readLimit.error'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the session limit', WAIT.timeout)).abort('internetdisconnected');
    },
    async retry({ page }) {
      await page.getByTestId('session-limit-load-failed').getByRole('button', { name: 'Try again' }).click();
    },
    async 'minutes.change'(ctx) {
      const minutes = ctx.event.minutes as number | null;
      const options = await select(ctx).locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
      // a value the select does not offer (45): nothing to pick, nothing sent
      if (minutes !== null && !options.includes(String(minutes))) return;
      await select(ctx).selectOption(minutes === null ? 'none' : String(minutes));
    },
    async 'saveLimit.done'(ctx) {
      await (await heldSave(ctx)).continue();
    },
    async 'saveLimit.error'(ctx) {
      const route = await heldSave(ctx);
      // a value the page would not send, on its way: the server's own refusal (400 limits.session_minutes); else the connection lost
      if (statusOf(ctx.event) === 400) await route.continue({ postData: JSON.stringify({ minutes: 45 }) });
      else await route.abort('internetdisconnected');
    },
  },
  states: {
    async 'sessionLimitSetting.loading'({ page }) {
      await page.getByText('Loading your session time limit…').waitFor(WAIT);
    },
    async 'sessionLimitSetting.loadFailed'({ page }) {
      await page.getByTestId('session-limit-load-failed').filter({ hasText: 'We could not load your session time limit.' }).waitFor(WAIT);
    },
    async 'sessionLimitSetting.ready'(ctx) {
      await select(ctx).waitFor(WAIT);
      await ctx.page.getByTestId('session-limit-state').waitFor(WAIT);
    },
    async 'sessionLimitSetting.ready.idle'({ page }) {
      await page.getByTestId('session-limit-answer').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'sessionLimitSetting.ready.saved'({ page }) {
      await page.getByTestId('session-limit-answer').filter({ hasText: /^Saved: / }).waitFor(WAIT);
    },
    async 'sessionLimitSetting.ready.failed'({ page }) {
      await page.getByTestId('session-limit-answer').filter({ hasText: /not saved|Choose one of the offered limits/ }).waitFor(WAIT);
    },
    async 'sessionLimitSetting.saving'(ctx) {
      await ctx.page.locator('#session-limit-minutes[aria-busy="true"]').waitFor(WAIT);
    },
  },
};
