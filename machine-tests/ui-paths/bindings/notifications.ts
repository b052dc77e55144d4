import { chatSeen } from '../../browser/sandbox-users';
import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { notificationsModel } from '../../../machines/notifications/notifications.model';
import { alterNextRequest, freshUser, sandboxCall } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

// the list's reads (limit 3 and up); the header badge reads its count with limit=1 on the same push,
// often first, so a fault meant for the list must not match it
const LIST = /\/api\/us\/notifications\?limit=(?!1(&|$))/;
const READ = '**/api/us/notifications_read';
const READ_ALL = '**/api/us/notifications_read_all';
let seq = 0;

const isError = (e: AnyEventObject | undefined) => !!e?.type.startsWith('xstate.error');
const menu = (page: Page) => page.getByTestId('notifications');

/** the next request matching `url` fails as a lost connection (browser-level, our server never replaced) */
async function failNext(page: Page, url: string | RegExp): Promise<void> {
  let done = false;
  await page.route(url, async (route) => {
    if (done) return route.continue();
    done = true;
    await route.abort('internetdisconnected');
  });
}

/** the next list read waits on its way until the next step lets it go */
async function holdNextList(ctx: PathContext): Promise<void> {
  let done = false;
  await ctx.page.route(LIST, async (route: Route) => {
    if (done) return route.continue();
    done = true;
    ctx.world.held = route;
  });
}

/** a sandbox Vload voucher of 250.00 redeemed by the trader (docs/sandbox.md): the server notifies and pushes notification.new */
async function deposit(page: Page): Promise<void> {
  const pin = `1250${String(Date.now() + seq++).slice(-12).padStart(12, '0')}`;
  await sandboxCall(page, '/api/card/fast/vload', { amount: pin, fixed: false, bonus: false, test: true });
}

/** the list read the step starts fails when the path wants it */
async function arrangeList(ctx: StepContext | PathContext): Promise<void> {
  if (isError(ctx.upcoming('list.done', 'list.error'))) await failNext(ctx.page, LIST);
}

/**
 * The header bell's list of a fresh trader on the trading page (sandbox sign-in link): four
 * notifications before the first click (four sandbox voucher deposits), so the
 * first three show with "Show more". A pushed notification.new is another voucher deposit (the
 * server pushes it); two while the list is read again: the first read held on its way until the
 * second push. A read the server refuses is the request altered to an id that is not the trader's;
 * failures are lost connections.
 */
export const notificationsBinding: UiBinding = {
  machine: 'notifications',
  model: notificationsModel,
  maxPaths: 8,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(page.context());
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    const link = await sandboxCall<{ url: string }>(page, '/api/sandbox/autologin', { email: user.email, redirect: 'home' });
    await page.goto(new URL(link.url, baseURL).toString());
    await page.getByTestId('bell').waitFor({ timeout: 15_000 });
    for (let i = 0; i < 4; i++) await deposit(page);
    // four deposits (and the sign-in's, when the link's sign-in is notified): more than the first three
    await page.getByTestId('bell-count').filter({ hasText: /^[45]$/ }).waitFor({ timeout: 10_000 });
    // the dropdown's machine is made by the first click, which reads the list
    await arrangeList(ctx);
    await page.getByTestId('bell').click();
  },
  events: {
    async more(ctx) {
      await arrangeList(ctx);
      await menu(ctx.page).getByTestId('notifications-more').click();
    },
    async retry(ctx) {
      await arrangeList(ctx);
      await menu(ctx.page).getByRole('button', { name: 'Try again' }).click();
    },
    async read(ctx) {
      const outcome = ctx.upcoming('read.done', 'read.error');
      const error = outcome?.error as { status?: number } | undefined;
      if (error?.status === 404) {
        await alterNextRequest(ctx.page, READ, () => JSON.stringify({ id: '999999999' }));
      } else if (error) await failNext(ctx.page, READ);
      await menu(ctx.page).getByRole('button', { name: 'Mark as read' }).first().click();
    },
    async 'read.all'(ctx) {
      if (isError(ctx.upcoming('readAll.done', 'readAll.error'))) await failNext(ctx.page, READ_ALL);
      await menu(ctx.page).getByTestId('notifications-read-all').click();
    },
    async 'notification.new'(ctx) {
      const next = ctx.path.steps[ctx.index + 1]?.event;
      const held = ctx.world.held as Route | undefined;
      if (next?.type === 'notification.new') await holdNextList(ctx);
      else await arrangeList(ctx);
      // the second push, heard while the first read is out, makes the list read again: wait for that
      // read before letting the first go, else under load the push may come after it (CI at three paths)
      const reread = held ? ctx.page.waitForRequest(LIST, { timeout: 10_000 }).catch(() => undefined) : undefined;
      await deposit(ctx.page);
      if (held) {
        await reread;
        // the first read is let go (its answer is not heard)
        ctx.world.held = undefined;
        await held.continue().catch(() => {});
      }
    },
    'list.done': async () => {},
    'list.error': async () => {},
    'read.done': async () => {},
    'read.error': async () => {},
    'readAll.done': async () => {},
    'readAll.error': async () => {},
  },
  states: {
    async 'notifications.loading'({ page }) {
      await menu(page).getByText('Loading your notifications…').waitFor(WAIT);
    },
    async 'notifications.failed'({ page }) {
      await menu(page).getByRole('button', { name: 'Try again' }).waitFor(WAIT);
    },
    async 'notifications.shown'({ page, expected }) {
      await menu(page).getByTestId('notifications-unread').waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await menu(page).locator('.form-error').first().waitFor(WAIT);
    },
  },
};
