import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import type { TestPath } from '../../../machine-kit/types';
import { promotionsModel } from '../../../machines/promotions/promotions.model';
import { failNextRequest, freshUser, sandboxCall } from '../sandbox';
import type { UiBinding } from '../types';
import { WAIT } from './wait';

const PROMOTION = 'sandbox-deposit-plus-1';
const LIST = '**/api/us/promotions';
const ACTIVATE = '**/api/us/promotions_activate';

const isError = (e: AnyEventObject | undefined) => !!e?.type.startsWith('xstate.error');

/**
 * Once a promotion is activated its row shows "activated" and no button: it cannot be opened
 * again, and the seeded list has one promotion a fresh USD trader may activate.
 */
function feasible(path: TestPath): boolean {
  let activated = false;
  for (const s of path.steps) {
    if (s.event.type === 'promotion.open' && activated) return false;
    if (s.event.type.startsWith('xstate.done.actor') && (s.event.output as { activatedAt?: string } | undefined)?.activatedAt) activated = true;
  }
  return true;
}

const dialog = (page: Page) => page.getByRole('dialog');

/**
 * The promotions page (#/show/promotions) of a fresh USD trader signed in by a sandbox sign-in
 * link: the seeded `sandbox-deposit-plus-1` is the one the trader may activate. A refusal is the
 * same promotion activated first from another tab (409 already activated); list reads and
 * activations that fail are lost connections.
 */
export const promotionsBinding: UiBinding = {
  machine: 'promotions',
  model: promotionsModel,
  maxPaths: 8,
  feasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    ctx.world.user = user;
    if (isError(ctx.upcoming('list.done', 'list.error'))) await failNextRequest(page, LIST);
    const link = await sandboxCall<{ url: string }>(page, '/api/sandbox/autologin', { email: user.email, redirect: 'show/promotions' });
    await page.goto(new URL(link.url, baseURL).toString());
    await page.getByTestId('promotions-page').waitFor({ timeout: 15_000 });
  },
  events: {
    async 'promotion.open'({ page }) {
      await page.locator(`tr[data-promotion="${PROMOTION}"]`).getByTestId('promotion-open').click();
    },
    async confirm(ctx) {
      const outcome = ctx.upcoming('activate.done', 'activate.error');
      const error = outcome?.error as { status?: number } | undefined;
      if (error?.status === 409) await sandboxCall(ctx.page, '/api/us/promotions_activate', { id: PROMOTION });
      else if (error) await failNextRequest(ctx.page, ACTIVATE);
      else if (isError(ctx.upcoming('list.done', 'list.error'))) await failNextRequest(ctx.page, LIST);
      await ctx.page.getByTestId('promotion-confirm').click();
    },
    async retry(ctx) {
      const { page } = ctx;
      const before = ctx.path.steps[ctx.index - 1].state;
      if (before.matches('activateFailed')) {
        if (isError(ctx.upcoming('activate.done', 'activate.error'))) await failNextRequest(page, ACTIVATE);
        await page.getByTestId('promotion-confirm').click();
      } else {
        if (isError(ctx.upcoming('list.done', 'list.error'))) await failNextRequest(page, LIST);
        await page.getByTestId('promotions-failed').getByRole('button', { name: 'Try again' }).click();
      }
    },
    async cancel({ page }) {
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    },
    async dismiss(ctx) {
      if (isError(ctx.upcoming('list.done', 'list.error'))) await failNextRequest(ctx.page, LIST);
      await ctx.page.getByTestId('promotion-dismiss').click();
    },
    'list.done': async () => {},
    'list.error': async () => {},
    'activate.done': async () => {},
    'activate.error': async () => {},
  },
  states: {
    async 'promotions.loading'({ page }) {
      await page.getByText('Loading the promotions…').waitFor(WAIT);
    },
    async 'promotions.failed'({ page }) {
      await page.getByTestId('promotions-failed').waitFor(WAIT);
    },
    async 'promotions.list'({ page }) {
      await page.locator(`tr[data-promotion="${PROMOTION}"]`).waitFor(WAIT);
      if (await dialog(page).count()) throw new Error('the terms are still open on the list');
    },
    async 'promotions.terms'({ page }) {
      await dialog(page).getByTestId('promotion-terms').waitFor(WAIT);
      await page.getByTestId('promotion-confirm').filter({ hasText: 'Activate' }).waitFor(WAIT);
    },
    async 'promotions.activating'({ page }) {
      await page.getByTestId('promotion-confirm').waitFor(WAIT);
    },
    async 'promotions.activated'({ page }) {
      await page.getByTestId('promotions-activated').waitFor(WAIT);
    },
    async 'promotions.refused'({ page }) {
      await page.getByTestId('promotion-refused').waitFor(WAIT);
    },
    async 'promotions.activateFailed'({ page }) {
      await page.getByTestId('promotion-failed').waitFor(WAIT);
      await page.getByTestId('promotion-confirm').filter({ hasText: 'Try again' }).waitFor(WAIT);
    },
  },
};
