import type { Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { invoicePageModel } from '../../../machines/invoice-page/invoice-page.model';
import { chatSeen } from '../../browser/sandbox-users';
import { failNextRequest, freshUser, sandboxCall, signInByApi } from '../sandbox';
import { eventKey } from '../select';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const EXCEPTION_CALL = (u: URL) => u.pathname.startsWith('/api/crypto/exceptions/');
const SANDBOX_CALL = (u: URL) => u.pathname === '/api/sandbox/chain/pay' || u.pathname === '/api/sandbox/chain/expire';
const EXCEPTION_EVENTS = new Set(['claim.open', 'exception.credit']);

interface World {
  guid: string;
  /** the requests the page sent, held on their way until the path's step for their outcome */
  exceptionCalls: Route[];
  sandboxCalls: Route[];
}
const world = (ctx: PathContext) => ctx.world as unknown as World;

async function nextHeld(ctx: StepContext, list: Route[], what: string): Promise<Route> {
  const deadline = Date.now() + WAIT.timeout;
  while (list.length === 0 && Date.now() < deadline) await ctx.page.waitForTimeout(20);
  const route = list.shift();
  if (!route) throw new Error(`the page sent no ${what}`);
  return route;
}

const usesExceptions = (steps: ReadonlyArray<{ event: AnyEventObject }>) => steps.some((s) => EXCEPTION_EVENTS.has(s.event.type));

/**
 * The invoice page (#/show/invoice/btc/{guid}) of a fresh trader's BTC invoice. A path that answers a
 * payment outside the invoice (a refund claim, an over-payment credited) starts on an invoice paid
 * one and a half times on the sandbox chain: paid, its excess held for the trader's choice
 * (docs/sandbox.md "Crypto invoice exceptions"). The trader's choice and the sandbox control's
 * calls wait on their way (page.route) until the path's step for their outcome: answered by the
 * server, refused by it (the request altered on its way: an address that is none, an invoice that
 * is not the trader's) or lost. A pushed update is a payment on the sandbox chain (the server
 * announces it). A missing invoice is a made-up id; a failed load is the request lost.
 */
export const invoicePageBinding: UiBinding = {
  machine: 'invoicePage',
  model: invoicePageModel,
  maxPaths: 14,
  feasible: (path) => {
    const loads = path.steps.flatMap((s, i) => (i > 0 && eventKey(s.event, path.steps[i - 1].state) === 'loadInvoice.error' ? [(s.event.error as { status?: number } | undefined)?.status] : []));
    // the sandbox control is on an open invoice only; the exceptions of a paid one have no control beside them
    if (usesExceptions(path.steps) && path.steps.some((s) => s.event.type === 'sandbox.send')) return false;
    // our server answers a load with the invoice or 404; a 500 is not something it can be made to say, and
    // the page shows one invoice id: one refused or lost load at most, the retry then loads it
    return loads.length <= 1 && loads.every((status) => status === undefined || status === 404);
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] });
    await signInByApi(page, user);
    const { guid } = await sandboxCall<{ guid: string }>(page, '/api/btc/pay', { amount: '250' });
    const w: World = { guid, exceptionCalls: [], sandboxCalls: [] };
    Object.assign(ctx.world, w);
    if (usesExceptions(ctx.path.steps)) await sandboxCall(page, '/api/sandbox/chain/pay', { guid, kind: 'over' });
    await page.route(EXCEPTION_CALL, async (route) => {
      world(ctx).exceptionCalls.push(route);
    });
    await page.route(SANDBOX_CALL, async (route) => {
      world(ctx).sandboxCalls.push(route);
    });
    const first = ctx.path.steps[1];
    const error = first && eventKey(first.event, ctx.path.steps[0].state) === 'loadInvoice.error' ? ((first.event.error ?? {}) as { status?: number }) : undefined;
    if (error && !error.status) await failNextRequest(page, '**/api/crypto/invoices/**');
    // a missing invoice: an id no invoice has
    const shown = error?.status === 404 ? '00000000-0000-4000-8000-000000000000' : guid;
    await page.goto(`${baseURL}/en/trading#/show/invoice/btc/${shown}`);
  },
  events: {
    'loadInvoice.done': async () => {},
    'loadInvoice.error': async () => {},
    async 'page.retry'(ctx) {
      await ctx.page.getByRole('button', { name: 'Try again' }).click();
    },
    async 'sandbox.send'(ctx) {
      const label = ({ full: 'Pay in full', expire: 'Expire now' } as Record<string, string>)[String(ctx.event.kind)];
      if (!label) throw new Error(`no sandbox button for ${String(ctx.event.kind)}`);
      await ctx.page.getByRole('button', { name: label }).click();
    },
    async 'sandboxSend.done'(ctx) {
      await (await nextHeld(ctx, world(ctx).sandboxCalls, 'sandbox call')).continue();
    },
    async 'sandboxSend.error'(ctx) {
      const route = await nextHeld(ctx, world(ctx).sandboxCalls, 'sandbox call');
      // another trader's invoice, as far as the server knows: 404
      await route.continue({ postData: JSON.stringify({ guid: '00000000-0000-4000-8000-000000000000', kind: 'full' }) });
    },
    async 'server.invoice'(ctx) {
      // a payment on the sandbox chain: the server pushes invoice.updated (on a paid invoice it is one more over-payment)
      await sandboxCall(ctx.page, '/api/sandbox/chain/pay', { guid: world(ctx).guid, kind: 'partial' });
    },
    async 'claim.open'(ctx) {
      await ctx.page.getByRole('button', { name: 'Refund to my wallet' }).first().click();
    },
    async 'claim.address'(ctx) {
      await ctx.page.getByLabel('Your wallet address on the same network').fill(String(ctx.event.value));
    },
    async 'claim.cancel'(ctx) {
      await ctx.page.getByRole('button', { name: 'Cancel' }).click();
    },
    async 'claim.submit'(ctx) {
      await ctx.page.getByRole('button', { name: 'Request the refund' }).click();
    },
    async 'exception.credit'(ctx) {
      await ctx.page.getByRole('button', { name: 'Credit it to my account' }).first().click();
    },
    async 'resolveException.done'(ctx) {
      await (await nextHeld(ctx, world(ctx).exceptionCalls, 'choice')).continue();
    },
    async 'resolveException.error'(ctx) {
      const route = await nextHeld(ctx, world(ctx).exceptionCalls, 'choice');
      // the server refuses an address that is none (400 crypto.refund_address)
      await route.continue({ postData: JSON.stringify({ choice: 'refund', address: 'bc1-none' }) });
    },
  },
  states: {
    async 'invoicePage.failed'(ctx) {
      await ctx.page.getByRole('button', { name: 'Try again' }).waitFor(WAIT);
    },
    async 'invoicePage.notFound'(ctx) {
      await ctx.page.getByText('There is no such invoice in your account.').waitFor(WAIT);
    },
    async 'invoicePage.ready'(ctx) {
      await ctx.page.getByTestId('crypto-status').waitFor(WAIT);
    },
    async 'invoicePage.ready.sandbox.sending'(ctx) {
      await ctx.page.getByText('Sending…').waitFor(WAIT);
    },
    async 'invoicePage.ready.exceptions.idle'(ctx) {
      if (usesExceptions(ctx.path.steps)) await ctx.page.getByTestId('crypto-exception').first().waitFor(WAIT);
      if ((await ctx.page.getByLabel('Your wallet address on the same network').count()) > 0) throw new Error('the refund claim form is still open');
    },
    async 'invoicePage.ready.exceptions.editing'(ctx) {
      await ctx.page.getByLabel('Your wallet address on the same network').waitFor(WAIT);
    },
    async 'invoicePage.ready.exceptions.sending'(ctx) {
      await ctx.page.locator('[data-testid="crypto-exceptions"] button[disabled], [data-testid="crypto-exceptions"] [aria-busy="true"]').first().waitFor(WAIT);
    },
  },
};
