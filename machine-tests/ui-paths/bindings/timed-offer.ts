import { chatSeen } from '../../browser/sandbox-users';
import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { timedOfferModel } from '../../../machines/timed-offer/timed-offer.model';
import { failNextRequest, freshUser, sandboxCall } from '../sandbox';
import type { StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const ACCEPT = '**/api/triggers/limited_yes';
const IGNORE = '**/api/triggers/limited_ignore';

const offer = (page: Page) => page.getByTestId('offer');

/**
 * What the server will answer to the click the step makes: "ended" is the offer closed on the
 * server before the click (the sandbox gives the trader a newer offer, which closes the open one
 * as expired: the accept is refused 410, the ignore answers expired); a failure is a lost connection.
 */
async function arrange(ctx: StepContext, done: string, failed: string, url: string): Promise<void> {
  const next: AnyEventObject | undefined = ctx.upcoming(done, failed);
  const error = next?.error as { status?: number } | undefined;
  const output = next?.output as { outcome?: string } | undefined;
  if (error?.status === 410 || output?.outcome === 'expired') {
    await sandboxCall(ctx.page, '/api/sandbox/offers/now', { email: ctx.world.email, kind: 'limited' });
  } else if (error) await failNextRequest(ctx.page, url);
}

/**
 * A limited timed offer (180 s) on the trading page of a fresh trader: made now by the sandbox
 * (`/api/sandbox/offers/now`), shown as the page loads (sandbox sign-in link). The page's clock is
 * Playwright's (installed before the load, running): the deadline is the page's own timer,
 * fast-forwarded past the 180 s.
 */
export const timedOfferBinding: UiBinding = {
  machine: 'timedOffer',
  model: timedOfferModel,
  maxPaths: 6,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(page.context());
    const user = await freshUser(page, baseURL);
    ctx.world.email = user.email;
    await sandboxCall(page, '/api/sandbox/offers/now', { email: user.email, kind: 'limited' });
    const link = await sandboxCall<{ url: string }>(page, '/api/sandbox/autologin', { email: user.email, redirect: 'home' });
    await page.clock.install();
    await page.goto(new URL(link.url, baseURL).toString());
    // the offer shows once the page has loaded and the attention arbiter grants it (slow on a loaded machine)
    await offer(page).waitFor({ timeout: 40_000 });
  },
  events: {
    async accept(ctx) {
      await arrange(ctx, 'accept.done', 'accept.error', ACCEPT);
      await offer(ctx.page).getByTestId('offer-accept').click();
    },
    async ignore(ctx) {
      await arrange(ctx, 'ignore.done', 'ignore.error', IGNORE);
      await offer(ctx.page).getByTestId('offer-ignore').click();
    },
    async 'after:untilDeadline'({ page }) {
      // 180 s from the (re)entered state at most: past it
      await page.clock.fastForward('03:05');
    },
    'accept.done': async () => {},
    'accept.error': async () => {},
    'ignore.done': async () => {},
    'ignore.error': async () => {},
  },
  states: {
    async 'timedOffer.shown'({ page, expected }) {
      await offer(page).getByTestId('offer-deadline').waitFor(WAIT);
      await offer(page).getByTestId('offer-accept').filter({ hasText: 'Accept' }).waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await offer(page).getByRole('alert').waitFor(WAIT);
    },
    async 'timedOffer.accepting'({ page }) {
      await offer(page).getByTestId('offer-accept').filter({ hasText: 'One moment…' }).waitFor(WAIT);
    },
    async 'timedOffer.ignoring'({ page }) {
      await offer(page).getByTestId('offer-accept').filter({ hasText: 'One moment…' }).waitFor(WAIT);
    },
    async 'timedOffer.accepted'({ page }) {
      await offer(page).getByTestId('offer-accepted').waitFor(WAIT);
    },
    async 'timedOffer.ignored'({ page }) {
      await offer(page).getByTestId('offer-ignored').waitFor(WAIT);
    },
    async 'timedOffer.expired'({ page }) {
      await offer(page).getByTestId('offer-expired').waitFor(WAIT);
    },
  },
};
