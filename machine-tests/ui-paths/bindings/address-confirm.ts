import type { Route } from 'playwright-core';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { confirmLinkOf, freshBtc } from './address-book';
import { WAIT } from './wait';

const CONFIRM = (u: URL) => u.pathname === '/api/withdrawal/destinations/confirm';

const held = (ctx: PathContext): Route[] => ((ctx.world.sent as Route[] | undefined) ??= []);

async function heldConfirm(ctx: StepContext): Promise<Route> {
  const deadline = Date.now() + WAIT.timeout;
  while (held(ctx).length === 0 && Date.now() < deadline) await ctx.page.waitForTimeout(20);
  const route = held(ctx).shift();
  if (!route) throw new Error('the page sent no confirmation');
  return route;
}

/**
 * The address book's emailed link (/en/confirm-address?token=…) for a fresh trader who saved a
 * destination. The confirmation waits on its way until the path's step for its outcome: answered,
 * refused (the token altered on its way: the server refuses an unknown link as a used one) or lost.
 */
export const addressConfirmBinding: UiBinding = {
  machine: 'addressConfirm',
  maxPaths: 4,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await signInByApi(page, user);
    await sandboxCall(page, '/api/withdrawal/destinations', { method: 'Bitcoin', wallet: freshBtc(), alt: '', label: 'Cold wallet' });
    const link = await confirmLinkOf(page, user.email);
    await page.route(CONFIRM, async (route) => {
      held(ctx).push(route);
    });
    await page.goto(`${baseURL}${link}`);
    await page.getByTestId('confirm-address').waitFor(WAIT);
  },
  events: {
    async confirm(ctx) {
      await ctx.page.getByTestId('confirm-address').click();
    },
    async 'confirmAddress.done'(ctx) {
      await (await heldConfirm(ctx)).continue();
    },
    async 'confirmAddress.error'(ctx) {
      const route = await heldConfirm(ctx);
      if ((ctx.event.error as { status?: number } | undefined)?.status) await route.continue({ postData: JSON.stringify({ token: 'x'.repeat(43) }) });
      else await route.abort('internetdisconnected');
    },
  },
  states: {
    async 'addressConfirm.asking'(ctx) {
      await ctx.page.locator('[data-testid=confirm-address]:not([aria-busy])').waitFor(WAIT);
    },
    async 'addressConfirm.sending'(ctx) {
      await ctx.page.locator('[data-testid=confirm-address][aria-busy="true"]').waitFor(WAIT);
    },
    async 'addressConfirm.confirmed'(ctx) {
      await ctx.page.getByTestId('confirm-address-done').waitFor(WAIT);
    },
  },
};
