import type { Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { SIGN_IN_PAGE } from '../../../core/contract/sign-in-history';
import type { TestPath } from '../../../machine-kit/types';
import type { SignInHistoryContext, SignInPage } from '../../../machines/sign-in-history/sign-in-history.types';
import { freshUser, signInByApi, signInElsewhere } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const LIST = (u: URL) => u.pathname === '/api/security/sign_ins';
const NOT_ME = (u: URL) => u.pathname === '/api/security/not_me';

interface HistoryWorld {
  /** the page's reads of a history page, held until the path's step for their outcome */
  held: Route[];
  /** the page's "this wasn't me", held until the path's step for its outcome */
  sent: Route[];
  /** reads go on at once from here (a binding that is not about the history's reads) */
  readsFree?: boolean;
}

export const historyWorld = (ctx: PathContext): HistoryWorld => {
  const w = ctx.world as Partial<HistoryWorld>;
  if (!w.held) Object.assign(w, { held: [], sent: [] });
  return w as HistoryWorld;
};

/**
 * A fresh trader signed in here, then from `others` other browsers (each a new device), on the
 * security page with its history's reads and "this wasn't me" held on their way.
 */
export async function openHistory(ctx: PathContext, others: number): Promise<void> {
  const { page, baseURL } = ctx;
  const user = await freshUser(page, baseURL);
  await signInByApi(page, user);
  for (let i = 0; i < others; i++) await signInElsewhere(baseURL, user);
  const w = historyWorld(ctx);
  await page.route(LIST, async (route) => {
    if (w.readsFree) await route.continue().catch(() => undefined);
    else w.held.push(route);
  });
  await page.route(NOT_ME, async (route) => {
    w.sent.push(route);
  });
  await page.goto(`${baseURL}/en/trading#/show/security`);
  await section(ctx).waitFor(WAIT);
}

/**
 * The history's reads go on at once from here, the held ones first. A flag in the route's handler,
 * not `page.unroute`: unroute matches its URL argument by identity, and a read the page made just
 * after the held ones were let go would otherwise be held for ever (notMe's start, CI 2026-12-03).
 */
export async function freeReads(ctx: PathContext): Promise<void> {
  const w = historyWorld(ctx);
  w.readsFree = true;
  for (const route of w.held.splice(0)) await route.continue().catch(() => undefined);
}

export async function heldNotMe(ctx: StepContext): Promise<Route> {
  const w = historyWorld(ctx);
  const deadline = Date.now() + WAIT.timeout;
  while (w.sent.length === 0 && Date.now() < deadline) await ctx.page.waitForTimeout(20);
  const route = w.sent.shift();
  if (!route) throw new Error('the page sent no "this wasn’t me"');
  return route;
}

export const section = (ctx: PathContext) => ctx.page.getByTestId('sign-in-history');
export const dialog = (ctx: PathContext) => ctx.page.getByTestId('not-me-dialog');

/** Opens "this wasn't me" of the first new-device sign-in (a listed one: the page shows its button). */
export async function askNotMe(ctx: PathContext): Promise<void> {
  await section(ctx).locator('[data-testid=sign-in-row][data-new-device=true]').first().getByTestId('not-me').click();
  await dialog(ctx).waitFor(WAIT);
}

const outputOf = (e: AnyEventObject) => e.output as SignInPage | undefined;

/**
 * The real server pages what it has: the trader here and 20 other browsers make 21 sign-ins, so
 * the first page always has more after it and the second is the last. A path whose first page is
 * the last (or a further page with more) is cut there; and a step the page cannot take (Show more
 * with nothing more, "this wasn't me" for a sign-in that was no new device or is not listed)
 * changes nothing in the app: cut before it (the model's guards cover those).
 */
function stepFeasible(step: TestPath['steps'][number], before: TestPath['steps'][number]): boolean {
  const context = before.state.context as SignInHistoryContext;
  if (step.event.type === 'loadPage.done') {
    const more = outputOf(step.event)?.next !== null;
    return before.state.value === 'loadingMore' ? !more : more;
  }
  if (step.event.type === 'history.more') return context.next !== null;
  if (step.event.type === 'history.notMe') return context.events.some((e) => e.id === step.event.event && e.newDevice);
  return true;
}

/**
 * The sign-in history on #/show/security (issue 31 §1, §3) for a fresh trader signed in here and
 * from 20 other browsers (21 sign-ins: two pages). Reads and "this wasn't me" wait on their way
 * until the path's step for their outcome (answered, or lost). The child's outcome is the dialog
 * confirmed and answered (every session ends; the page leaves for the sign-in page) or "It was me".
 */
export const signInHistoryBinding: UiBinding = {
  machine: 'signInHistory',
  maxPaths: 6,
  stepFeasible,
  async start(ctx) {
    await openHistory(ctx, SIGN_IN_PAGE);
  },
  events: {
    async 'loadPage.done'(ctx) {
      await (await newestHeldRead(historyWorld(ctx).held, 'the sign-in history', WAIT.timeout)).continue();
    },
    async 'loadPage.error'(ctx) {
      await (await newestHeldRead(historyWorld(ctx).held, 'the sign-in history', WAIT.timeout)).abort('internetdisconnected');
    },
    async retry(ctx) {
      await section(ctx).getByRole('button', { name: 'Try again' }).click();
    },
    async 'history.more'(ctx) {
      await section(ctx).getByTestId('sign-in-more').click();
    },
    async 'history.notMe'(ctx) {
      await askNotMe(ctx);
    },
    async 'notMe.done'(ctx) {
      if ((ctx.event.output as { secured?: boolean } | undefined)?.secured) {
        await dialog(ctx).getByTestId('not-me-confirm').click();
        await (await heldNotMe(ctx)).continue();
      } else {
        await dialog(ctx).getByRole('button', { name: 'It was me' }).click();
      }
    },
  },
  states: {
    async 'signInHistory.loading'(ctx) {
      await section(ctx).getByText('Loading…').waitFor(WAIT);
    },
    async 'signInHistory.loadFailed'(ctx) {
      await section(ctx).getByRole('alert').filter({ hasText: 'Could not reach the server' }).or(section(ctx).getByRole('alert').filter({ hasText: 'could not be loaded' })).first().waitFor(WAIT);
    },
    async 'signInHistory.ready'(ctx) {
      await section(ctx).getByTestId('sign-in-row').first().waitFor(WAIT);
      await dialog(ctx).waitFor({ ...WAIT, state: 'detached' });
    },
    async 'signInHistory.ready.idle'(ctx) {
      await section(ctx).locator('.form-error').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'signInHistory.ready.moreFailed'(ctx) {
      await section(ctx).locator('.form-error').waitFor(WAIT);
    },
    async 'signInHistory.loadingMore'(ctx) {
      await section(ctx).locator('[data-testid=sign-in-more][aria-busy="true"]').waitFor(WAIT);
    },
    async 'signInHistory.notMe'(ctx) {
      await dialog(ctx).waitFor(WAIT);
    },
    async 'signInHistory.secured'(ctx) {
      await ctx.page.waitForURL('**/en/login?ended=not_me', WAIT);
    },
  },
};
