import type { Page, Route } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { fundingModel } from '../../../machines/funding/funding.model';
import { hasAmountLine } from '../../../machines/funding/tabs';
import type { TestPath } from '../../../machine-kit/types';
import { failNextRequest } from '../sandbox';
import { eventKey } from '../select';
import type { PathContext, StepContext, UiBinding } from '../types';
import { cardForm, cardTraderAs, cardWorld, cascadeClicks, closeModals, driveTo, ensureEditing, installCardRoutes, pressTab } from './card-form';
import { depositButton, WAIT } from './card-helpers';

const OPTIONS_URL = '**/api/card/options';
/** a code the sandbox seeds (docs/sandbox.md "Promo codes"): +1 %, usable once per trader (checking does not use it) */
const GOOD_CODE = 'SANDBOX1';
/** no such code: the server refuses it (400) */
const BAD_CODE = 'WELCOME';

type Ready = { amount: string; dialog: string; promo: string; card: string };
const readyOf = (s: AnyMachineSnapshot): Ready | undefined => (typeof s.value === 'object' && s.value !== null ? (s.value as { ready?: Ready }).ready : undefined);
const ctxOf = (s: AnyMachineSnapshot) => s.context as { tab: string; fixed: boolean };

const CARD_EVENTS = new Set(['card.submit', 'card.tab', 'field.change', 'secret.change', 'result.close', 'dialog.why', 'dialog.tab', 'dialog.close', 'payment.retry', 'payment.cancel', 'listen.stop']);
const LINE_EVENTS = new Set(['amount.change', 'amount.step', 'bonus.toggle', 'promo.change', 'promo.apply']);

/**
 * What the page can do in the order a path asks (a string says why not):
 * - the card form opens within the task that chose its tab (its opening reads browser storage and
 *   resolves at once): nothing a person does comes between;
 * - the add alert and the risk popup are handed to the modal manager as soon as they are shown,
 *   which closes the page's dialog state at once (the popup stays on screen until its Close);
 * - the promo link's amount line scrolls into view once, as the page first renders (after the
 *   card form opened), never later;
 * - the amount line (amount, steps, bonus, promo code) is shown on the card and amount tabs only,
 *   its amount not in fixed mode (US, CA), its bonus box not in fixed mode; Apply is disabled while
 *   a code is checked; the card events need the card form; there is no tab "nope";
 * - a cascade dialog's tab ends the run with that tab: the page's card.tab follows;
 * - after the daily-limit dialog, no card payment of that day waits for the bank or is approved.
 */
export function infeasibility(path: TestPath): string | undefined {
  let dayLimit = false;
  for (let i = 1; i < path.steps.length; i++) {
    const before = path.steps[i - 1].state;
    const e = path.steps[i].event;
    const key = eventKey(e, before);
    const r = readyOf(before);
    if (r?.card === 'opening' && key !== 'openCard.done') return `${key} while the card form opens`;
    if (r && (r.dialog === 'alert' || r.dialog === 'risk') && r.card !== 'opening' && key !== 'alert.close') return `${key} while the page hands its popup over`;
    if (key === 'amount.scrolled') {
      // the promo link's amount line scrolls into view as it first renders: right after the card form opened
      const prev = eventKey(path.steps[i - 1].event, i > 1 ? path.steps[i - 2].state : before);
      if ((path.input as { add: string }).add !== 'promo' || i !== 3 || prev !== 'openCard.done') return 'the amount line scrolls into view once, as the promo link’s page first renders';
    }
    if (key === 'tab.select' && !['card', 'jcb', 'bitcoin', 'neteller'].includes(String(e.tab))) return `no tab ${String(e.tab)}`;
    if (LINE_EVENTS.has(key)) {
      const c = ctxOf(before);
      if (!hasAmountLine(c.tab)) return `${key} on the ${c.tab} tab (no amount line)`;
      if ((key === 'amount.change' || key === 'amount.step') && r?.amount === 'locked') return `${key} on a fixed amount`;
      if (key === 'bonus.toggle' && c.fixed) return 'no bonus box in fixed mode';
      if (key === 'promo.apply' && r?.promo === 'checking') return 'Apply is disabled while the code is checked';
    }
    if (CARD_EVENTS.has(key) && r?.card !== 'open') return `${key} without a card form`;
    if (key === 'dialog.tab') {
      const next = path.steps[i + 1];
      if (next && eventKey(next.event, path.steps[i].state) !== 'card.tab') return 'the dialog’s tab is followed by the page’s card.tab';
    }
    if (key === 'dialog.why') dayLimit = true;
    if (dayLimit && (key === 'listen.stop' || key === 'result.close')) return 'no payment after the daily limit';
  }
  return undefined;
}

interface PromoWorld {
  held: Array<{ route: Route; release: (how: 'pass' | 'network') => void }>;
}
const promoWorld = (ctx: PathContext) => ctx.world as unknown as PromoWorld;

/** the code to type: empty as the event's value, else one whose check gives the path's next outcome */
function codeFor(ctx: PathContext, value: string): string {
  if (value.trim() === '') return value;
  const next = ctx.upcoming('checkPromo.done', 'checkPromo.error');
  return next?.type.startsWith('xstate.done') ? GOOD_CODE : BAD_CODE;
}

const amountLine = (page: Page) => page.locator('.fund-amount');
const promoInput = (page: Page) => page.getByLabel('Promo code');
const tabButton = (page: Page, tab: string) => page.locator(`#fund-tab-${tab}`);

/** every promo check the page sends waits on its way until the path's outcome step lets it go (or loses it) */
async function holdPromoChecks(ctx: PathContext): Promise<void> {
  const w = promoWorld(ctx);
  w.held = [];
  await ctx.page.route((u) => new URL(u.href).pathname === '/api/promo', async (route) => {
    const how = await new Promise<'pass' | 'network'>((release) => w.held.push({ route, release }));
    try {
      if (how === 'network') await route.abort('internetdisconnected');
      else await route.continue();
    } catch {
      // the page went away
    }
  });
}

async function releasePromo(ctx: StepContext): Promise<void> {
  const w = promoWorld(ctx);
  const end = Date.now() + 5_000;
  while (w.held.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  const held = w.held.splice(0);
  if (!held.length) throw new Error('no promo check on its way');
  // older checks belong to states the page left: dropped
  for (const h of held.slice(0, -1)) h.release('network');
  const error = ctx.event.error as { kind?: string } | undefined;
  held[held.length - 1].release(error?.kind === 'network' ? 'network' : 'pass');
}

const options = (e: AnyEventObject | undefined) => e?.output as { fixedAmount: string | null } | undefined;

/**
 * The funding page (#/show/funding[/{add}[/{ng}]]) of a fresh trader: from Germany, or the US
 * when the path's options have the fixed amount; card-risk flagged and unverified for the risk
 * input; the exchange account chosen for the exchange input. The options' lost connection is
 * page.route; promo checks are held on their way until the path's outcome (a seeded code or an
 * unknown one, docs/sandbox.md "Promo codes"); the card events are the card form's own (see
 * card-form.ts: a run arranged before Deposit for the dialog, retry, stop and close buttons).
 */
export const fundingBinding: UiBinding = {
  machine: 'funding',
  // the same model one event deeper: the page opens the card form within the task that chose its
  // tab, so a path on a card tab spends one event on openCard.done before anything else happens
  model: { ...fundingModel, maxDepth: 5 },
  maxPaths: 30,
  feasible: (path) => infeasibility(path) === undefined,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const input = ctx.input as { add: string; ng: string; risk: boolean; exchange: boolean };
    const loaded = ctx.upcoming('loadOptions.done');
    const fixed = !!options(loaded)?.fixedAmount;
    await cardTraderAs(ctx, {
      ...(fixed && { country: 'US' }),
      ...(input.risk && { card_risk: true, verification: 'None' as const }),
      ...(input.exchange && { balances: [{ currency: 'USD', type: 'trading' as const, amount: '0.00' }, { currency: 'USD', type: 'exchange' as const, amount: '0.00' }] }),
    });
    if (input.exchange) {
      await page.goto(`${baseURL}/en/trading#/show/accounts`);
      await page.getByRole('button', { name: 'Use the exchange account' }).click(WAIT);
      await page.getByRole('button', { name: /^(Use the exchange account|Switching…)$/ }).waitFor({ state: 'detached', timeout: 5_000 });
    }
    await installCardRoutes(ctx);
    await holdPromoChecks(ctx);
    const first = ctx.upcoming('loadOptions.done', 'loadOptions.error');
    if (first?.type.startsWith('xstate.error')) await failNextRequest(page, OPTIONS_URL);
    const hash = input.add === 'promo' ? `promo/${codeFor(ctx, input.ng)}` : input.add;
    await page.goto(`${baseURL}/en/trading#/show/funding${hash ? `/${hash}` : ''}`);
  },
  events: {
    // the page's own answers, arranged in start / by the step that asked
    'loadOptions.done': async () => {},
    'loadOptions.error': async () => {},
    'openCard.done': async () => {},
    // the promo link brings the amount line into view by itself
    'amount.scrolled': async () => {},
    async 'options.retry'(ctx) {
      const next = ctx.upcoming('loadOptions.done', 'loadOptions.error');
      if (next?.type.startsWith('xstate.error')) await failNextRequest(ctx.page, OPTIONS_URL);
      await ctx.page.getByRole('alert').getByRole('button', { name: 'Try again' }).click(WAIT);
    },
    async 'tab.select'({ page, event }) {
      await closeModals(page);
      await tabButton(page, String(event.tab)).click(WAIT);
    },
    // the page hands the popup to the modal manager and closes its dialog state at once: the trader closes the popup
    async 'alert.close'({ page }) {
      await page.locator('[aria-modal="true"]').first().waitFor(WAIT);
      await closeModals(page);
    },
    async 'amount.change'({ page }) {
      await amountLine(page).locator('input[name="amount"]').fill('1000');
    },
    async 'amount.step'({ page }) {
      await amountLine(page).getByRole('group').getByRole('button').nth(2).click(WAIT);
    },
    async 'bonus.toggle'({ page }) {
      await page.getByLabel('Add the deposit bonus').click(WAIT);
    },
    async 'promo.change'(ctx) {
      const input = promoInput(ctx.page);
      let code = codeFor(ctx, String(ctx.event.value));
      // a change is a different text: the other seeded code, or another unknown one
      if (code !== '' && code === (await input.inputValue())) code = code === GOOD_CODE ? 'SANDBOX2' : `${BAD_CODE}${ctx.index}`;
      // an empty field emptied again: a letter typed and taken back (two changes, the same state)
      if (code === '' && (await input.inputValue()) === '') await input.fill('x');
      await input.fill(code);
    },
    async 'promo.apply'({ page }) {
      await amountLine(page).getByRole('button', { name: 'Apply' }).click(WAIT);
    },
    'checkPromo.done': releasePromo,
    'checkPromo.error': releasePromo,
    async 'card.submit'(ctx) {
      // Deposit on the form as it is (an empty card: the form refuses it, nothing is paid)
      await ensureEditing(ctx);
      await depositButton(ctx.page).click(WAIT);
    },
    async 'field.change'(ctx) {
      await ensureEditing(ctx);
      await ctx.page.getByLabel('Name on the card').fill(`Jean Dupont ${ctx.index}`);
    },
    async 'secret.change'(ctx) {
      await ensureEditing(ctx);
      await ctx.page.getByLabel('Card number').pressSequentially('4');
    },
    async 'result.close'(ctx) {
      await driveTo(ctx, 'approve');
      await ctx.page.locator('.card-done').getByRole('button', { name: 'Close' }).click(WAIT);
    },
    async 'dialog.why'(ctx) {
      await driveTo(ctx, 'dayLimit');
      await cascadeClicks['dialog.why'](ctx);
    },
    async 'dialog.tab'(ctx) {
      await driveTo(ctx, cardWorld(ctx).dayLimit ? 'dayLimit' : 'dnh');
      await pressTab(ctx);
    },
    async 'card.tab'(ctx) {
      const w = cardWorld(ctx);
      if (w.tabAsked) {
        w.tabAsked = false;
        return;
      }
      await driveTo(ctx, w.dayLimit ? 'dayLimit' : 'dnh');
      await pressTab(ctx);
      w.tabAsked = false;
    },
    async 'dialog.close'(ctx) {
      await driveTo(ctx, cardWorld(ctx).dayLimit ? 'dayLimit' : 'dnh');
      await cascadeClicks['dialog.close'](ctx);
    },
    async 'payment.retry'(ctx) {
      await driveTo(ctx, 'interrupt');
      // the retried check reaches the server: the payment goes on (approved)
      await panelRetry(ctx);
    },
    async 'payment.cancel'(ctx) {
      await driveTo(ctx, 'interrupt');
      await cascadeClicks['payment.cancel'](ctx);
    },
    async 'listen.stop'(ctx) {
      await driveTo(ctx, 'listen');
      await cascadeClicks['listen.stop'](ctx);
    },
  },
  states: {
    async 'funding.loading'({ page }) {
      await page.getByRole('tablist').waitFor(WAIT);
    },
    async 'funding.loadFailed'({ page }) {
      await page.getByText('The deposit options could not be loaded.').waitFor(WAIT);
      await page.getByRole('alert').getByRole('button', { name: 'Try again' }).waitFor(WAIT);
    },
    async 'funding.ready'({ page, expected }) {
      await page.locator(`#fund-tab-${ctxOf(expected).tab}[aria-selected="true"]`).waitFor(WAIT);
    },
    async 'funding.ready.amount.locked'({ page }) {
      await page.getByText(/^The deposit amount for your country is fixed at/).waitFor(WAIT);
    },
    async 'funding.ready.amount.editable'({ page, expected }) {
      if (hasAmountLine(ctxOf(expected).tab)) await amountLine(page).locator('input[name="amount"]').waitFor(WAIT);
    },
    async 'funding.ready.dialog.alert'({ page }) {
      await page.getByRole('dialog', { name: 'Payment successful' }).waitFor(WAIT);
    },
    async 'funding.ready.dialog.risk'({ page }) {
      await page.getByRole('dialog', { name: 'Card deposits' }).waitFor(WAIT);
    },
    async 'funding.ready.promo.checking'({ page, expected }) {
      if (!hasAmountLine(ctxOf(expected).tab)) return;
      await page.getByText('Checking the code…').waitFor(WAIT);
      await amountLine(page).getByRole('button', { name: 'Apply' }).and(page.locator(':disabled')).waitFor(WAIT);
    },
    async 'funding.ready.promo.idle'({ page, expected }) {
      if (!hasAmountLine(ctxOf(expected).tab)) return;
      await amountLine(page).getByRole('button', { name: 'Apply' }).and(page.locator(':enabled')).waitFor(WAIT);
      if ((expected.context as { promoError: unknown }).promoError) await amountLine(page).getByRole('alert').waitFor(WAIT);
    },
    async 'funding.ready.card.open'({ page }) {
      await page.getByRole('heading', { name: /^Pay by (JCB )?card$/ }).waitFor(WAIT);
      await cardForm(page).waitFor(WAIT);
    },
    async 'funding.ready.card.closed'({ page }) {
      await page.getByRole('heading', { name: /^Pay by (JCB )?card$/ }).waitFor({ state: 'detached', ...WAIT });
    },
  },
  reasons: {
    'funding.ready.card.opening:always:0':
      'the tab changing while the card form opens: opening reads the tab’s stored run from browser storage and resolves within the same task as the tab’s choice (a promise settled in microtasks), so no click, key or page event can come between',
  },
};

async function panelRetry(ctx: StepContext): Promise<void> {
  const w = cardWorld(ctx);
  // after the retry the run goes on to an approval (a new payment of the day)
  w.episodes = ['interrupt', 'approve'];
  w.payments++;
  await cascadeClicks['payment.retry'](ctx);
}
