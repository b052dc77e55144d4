import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { traderLimitsModel } from '../../../machines/trader-limits/trader-limits.model';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const READ = (u: URL) => u.pathname === '/api/limits';
const SAVE = (u: URL) => u.pathname === '/api/limits/deposit' || u.pathname === '/api/limits/trading';
/** a row's test id part: a deposit row's period ("day"), another row's kind and period ("stake-trade"), as src/flows/limits rowId */
const rowId = (kind: unknown, period: unknown): string => (kind === 'deposit' ? String(period) : `${String(kind)}-${String(period)}`);

type SaveFate = 'network' | 'refused' | undefined;

interface LimitsWorld {
  /** the page's reads of the limits, held until the path's step for their outcome */
  held: Route[];
  /** what happens to the page's next POST /api/limits/deposit or /api/limits/trading on its way */
  save: SaveFate;
}

const world = (ctx: PathContext): LimitsWorld => {
  const w = ctx.world as Partial<LimitsWorld>;
  if (!w.held) Object.assign(w, { held: [], save: undefined });
  return w as LimitsWorld;
};

const errorOf = (e: AnyEventObject | undefined) => e?.error as { kind?: string; status?: number } | undefined;

/** The reads are held; a save goes to the real server, lost on its way or with an amount the server refuses when the path says so. */
async function installRoutes(ctx: PathContext): Promise<void> {
  const w = world(ctx);
  await ctx.page.route(READ, async (route) => {
    w.held.push(route);
  });
  await ctx.page.route(SAVE, async (route) => {
    const fate = w.save;
    w.save = undefined;
    if (fate === 'network') await route.abort('internetdisconnected');
    // an amount the page would not send, on its way: the server's own refusal of the amount (400 limits.amount)
    else if (fate === 'refused') await route.continue({ postData: JSON.stringify({ ...(JSON.parse(route.request().postData() ?? '{}') as object), amount: '-1' }) });
    else await route.continue();
  });
}

/** the page's newest read of the limits (an older one was replaced by it: let it go on) */
async function nextRead(ctx: PathContext): Promise<Route> {
  return newestHeldRead(world(ctx).held, 'the limits', WAIT.timeout);
}

/** the fate of the save this click may send (a refused amount sends nothing: the fate waits for the next one) */
function arrangeSave(ctx: StepContext): void {
  const error = errorOf(ctx.upcoming('saveLimit.done', 'saveLimit.error'));
  world(ctx).save = error?.status === 400 ? 'refused' : error ? 'network' : undefined;
}

const saveButton = (page: Page) => page.getByTestId('limit-save');

/**
 * #/show/limits for a fresh trader given the model's limits through the API first: deposits 500 a
 * day in force, 1,000 a week with a raise to 2,000 waiting, none for 30 days; no stake limit per
 * trade (so the real server answers "now" and "later" where the model does). The page's reads wait on their way until the path's
 * step for their outcome (answered, or lost). The amounts are the model's, typed. The server's
 * refusal of the amount is the amount altered on its way; a lost connection is the save aborted.
 */
export const limitsBinding: UiBinding = {
  machine: 'traderLimits',
  model: traderLimitsModel,
  maxPaths: 10,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await signInByApi(page, user);
    await sandboxCall(page, '/api/limits/deposit', { period: 'day', amount: '500.00' });
    await sandboxCall(page, '/api/limits/deposit', { period: 'week', amount: '1000.00' });
    await sandboxCall(page, '/api/limits/deposit', { period: 'week', amount: '2000.00' });
    await installRoutes(ctx);
    await page.goto(`${baseURL}/en/trading#/show/limits`);
    await page.getByTestId('limits-page').waitFor(WAIT);
  },
  events: {
    async 'loadLimits.done'(ctx) {
      await (await nextRead(ctx)).continue();
    },
    async 'loadLimits.error'(ctx) {
      await (await nextRead(ctx)).abort('internetdisconnected');
    },
    async retry({ page }) {
      await page.getByTestId('limits-load-failed').getByRole('button', { name: 'Try again' }).click();
    },
    async 'row.edit'({ page, event }) {
      await page.getByTestId(`limit-${rowId(event.kind, event.period)}-edit`).click();
    },
    async 'row.cancel'({ page }) {
      await page.getByTestId('limit-cancel').click();
    },
    async 'amount.change'({ page, event }) {
      const value = String(event.value);
      const input = page.getByTestId('limit-amount');
      if ((await input.inputValue()) === value) await input.fill('');
      await input.fill(value);
    },
    async 'limit.save'(ctx) {
      arrangeSave(ctx);
      await saveButton(ctx.page).click();
    },
    async 'limit.remove'(ctx) {
      arrangeSave(ctx);
      await ctx.page.getByTestId('limit-remove').click();
    },
    'saveLimit.done': async () => {},
    'saveLimit.error': async () => {},
  },
  states: {
    async 'traderLimits.loading'({ page }) {
      await page.getByText('Loading your limits…').waitFor(WAIT);
    },
    async 'traderLimits.loadFailed'({ page }) {
      await page.getByTestId('limits-load-failed').filter({ hasText: 'Your limits could not be loaded.' }).waitFor(WAIT);
    },
    async 'traderLimits.ready'({ page }) {
      await page.getByTestId('limits-rule').filter({ hasText: 'raising or removing a limit takes effect only after 24 hours' }).waitFor(WAIT);
    },
    async 'traderLimits.ready.viewing'({ page }) {
      await page.getByTestId('limit-day-edit').waitFor(WAIT);
      await page.getByTestId('limit-editor').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'traderLimits.ready.editor'({ page, expected }) {
      const { kind, period } = expected.context as { kind: string; period: string };
      await page.getByTestId(`limit-${rowId(kind, period)}`).getByTestId('limit-editor').waitFor(WAIT);
    },
    async 'traderLimits.ready.editor.editing'({ page, expected }) {
      await saveButton(page).filter({ hasText: 'Save' }).waitFor(WAIT);
      const { amountError } = expected.context as { amountError: unknown };
      if (amountError) await page.getByTestId('limit-amount-error').waitFor(WAIT);
    },
    async 'traderLimits.ready.editor.failed'({ page, expected }) {
      const { amountError } = expected.context as { amountError: unknown };
      await page.getByTestId(amountError ? 'limit-amount-error' : 'limit-error').waitFor(WAIT);
    },
    async 'traderLimits.ready.saving'({ page }) {
      await saveButton(page).filter({ hasText: 'Saving…' }).waitFor(WAIT);
    },
    async 'traderLimits.ready.saved'({ page, expected }) {
      const { saved } = expected.context as { saved: { kind: string; period: string } };
      await page.getByTestId(`limit-${rowId(saved.kind, saved.period)}-saved`).filter({ hasText: 'Saved:' }).waitFor(WAIT);
    },
  },
};
