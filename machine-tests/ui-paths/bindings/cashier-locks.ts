import type { Route } from 'playwright-core';
import { cashierLocksModel } from '../../../machines/cashier-locks/cashier-locks.model';
import { chatSeen } from '../../browser/sandbox-users';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const READ = (u: URL) => u.pathname === '/api/cashier/locks';

interface LocksWorld {
  email: string;
  /** the page's reads of the locks, held until the path's step for their outcome */
  held: Route[];
}

const world = (ctx: PathContext): LocksWorld => {
  const w = ctx.world as Partial<LocksWorld>;
  if (!w.held) w.held = [];
  return w as LocksWorld;
};

const withdrawalLocks = (ctx: StepContext) => ((ctx.event.output as { withdrawal?: unknown[] } | undefined)?.withdrawal ?? []).length;

/**
 * The locks above the withdrawal form (#/show/withdrawal) for a fresh trader with money. The
 * page's reads wait on their way until the path's step for their outcome; the real server then
 * answers from the trader's real state, made what the outcome says first: not verified (the
 * sandbox identity check un-verifies the trader) for a lock, verified for none. A failed read is
 * the request lost on its way.
 */
export const cashierLocksBinding: UiBinding = {
  machine: 'cashierLocks',
  model: cashierLocksModel,
  maxPaths: 10,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { verification: 'None', balances: [{ currency: 'USD', type: 'trading', amount: '100.00' }] });
    world(ctx).email = user.email;
    await signInByApi(page, user);
    await page.route(READ, async (route) => {
      world(ctx).held.push(route);
    });
    await page.goto(`${baseURL}/en/trading#/show/withdrawal`);
    await page.getByRole('heading', { name: 'Withdraw' }).first().waitFor({ timeout: 15_000 }); // the trading page and the withdrawal chunk: a first load on a busy machine
  },
  events: {
    async 'loadLocks.done'(ctx) {
      const verification = withdrawalLocks(ctx) > 0 ? 'None' : 'Full';
      await sandboxCall(ctx.page, '/api/sandbox/verification', { email: world(ctx).email, verification });
      await (await newestHeldRead(world(ctx).held, 'the locks', WAIT.timeout)).continue();
    },
    async 'loadLocks.error'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the locks', WAIT.timeout)).abort('internetdisconnected');
    },
    async 'locks.check'({ page }) {
      await page.getByRole('button', { name: 'Check again' }).click();
    },
  },
  states: {
    async 'cashierLocks.loading'({ page }) {
      // nothing shown while the first read is on its way; read again, the button waits
      const again = page.getByRole('button', { name: 'Check again' });
      if (await again.count()) await page.locator('button[disabled]', { hasText: 'Check again' }).waitFor(WAIT);
      else await page.getByTestId('cashier-locks').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'cashierLocks.open'({ page }) {
      await page.getByTestId('cashier-locks').waitFor({ ...WAIT, state: 'detached' });
      await page.getByTestId('locks-failed').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'cashierLocks.locked'({ page }) {
      await page.getByTestId('lock-not_verified').filter({ hasText: 'Withdrawals are paid to verified accounts only.' }).waitFor(WAIT);
      await page.getByTestId('lock-next-not_verified').filter({ hasText: 'Go to verification' }).waitFor(WAIT);
    },
    async 'cashierLocks.failed'({ page }) {
      await page.getByTestId('locks-failed').filter({ hasText: 'We could not check whether anything stops this now.' }).waitFor(WAIT);
    },
  },
};
