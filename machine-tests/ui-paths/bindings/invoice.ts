import type { Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { stableJson } from '../../../machine-kit/serialize';
import { invoiceModel } from '../../../machines/invoice/invoice.model';
import { chatSeen } from '../../browser/sandbox-users';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import { eventKey } from '../select';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

/** the server's invoice lifetime (server/domain/crypto/config.ts INVOICE_TTL_MS): past the page's countdown */
const TTL_MS = 3_600_000;
/** the machine's poll (invoicePoll) */
const POLL_MS = 60_000;
/** the machine's countdownStartDelay */
const START_MS = 300;
const CHECK_URL = '**/api/btc/check';

/**
 * What the page's next POST /api/btc/check meets on its way (browser-level, through page.route;
 * the server is never replaced): `hold` keeps it unanswered until the path has moved past it (then
 * it is dropped, and the machine, no longer in the state that asked, ignores it); `fail` is a lost
 * connection; `before` runs first (a change on the sandbox chain) and then lets it through.
 */
type Gate = { kind: 'hold' } | { kind: 'fail' } | { kind: 'before'; run: () => Promise<void> };

interface World {
  guid: string;
  /** the invoice is paid or expired on the server */
  closed: boolean;
  /** the path has pushed updates: the event stream is open */
  stream: boolean;
  gates: Gate[];
  held: Array<() => void>;
}

const world = (ctx: PathContext) => ctx.world as unknown as World;
const check = (e: AnyEventObject | undefined) => e?.output as { status?: string; paid?: string } | undefined;

/** the key of the step after this one (undefined at the end of the path) */
function nextKey(ctx: StepContext): { key?: string; event?: AnyEventObject } {
  const next = ctx.path.steps[ctx.index + 1];
  return next ? { key: eventKey(next.event, ctx.path.steps[ctx.index].state), event: next.event } : {};
}

/** the invoice machine's latest state value the page published */
function currentValue(ctx: PathContext): string {
  for (let i = ctx.log.length - 1; i >= 0; i--) {
    const m = ctx.log[i];
    if (m.kind === '@xstate.snapshot' && m.machineId === 'invoice') return stableJson(m.value);
  }
  return '';
}

async function until(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** waits until the invoice machine published `value` at or after log index `from` */
const reached = (ctx: PathContext, value: unknown, from: number) =>
  until(
    () => ctx.log.slice(from).some((m) => m.kind === '@xstate.snapshot' && m.machineId === 'invoice' && stableJson(m.value) === stableJson(value)),
    `the invoice in ${stableJson(value)}`,
  );

/** waits until the page received a pushed update after log index `from` (the invoice machine got invoice.push) */
const pushSeen = (ctx: PathContext, from: number) =>
  until(() => ctx.log.slice(from).some((m) => m.kind === '@xstate.snapshot' && m.machineId === 'invoice' && m.event === 'invoice.push'), 'the pushed update');

/**
 * Moves the sandbox chain so that a check finds what `out` says: paid (the amount due), expired
 * (the server's expiry moved to now), waiting with a partial payment (half of what is due); on a
 * closed invoice, a payment after it closed, not confirmed yet. Returns whether anything moved
 * (then the server pushes invoice.updated).
 */
async function moveChain(ctx: PathContext, out: { status?: string; paid?: string } | undefined): Promise<boolean> {
  const w = world(ctx);
  const { page } = ctx;
  if (w.closed) {
    // a payment seen but not confirmed yet: one pushed update. (A confirmed one is a late payment:
    // recorded, then credited a moment later, two pushes, and the second one would start the check
    // again past a fault the path puts on the first.)
    await sandboxCall(page, '/api/sandbox/chain/pay', { guid: w.guid, kind: 'unconfirmed' });
    return true;
  }
  if (out?.status === 'su') await sandboxCall(page, '/api/sandbox/chain/pay', { guid: w.guid, kind: 'full' });
  else if (out?.status === 'ex') await sandboxCall(page, '/api/sandbox/chain/expire', { guid: w.guid });
  else if (out?.status === 'wt' && out.paid) await sandboxCall(page, '/api/sandbox/chain/pay', { guid: w.guid, kind: 'partial' });
  else return false;
  if (out.status === 'su' || out.status === 'ex') w.closed = true;
  return true;
}

/**
 * The check a page timer is about to start must find `outcome` (the path's next step): the check is
 * held on its way while the chain moves, and, when the event stream is open, until the page got
 * the pushed update (a check in progress ignores it), so the timer's own check is the one that
 * finds the change.
 */
function gateTimerCheck(ctx: StepContext, key: string | undefined, outcome: AnyEventObject | undefined): void {
  const w = world(ctx);
  if (key === 'checkInvoice.error') w.gates.push({ kind: 'fail' });
  else if (key === 'checkInvoice.done') {
    w.gates.push({
      kind: 'before',
      run: async () => {
        const mark = ctx.log.length;
        if ((await moveChain(ctx, check(outcome))) && w.stream) await pushSeen(ctx, mark);
      },
    });
  }
}

/** drops the checks held so far (their machine state is gone: the answer would be ignored anyway) */
function releaseHeld(ctx: PathContext): void {
  const w = world(ctx);
  for (const release of w.held.splice(0)) release();
}

/**
 * One BTC invoice at #/show/invoice/btc/{guid}, for a fresh trader: waiting, paid or expired when
 * the page opens. The page's clock is Playwright's, paused from the load on: its timers (the 300 ms
 * before the countdown, the 60 s poll, the countdown to the server's expiry) fire only when a step
 * runs the clock to them, never slept. What a check finds is made on the sandbox chain
 * (docs/sandbox.md "Crypto invoices and the sandbox chain": pay full / partial, expire now):
 * - a pushed update is a chain change the server announces (the check it starts finds that change;
 *   a payment after the invoice closed is recorded as late);
 * - a timer's check is held on its way (page.route) while the chain moves, so the poll or the
 *   deadline's own check finds the change, never a push before it; a lost connection is the
 *   check aborted in the browser;
 * - the deadline from the idle state runs as the model's clock runs it: the 60 s poll fires first
 *   and its check is still out (held) when the countdown ends; the machine then leaves it for the
 *   deadline's check;
 * - a path without a pushed update runs with the event stream cut, so only the page's own checks
 *   see the chain.
 */
export const invoiceBinding: UiBinding = {
  machine: 'invoice',
  model: invoiceModel,
  maxPaths: 16,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const input = ctx.input as { voucher?: boolean; status?: string };
    if (input.voucher) return 'a voucher invoice (the Vload page of the spec) is not issued by this product: Vload vouchers are redeemed at once (server/routes/deposits-offline.ts), so no invoice page runs in voucher mode';
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] });
    await signInByApi(page, user);
    const { guid } = await sandboxCall<{ guid: string }>(page, '/api/btc/pay', { amount: '250' });
    const w: World = {
      guid,
      closed: input.status === 'su' || input.status === 'ex',
      stream: ctx.path.steps.some((s) => s.event.type === 'invoice.push'),
      gates: [],
      held: [],
    };
    Object.assign(ctx.world, w);
    if (input.status === 'su') await sandboxCall(page, '/api/sandbox/chain/pay', { guid, kind: 'full' });
    if (input.status === 'ex') await sandboxCall(page, '/api/sandbox/chain/expire', { guid });
    if (!w.stream) await page.route('**/api/events', (route) => route.abort('internetdisconnected'));
    await page.route(CHECK_URL, async (route: Route) => {
      const gate = world(ctx).gates.shift();
      try {
        if (!gate) await route.continue();
        else if (gate.kind === 'fail') await route.abort('internetdisconnected');
        else if (gate.kind === 'before') {
          await gate.run();
          await route.continue();
        } else {
          await new Promise<void>((release) => world(ctx).held.push(release));
          await route.abort('internetdisconnected');
        }
      } catch {
        // the page closed at the end of the path with the request still out
      }
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto(`${baseURL}/en/trading#/show/invoice/btc/${guid}`);
    await page.reload();
    // the paused page gets its time in small steps until the invoice machine has started: then
    // nothing more of the 300 ms before the countdown has passed than these steps
    const end = Date.now() + 10_000;
    while (!currentValue(ctx) && Date.now() < end) {
      await page.clock.runFor(10);
      await new Promise((r) => setTimeout(r, 10));
    }
  },
  events: {
    async 'after:countdownStartDelay'({ page }) {
      await page.clock.runFor(START_MS);
    },
    async 'after:invoicePoll'(ctx) {
      const next = nextKey(ctx);
      gateTimerCheck(ctx, next.key, next.event);
      await ctx.page.clock.runFor(POLL_MS);
    },
    async 'after:untilExpiry'(ctx) {
      if (currentValue(ctx) === stableJson({ waiting: 'idle' })) {
        // the model's clock passes the 60 s poll on its way to the deadline: its check is still out then
        world(ctx).gates.push({ kind: 'hold' });
        const mark = ctx.log.length;
        await ctx.page.clock.runFor(POLL_MS);
        await reached(ctx, { waiting: 'checking' }, mark);
        await until(() => world(ctx).held.length > 0, 'the poll’s check on its way');
      }
      const next = nextKey(ctx);
      gateTimerCheck(ctx, next.key, next.event);
      const mark = ctx.log.length;
      // the countdown's timer is older than any poll timer: at the same instant it fires first and the poll is cancelled
      await ctx.page.clock.fastForward(TTL_MS);
      await reached(ctx, 'finalCheck', mark);
      releaseHeld(ctx);
    },
    async 'invoice.push'(ctx) {
      const w = world(ctx);
      const next = nextKey(ctx);
      const mark = ctx.log.length;
      // a check this push's predecessor started is still out (held): this push must find it so
      const heldBefore = w.held.length > 0;
      if (next.key === 'checkInvoice.error') w.gates.push({ kind: 'fail' });
      // the countdown ends, or the next push arrives, while this check is still out
      if (next.key === 'after:untilExpiry' || next.key === 'invoice.push') w.gates.push({ kind: 'hold' });
      const moved = next.key === 'checkInvoice.done' ? await moveChain(ctx, check(next.event)) : false;
      // a push needs a change: half of what is due (the check then still finds it waiting), or an unconfirmed payment on a closed one
      if (!moved) await moveChain(ctx, { status: 'wt', paid: 'half' });
      if (heldBefore) {
        // the machine has started its check again: the old one's answer (dropped with it) may come now
        await pushSeen(ctx, mark);
        releaseHeld(ctx);
      }
    },
    'checkInvoice.done': async () => {},
    'checkInvoice.error': async () => {},
  },
  states: {
    async 'invoice.starting'(ctx) {
      await ctx.page.getByTestId('crypto-amount').waitFor(WAIT);
      await ctx.page.locator('[data-testid="crypto-status"][data-phase="starting"]').waitFor(WAIT);
    },
    async 'invoice.waiting.idle'(ctx) {
      await ctx.page.getByTestId('crypto-countdown').waitFor(WAIT);
      await ctx.page.locator('[data-testid="crypto-status"][data-phase="waiting"]').waitFor(WAIT);
    },
    async 'invoice.waiting.checking'(ctx) {
      await ctx.page.locator('[data-testid="crypto-status"][data-phase="checking"]').waitFor(WAIT);
    },
    async 'invoice.finalCheck'(ctx) {
      await ctx.page.locator('[data-testid="crypto-status"][data-phase="checking"]').waitFor(WAIT);
    },
    async 'invoice.overdue'(ctx) {
      await ctx.page.locator('[data-testid="crypto-status"][data-phase="overdue"]').waitFor(WAIT);
    },
    async 'invoice.paid'(ctx) {
      await ctx.page.getByTestId('crypto-success').waitFor(WAIT);
    },
    async 'invoice.expired'(ctx) {
      await ctx.page.getByTestId('crypto-expired').waitFor(WAIT);
    },
  },
  reasons: {
    'invoice.paid:always:0': 'voucher mode: no invoice page of this product runs in it (Vload vouchers are redeemed at once, without an invoice)',
  },
};
