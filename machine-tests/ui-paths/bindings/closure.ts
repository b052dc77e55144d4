import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { accountClosureModel } from '../../../machines/account-closure/account-closure.model';
import { chatSeen } from '../../browser/sandbox-users';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const STATUS = (u: URL) => u.pathname === '/api/account/closure';
const CLOSE = (u: URL) => u.pathname === '/api/account/close';
/** the most wrong passwords tried through the API to lock the sign-in (the server locks after 5 in 15 minutes) */
const MAX_WRONG = 10;

interface ClosureWorld {
  user: { email: string; password: string };
  /** the page's reads of the status, held until the path's step for their outcome */
  reads: Route[];
  /** the page's closure, held until the path's step for its outcome */
  closes: Route[];
  /** the trader's crypto invoices still waiting for payment: each is a deposit under way (a blocker) */
  invoices: string[];
}

const world = (ctx: PathContext): ClosureWorld => {
  const w = ctx.world as Partial<ClosureWorld>;
  if (!w.reads) Object.assign(w, { reads: [], closes: [], invoices: [] });
  return w as ClosureWorld;
};

const errorOf = (e: AnyEventObject) => e.error as { kind?: string; status?: number; error?: string } | undefined;
const blockersOf = (e: AnyEventObject) => (e.output as { blockers?: unknown[] } | undefined)?.blockers ?? [];

/** The reads and the closure are held on their way until the path says how they end; both then go to the real server. */
async function installRoutes(ctx: PathContext): Promise<void> {
  const w = world(ctx);
  await ctx.page.route(STATUS, async (route) => {
    w.reads.push(route);
  });
  await ctx.page.route(CLOSE, async (route) => {
    w.closes.push(route);
  });
}

/** the newest held request of a list (an older one was replaced by it: let it go on) */
async function next(list: Route[], what: string): Promise<Route> {
  const end = Date.now() + WAIT.timeout;
  while (!list.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  const route = list.pop();
  if (!route) throw new Error(`the page did not send ${what}`);
  for (const older of list.splice(0)) await older.continue().catch(() => undefined);
  return route;
}

/**
 * Something under way that stops the closure, as the real server sees it: a crypto invoice waiting
 * for payment is a deposit under way (its limit hold); expired, it no longer is. The trader has no
 * money, so nothing else stops it.
 */
async function blockClosure(ctx: PathContext): Promise<void> {
  const w = world(ctx);
  if (w.invoices.length) return;
  const { guid } = await sandboxCall<{ guid: string }>(ctx.page, '/api/btc/pay', { amount: '250' });
  w.invoices.push(guid);
}

async function clearClosure(ctx: PathContext): Promise<void> {
  const w = world(ctx);
  for (const guid of w.invoices.splice(0)) await sandboxCall(ctx.page, '/api/sandbox/chain/expire', { guid });
}

/** wrong passwords through the API (counted like sign-ins) until the server locks them out: the page's next try is refused with 429 */
async function lockOut(ctx: PathContext): Promise<void> {
  const { page } = ctx;
  for (let i = 0; i < MAX_WRONG; i++) {
    const me = (await (await page.request.get('/api/me')).json()) as { csrf: string };
    const res = await page.request.post('/api/account/close', {
      data: { reason: 'costs', text: '', password: `${world(ctx).user.password}-wrong` },
      headers: { 'x-csrf-token': me.csrf },
    });
    if (res.status() === 429) return;
    if (res.status() !== 401) throw new Error(`a wrong password was answered ${res.status()} ${await res.text()}`);
  }
  throw new Error(`${MAX_WRONG} wrong passwords did not lock the sign-in`);
}

const dialog = (page: Page) => page.getByTestId('closure-confirm');

/**
 * #/show/close for a fresh trader with no money (so the real server lets the closure through).
 * The status reads wait on their way until the path's step for their outcome: one with something
 * that stops the closure is a crypto invoice of the trader waiting for payment (a deposit under
 * way), made before the read goes on; one with nothing expires it first. The form is typed as the
 * path says, with the trader's real password (none when the path's is empty). The closure waits
 * too: the real server closes the account; a wrong password is the password altered on its way;
 * something that appeared meanwhile (409) is an invoice made just before it goes on; too many
 * tries (429) is the sign-in locked by wrong passwords through the API first; a lost connection
 * is the request aborted.
 */
export const closureBinding: UiBinding = {
  machine: 'accountClosure',
  model: accountClosureModel,
  maxPaths: 10,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    world(ctx).user = user;
    await signInByApi(page, user);
    await installRoutes(ctx);
    await page.goto(`${baseURL}/en/trading#/show/close`);
    await page.getByTestId('closure-page').waitFor(WAIT);
  },
  events: {
    async 'loadStatus.done'(ctx: StepContext) {
      if (blockersOf(ctx.event).length) await blockClosure(ctx);
      else await clearClosure(ctx);
      await (await next(world(ctx).reads, 'a read of the status')).continue();
    },
    async 'loadStatus.error'(ctx) {
      await (await next(world(ctx).reads, 'a read of the status')).abort('internetdisconnected');
    },
    async retry({ page }) {
      await page.getByTestId('closure-load-failed').getByRole('button', { name: 'Try again' }).click();
    },
    async 'status.check'({ page }) {
      await page.getByTestId('closure-check-again').click();
    },
    async 'field.change'({ page, event }) {
      const value = String(event.value);
      if (event.field === 'reason') await page.getByTestId('closure-reason').selectOption(value);
      else {
        const input = page.getByTestId('closure-text');
        if ((await input.inputValue()) === value) await input.fill('');
        await input.fill(value);
      }
    },
    async 'password.edit'({ page }) {
      await page.getByTestId('closure-password').press('End');
      await page.getByTestId('closure-password').pressSequentially('x');
    },
    async 'closure.submit'(ctx) {
      const { page, event } = ctx;
      await page.getByTestId('closure-password').fill(event.password === '' ? '' : world(ctx).user.password);
      await page.getByTestId('closure-submit').click();
    },
    async 'closure.confirm'({ page }) {
      await dialog(page).getByTestId('closure-confirm-yes').click();
    },
    async 'closure.keep'({ page }) {
      await dialog(page).getByTestId('closure-keep').click();
    },
    async 'closeAccount.done'(ctx) {
      await (await next(world(ctx).closes, 'the closure')).continue();
    },
    async 'closeAccount.error'(ctx) {
      const route = await next(world(ctx).closes, 'the closure');
      const error = errorOf(ctx.event);
      if (error?.kind === 'network') return route.abort('internetdisconnected');
      if (error?.status === 401) {
        const body = JSON.parse(route.request().postData() ?? '{}') as object;
        return route.continue({ postData: JSON.stringify({ ...body, password: `${world(ctx).user.password}-wrong` }) });
      }
      if (error?.status === 409) await blockClosure(ctx);
      else if (error?.status === 429) await lockOut(ctx);
      else throw new Error(`no way to cause ${JSON.stringify(error)}`);
      await route.continue();
    },
  },
  states: {
    async 'accountClosure.loading'({ page }) {
      await page.getByText('Checking whether your account can be closed…').waitFor(WAIT);
    },
    async 'accountClosure.loadFailed'({ page }) {
      await page.getByTestId('closure-load-failed').filter({ hasText: 'We could not check whether your account can be closed.' }).waitFor(WAIT);
    },
    async 'accountClosure.blocked'({ page, expected }) {
      await page.getByTestId('closure-blocker-pending_deposit').filter({ hasText: /^A deposit of .+ is under way/ }).waitFor(WAIT);
      await page.getByTestId('closure-form').waitFor({ ...WAIT, state: 'detached' });
      if ((expected.context as { error: unknown }).error) await page.getByTestId('closure-blocked-error').waitFor(WAIT);
    },
    async 'accountClosure.ready'({ page }) {
      await page.getByTestId('closure-form').waitFor(WAIT);
    },
    async 'accountClosure.ready.editing'({ page, expected }) {
      await dialog(page).waitFor({ ...WAIT, state: 'detached' });
      const { error, fieldErrors } = expected.context as { error: unknown; fieldErrors: Record<string, unknown> };
      if (error) await page.getByTestId('closure-error').waitFor(WAIT);
      for (const field of Object.keys(fieldErrors)) await page.locator(`#closure-${field}[aria-invalid="true"]`).waitFor(WAIT);
    },
    async 'accountClosure.ready.confirming'({ page }) {
      await dialog(page).getByText('This cannot be undone.').waitFor(WAIT);
      await dialog(page).getByTestId('closure-confirm-yes').filter({ hasText: 'Close my account' }).waitFor(WAIT);
    },
    async 'accountClosure.ready.closing'({ page }) {
      await dialog(page).getByTestId('closure-confirm-yes').filter({ hasText: 'Closing…' }).waitFor(WAIT);
    },
    async 'accountClosure.closed'({ page, baseURL }) {
      // every session has ended: the page went to the sign-in page, which says the account is closed
      await page.waitForURL(`${baseURL}/en/login?closed=1`, WAIT);
      await page.getByTestId('login-closed-notice').waitFor(WAIT);
    },
  },
};
