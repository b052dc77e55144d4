import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { statementModel } from '../../../machines/statement/statement.model';
import type { StatementRequest } from '../../../machines/statement/statement.types';
import { freshUser, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const STATEMENT = (u: URL) => u.pathname === '/api/statement';

interface StatementWorld {
  /** the page's statement requests, held until the path's step for their outcome */
  held: Route[];
}

const world = (ctx: PathContext): StatementWorld => {
  const w = ctx.world as Partial<StatementWorld>;
  if (!w.held) w.held = [];
  return w as StatementWorld;
};

/** the page's statement request now on its way (held: the path says how it ends) */
async function heldRequest(ctx: PathContext): Promise<Route> {
  const held = world(ctx).held;
  const end = Date.now() + WAIT.timeout;
  while (!held.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  const route = held.shift();
  if (!route) throw new Error('the page did not ask for a statement');
  return route;
}

/** DD.MM.YYYY of the browser's day of `ms` (the runner and Chromium share the machine's zone) */
function day(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** the History page's range set to the request's days and shown (the statement covers the range the page shows) */
async function showRange(page: Page, request: StatementRequest): Promise<void> {
  const from = day(request.from);
  const to = day(request.to);
  const fromField = page.getByLabel('From (DD.MM.YYYY)');
  const toField = page.getByLabel('To (DD.MM.YYYY)');
  if ((await fromField.inputValue()) === from && (await toField.inputValue()) === to) return;
  await fromField.fill(from);
  await toField.fill(to);
  const loaded = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/us/history');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await loaded;
  await page.getByTestId('statement').getByText(`Your money from ${from} to ${to}`).waitFor(WAIT);
}

const failure = (e: AnyEventObject) => e.error as { kind: string; status?: number };

/**
 * #/show/history for a fresh trader (the sandbox's opening deposit: one movement). A download
 * sets the page's range to the path's days (typed and shown, as a trader does) and presses CSV or
 * PDF; the statement request waits on its way until the path's step for its outcome: answered by
 * the real server (the file is saved), lost (aborted), or refused by the real server (its time zone
 * altered on the way: 400 statement.zone, a refusal like any other 400). A backwards range never
 * reaches the section: the History page refuses it first (its own message), so those paths are not
 * picked; the range the section refuses is the over-long one. The progress comes with the file's
 * body, just before the file is complete: it is not a step the page can be held at.
 */
export const statementBinding: UiBinding = {
  machine: 'statement',
  model: statementModel,
  maxPaths: 12,
  feasible: (path) => !path.steps.some((s) => s.event.type === 'statement.download' && (s.event as unknown as StatementRequest).from > (s.event as unknown as StatementRequest).to),
  reasons: {
    'statement.preparing:statement.progress:0': 'the progress comes with the file’s body, right before the file is complete: the page cannot be held between them',
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await signInByApi(page, user);
    const w = world(ctx);
    await page.route(STATEMENT, async (route) => {
      w.held.push(route);
    });
    await page.goto(`${baseURL}/en/trading#/show/history`);
    await page.getByTestId('statement').getByRole('button', { name: 'CSV' }).waitFor(WAIT);
    await page.getByTestId('history-table').waitFor(WAIT);
  },
  events: {
    async 'statement.download'({ page, event }: StepContext) {
      const request = event as unknown as StatementRequest;
      await showRange(page, request);
      await page.getByTestId(`statement-${request.format}`).click();
    },
    async 'statement.retry'({ page }) {
      await page.getByTestId('statement-error').getByRole('button', { name: 'Try again' }).click();
    },
    async 'statement.cancel'(ctx) {
      await ctx.page.getByTestId('statement-progress').getByRole('button', { name: 'Cancel' }).click();
      // the aborted request is let go
      const route = world(ctx).held.shift();
      await route?.continue().catch(() => undefined);
    },
    async 'statement.ready'(ctx) {
      const saved = ctx.page.waitForEvent('download', WAIT);
      await (await heldRequest(ctx)).continue();
      await saved;
    },
    async 'statement.failed'(ctx) {
      const route = await heldRequest(ctx);
      if (failure(ctx.event).kind === 'network') return route.abort('internetdisconnected');
      const url = new URL(route.request().url());
      url.searchParams.set('tz', 'Mars/Olympus_Mons');
      return route.continue({ url: url.toString() });
    },
  },
  states: {
    async 'statement.waiting.idle'({ page }) {
      await page.getByTestId('statement-csv').and(page.locator(':enabled')).waitFor(WAIT);
      await page.getByTestId('statement-progress').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'statement.waiting.invalid'({ page }) {
      await page.getByTestId('statement-error').filter({ hasText: 'A statement covers at most 366 days' }).waitFor(WAIT);
    },
    async 'statement.preparing'({ page }) {
      await page.getByTestId('statement-progress').filter({ hasText: 'Preparing your statement…' }).waitFor(WAIT);
    },
    async 'statement.waiting.ready'({ page }) {
      await page.getByTestId('statement-saved').filter({ hasText: 'is in your downloads.' }).waitFor(WAIT);
    },
    async 'statement.waiting.failed'({ page }) {
      await page.getByTestId('statement-error').getByRole('button', { name: 'Try again' }).waitFor(WAIT);
    },
  },
};
