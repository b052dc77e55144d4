import { bech32 } from '@scure/base';
import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { chatSeen } from '../../browser/sandbox-users';
import { failNextRequest, freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(9))]);

const hitsOf = (e: AnyEventObject | undefined) => (e?.output as { hits?: unknown[] } | undefined)?.hits;
const isDone = (e: AnyEventObject | undefined) => !!e && e.type.startsWith('xstate.done.actor');

/** a pending withdrawal of 100 USD to Bitcoin, requested from the page's session (the form's final request) */
async function requestWithdrawal(page: Page): Promise<string> {
  return page.evaluate(async (wallet) => {
    const me = (await (await fetch('/api/me')).json()) as { csrf: string };
    const body = { amount: '100.00', method: 'Bitcoin', wallet, fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `ui-path-${Date.now()}-${Math.floor(Math.random() * 1e9)}` };
    const res = await fetch('/api/withdrawal/final', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`withdrawal ${res.status} ${await res.text()}`);
    return ((await res.json()) as { transactionId: string }).transactionId;
  }, BTC);
}

/**
 * Arranges the list the next load finds: one pending withdrawal (requested if none is), none (the
 * pending one paid by the sandbox payout), or a lost connection.
 */
async function arrangeLoad(ctx: PathContext | StepContext, next: AnyEventObject | undefined): Promise<void> {
  const { page } = ctx;
  if (!next) return;
  if (!isDone(next)) return failNextRequest(page, '**/api/us/pending');
  const want = hitsOf(next)?.length ?? 0;
  const id = ctx.world.pending as string | undefined;
  if (want > 0 && !id) ctx.world.pending = await requestWithdrawal(page);
  if (want === 0 && id) {
    await sandboxCall(page, '/api/sandbox/withdrawals/settle', { id, outcome: 'paid' });
    ctx.world.pending = undefined;
  }
}

const nextLoad = (ctx: PathContext) => ctx.upcoming('loadPending.done', 'loadPending.error');

/**
 * Pending withdrawals under the withdrawal form (#/show/withdrawal), a fresh verified trader with
 * 1,000 USD. What each load of the list finds is arranged before the step that starts it: a
 * pending withdrawal requested from the page's session (the form's own final request), none (the
 * sandbox payout paid it), or a lost connection. A refresh while the list shows is the server's
 * push `withdrawal.updated` (the sandbox payout settling one); from the failed list it is Reload.
 * A cancel the server refuses is one paid by the sandbox payout between the question and Yes (409
 * not_pending, real); a lost cancel is the connection lost on the way.
 */
export const withdrawalPendingBinding: UiBinding = {
  machine: 'withdrawalPending',
  maxPaths: 6,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] });
    await signInByApi(page, user);
    await arrangeLoad(ctx, nextLoad(ctx));
    await page.goto(`${baseURL}/en/trading#/show/withdrawal`);
  },
  events: {
    'loadPending.done': async () => {},
    'loadPending.error': async () => {},
    async 'pending.refresh'(ctx) {
      const { page } = ctx;
      const failed = await page.getByRole('button', { name: 'Reload' }).isVisible();
      if (failed) {
        await arrangeLoad(ctx, nextLoad(ctx));
        await page.getByRole('button', { name: 'Reload' }).click();
        return;
      }
      // the server's push: a withdrawal of this trader changed (the sandbox payout paid one: one
      // push); the list the reload finds is what the path wants (a lost connection keeps one)
      const next = nextLoad(ctx);
      if (next && !isDone(next)) await failNextRequest(page, '**/api/us/pending');
      const want = isDone(next) ? (hitsOf(next)?.length ?? 0) : 1;
      const id = ctx.world.pending as string | undefined;
      const keep = want > 0 ? await requestWithdrawal(page) : undefined;
      const paid = id ?? (await requestWithdrawal(page));
      await sandboxCall(page, '/api/sandbox/withdrawals/settle', { id: paid, outcome: 'paid' });
      ctx.world.pending = keep;
    },
    async 'pending.cancel'({ page }) {
      await page.getByTestId('pending-withdrawal').first().getByRole('button', { name: 'Cancel' }).click();
    },
    async 'confirm.no'({ page }) {
      await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    },
    async 'confirm.yes'(ctx) {
      const { page } = ctx;
      const outcome = ctx.upcoming('rejectWithdrawal.done', 'rejectWithdrawal.error');
      const id = ctx.world.pending as string | undefined;
      if (outcome && !isDone(outcome)) {
        // the server refuses: the payout paid it meanwhile (a lost connection takes the same transition)
        if (id) await sandboxCall(page, '/api/sandbox/withdrawals/settle', { id, outcome: 'paid' });
      }
      const reload = nextLoad(ctx);
      if (outcome && isDone(outcome)) {
        ctx.world.pending = undefined;
        // the list reloaded after the cancel finds the trader's other pending one when the path wants one
        if ((hitsOf(reload)?.length ?? 0) > 0) ctx.world.pending = await requestWithdrawal(page);
        else if (reload && !isDone(reload)) await failNextRequest(page, '**/api/us/pending');
      } else {
        ctx.world.pending = undefined;
        await arrangeLoad(ctx, reload);
      }
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    },
    'rejectWithdrawal.done': async () => {},
    'rejectWithdrawal.error': async () => {},
  },
  states: {
    async 'withdrawalPending.ready'({ page, expected }) {
      const hits = (expected.context as { hits: unknown[] }).hits;
      if (hits.length) await page.getByTestId('pending-withdrawal').first().waitFor(WAIT);
      else await page.getByText('No pending withdrawals.').waitFor(WAIT);
    },
    async 'withdrawalPending.failed'({ page }) {
      await page.getByText('Load data error').waitFor(WAIT);
    },
    async 'withdrawalPending.confirming'({ page }) {
      await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).waitFor(WAIT);
    },
  },
  reasons: {
    'withdrawalPending.rejecting:xstate.done.actor.0.withdrawalPending.rejecting:1':
      'a cancel answered return: false: our server answers a cancel it cannot make as an HTTP error (404 not_found, 409 not_pending), never as return: false',
  },
};
