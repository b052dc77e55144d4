import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { cardFormModel } from '../../../machines/card-form/card-form.model';
import type { TestPath } from '../../../machine-kit/types';
import { fillCard } from '../../browser/cards';
import { freshUser, signInByApi, type FreshUserOptions } from '../sandbox';
import { eventKey } from '../select';
import type { PathContext, StepContext, UiBinding } from '../types';
import { clearOutcomes } from './cash-helpers';
import { CARD, depositButton, scriptPlaces, spendDayLimit, WAIT } from './card-helpers';

/**
 * The card form's and the funding page's card events through the real page (
 * "uifunding"): a cascade run is arranged before Deposit is pressed, as a sequence of episodes,
 * each what the trader then sees: `interrupt` (the fraud check's request lost on the way: "Try
 * again" / "Cancel"), `dayLimit` (three payments made today before: the daily-limit dialog),
 * `dnh` (the first processor answers do-not-honor, scripted one-shot: the bank's dialog),
 * `listen` (it answers pending and stays so: "Waiting for the bank"), `approve`, `exhaust` (both
 * processors decline softly) and `redirect` (a soft decline, then 3-D Secure on PayConcept: the
 * bank's page). Every trader has the stack Meiko, PayConcept; our server is never replaced.
 */

export const STACK = 'MEIKO,CONCEPT';
export type Episode = 'interrupt' | 'dayLimit' | 'dnh' | 'listen' | 'approve' | 'exhaust' | 'redirect';
type Fate = 'pass' | 'network' | 'hold';

/** what a card path keeps: the fates of the page's next fraud checks and card saves, the run's episodes */
export interface CardWorld {
  fraud: Fate[];
  save: Fate[];
  /** payments created today (the fraud check counts them: the 4th answers day_limit) */
  payments: number;
  dayLimit: boolean;
  /** the episodes of the running cascade still ahead (the first is the one on screen) */
  episodes: Episode[];
  /** the running cascade was ended by a click (dialog tab/close, cancel, stop) */
  ended: boolean;
  /** the funding page moved to the tab a cascade dialog offered: the card form went with its tab */
  switched: boolean;
  /** the Bitcoin button of a cascade dialog was pressed: the page's card.tab follows by itself */
  tabAsked: boolean;
  /** held requests: each released (then aborted) once its page has gone, so no route handler stays pending */
  held: Array<() => void>;
}

export const cardWorld = (ctx: PathContext): CardWorld => {
  const w = ctx.world as unknown as Partial<CardWorld>;
  if (!w.fraud) Object.assign(w, { fraud: [], save: [], payments: 0, dayLimit: false, episodes: [], ended: false, switched: false, tabAsked: false, held: [] });
  return w as CardWorld;
};

const pathname = (url: string) => new URL(url).pathname;

/** The page's fraud checks and card saves meet the fates queued for them (page.route; a held request never answers). */
export async function installCardRoutes(ctx: PathContext): Promise<void> {
  const w = cardWorld(ctx);
  const gate = (queue: () => Fate[]) => async (route: Route) => {
    const fate = queue().shift() ?? 'pass';
    try {
      if (fate === 'network') await route.abort('internetdisconnected');
      else if (fate === 'hold') {
        await new Promise<void>((release) => w.held.push(release));
        await route.abort('internetdisconnected');
      } else await route.continue();
    } catch {
      // the page went away with the request on its way
    }
  };
  await ctx.page.route((u) => pathname(u.href) === '/api/fraud/card', gate(() => w.fraud));
  await ctx.page.route((u) => pathname(u.href) === '/api/card/save', gate(() => w.save));
}

/** A fresh trader with 0 USD and the stack Meiko, PayConcept, signed in (no page loaded yet). */
export async function cardTraderAs(ctx: PathContext, options: FreshUserOptions = {}): Promise<void> {
  const { page, baseURL } = ctx;
  const user = await freshUser(page, baseURL, { cascade: STACK, balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }], ...options });
  await signInByApi(page, user);
}

/** Dismisses the modal manager's dialogs (an alert, the risk popup): their Close, no machine event of the page. */
export async function closeModals(page: Page): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const modal = page.locator('[aria-modal="true"]');
    if ((await modal.count()) === 0) return;
    await modal.first().locator('.modal__header button').click(WAIT).catch(() => {});
    await modal.first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => {});
  }
}

const panel = (page: Page) => page.locator('.cascade');
const cascadeDialog = (page: Page) => page.getByTestId('cascade-dialog').getByRole('alertdialog');
const dayLimitDialog = (page: Page) => cascadeDialog(page).filter({ has: page.getByRole('heading', { name: 'Daily card limit' }) });
const dnhDialog = (page: Page) => cascadeDialog(page).filter({ has: page.getByRole('heading', { name: 'Your bank declined the card' }) });
export const cardForm = (page: Page) => page.locator('form.card-form');
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop waiting' });
const doneSection = (page: Page) => page.locator('.card-done');

/** what the screen shows once the episode is on it */
async function episodeShown(page: Page, ep: Episode, wait = WAIT): Promise<void> {
  if (ep === 'interrupt') await panel(page).getByRole('button', { name: 'Try again' }).waitFor(wait);
  else if (ep === 'dayLimit') await dayLimitDialog(page).waitFor(wait);
  else if (ep === 'dnh') await dnhDialog(page).waitFor(wait);
  else if (ep === 'listen') await stopButton(page).waitFor(wait);
  else if (ep === 'approve') await doneSection(page).waitFor(wait);
}

/** the processors' answers by place for the run's last episode (docs/sandbox.md "Scripted outcomes") */
const SCRIPTS: Record<Episode, Array<{ at: number; outcome: string }>> = {
  interrupt: [],
  dayLimit: [],
  dnh: [{ at: 1, outcome: 'do_not_honor' }],
  listen: [{ at: 1, outcome: 'timeout' }],
  approve: [{ at: 1, outcome: 'approved' }],
  exhaust: [{ at: 1, outcome: 'soft' }, { at: 2, outcome: 'soft' }],
  redirect: [{ at: 1, outcome: 'soft' }, { at: 2, outcome: 'secure3d' }],
};

/**
 * Arranges the run the next Deposit starts: the day limit spent when it ends in that dialog,
 * the processors' answers scripted, one fate per fraud check (lost for each interruption). With
 * `hold` the first fraud check is held on its way (the page is then reloaded: a resumed run).
 */
export async function arrangeRun(ctx: PathContext, episodes: Episode[], hold = false): Promise<void> {
  const w = cardWorld(ctx);
  const { page } = ctx;
  const last = episodes[episodes.length - 1];
  if (last === 'dayLimit' && !w.dayLimit) {
    await spendDayLimit(page);
    w.dayLimit = true;
    w.payments = 3;
  }
  if (last !== 'dayLimit' && last !== 'interrupt' && w.payments >= 3) throw new Error(`a ${last} run after the day's three payments: the fraud check answers day_limit`);
  await clearOutcomes(page);
  await scriptPlaces(page, SCRIPTS[last]);
  if (last !== 'dayLimit' && last !== 'interrupt') w.payments++;
  w.fraud.push(...(hold ? ['hold' as const] : []), ...episodes.map((e): Fate => (e === 'interrupt' ? 'network' : 'pass')));
  w.episodes = [...episodes];
  w.ended = false;
}

/** Back to the card tab when a cascade dialog's tab took the page elsewhere (a new card form). */
export async function ensureCardTab(ctx: PathContext, tab: 'Card' | 'JCB' = 'Card'): Promise<void> {
  const { page } = ctx;
  const w = cardWorld(ctx);
  const selected = page.getByRole('tab', { name: tab, exact: true, selected: true });
  if (w.switched || (await selected.count()) === 0) {
    await closeModals(page);
    await page.getByRole('tab', { name: tab, exact: true }).click(WAIT);
    w.switched = false;
  }
  await cardForm(page).waitFor(WAIT);
}

/** The card form back to editing: a finished payment's screen closed, a running one ended by its own buttons. */
export async function ensureEditing(ctx: PathContext): Promise<void> {
  const { page } = ctx;
  const w = cardWorld(ctx);
  await closeModals(page);
  if (await doneSection(page).count()) {
    await doneSection(page).getByRole('button', { name: 'Close' }).click(WAIT);
  } else if ((await cardForm(page).getAttribute('aria-busy').catch(() => null)) === 'true') {
    const ep = w.episodes[0];
    if (ep === 'interrupt') await panel(page).getByRole('button', { name: 'Cancel' }).click(WAIT);
    else if (ep === 'dayLimit' || ep === 'dnh') await cascadeDialog(page).getByRole('button', { name: 'Close' }).click(WAIT);
    else if (ep === 'listen') await stopButton(page).click(WAIT);
    w.ended = true;
  }
  await closeModals(page);
  await depositButton(page).and(page.locator(':enabled')).waitFor(WAIT);
}

/** Fills the card (a valid one unless `number` says otherwise) and the amount, then presses Deposit. */
export async function deposit(page: Page, number = CARD, amount = '250'): Promise<void> {
  const field = page.locator('input[name="amount"]');
  if ((await field.count()) && (await field.inputValue()) !== amount) await field.fill(amount);
  await fillCard(page, number);
  await depositButton(page).click(WAIT);
}

/** For a funding path: the card form brought to a running cascade showing `ep` (a new payment when it is not on screen). */
export async function driveTo(ctx: PathContext, ep: Episode): Promise<void> {
  const { page } = ctx;
  const w = cardWorld(ctx);
  if (!w.ended && w.episodes[0] === ep && (await cardForm(page).getAttribute('aria-busy').catch(() => null)) === 'true') {
    await episodeShown(page, ep);
    return;
  }
  await ensureEditing(ctx);
  await arrangeRun(ctx, [ep]);
  await deposit(page);
  await episodeShown(page, ep);
}

/** the cascade dialog's way to the Bitcoin tab (the daily-limit dialog's "Deposit by Bitcoin", the bank's dialog's Bitcoin) */
export async function pressTab(ctx: PathContext): Promise<void> {
  const { page } = ctx;
  const w = cardWorld(ctx);
  const dialog = cascadeDialog(page);
  await dialog.waitFor(WAIT);
  await dialog.getByRole('button', { name: /^(Deposit by Bitcoin|Bitcoin)$/ }).first().click(WAIT);
  Object.assign(w, { ended: true, switched: true, tabAsked: true });
}

/** The forwarded cascade events as the trader causes them, on the episode already on screen. */
export const cascadeClicks = {
  async 'dialog.why'(ctx: PathContext) {
    await dayLimitDialog(ctx.page).getByRole('button', { name: 'Why Bitcoin?' }).click(WAIT);
  },
  'dialog.tab': pressTab,
  async 'dialog.close'(ctx: PathContext) {
    await cascadeDialog(ctx.page).getByRole('button', { name: 'Close' }).click(WAIT);
    cardWorld(ctx).ended = true;
  },
  async 'payment.retry'(ctx: PathContext) {
    await panel(ctx.page).getByRole('button', { name: 'Try again' }).click(WAIT);
    const w = cardWorld(ctx);
    w.episodes.shift();
    // the next check of the run (an interruption again, or what the run ends in)
    if (w.episodes[0]) await episodeShown(ctx.page, w.episodes[0]);
  },
  async 'payment.cancel'(ctx: PathContext) {
    await panel(ctx.page).getByRole('button', { name: 'Cancel' }).click(WAIT);
    cardWorld(ctx).ended = true;
  },
  async 'listen.stop'(ctx: PathContext) {
    await stopButton(ctx.page).click(WAIT);
    cardWorld(ctx).ended = true;
  },
};

type Step = { key: string; event: AnyEventObject };

/** the steps from `from` on that the card form receives while paying (up to the cascade's end, included) */
function segmentFrom(path: TestPath, from: number): Step[] {
  const out: Step[] = [];
  for (let i = from; i < path.steps.length; i++) {
    const before = path.steps[i - 1].state;
    if (before.value !== 'paying') break;
    out.push({ key: eventKey(path.steps[i].event, before), event: path.steps[i].event });
    if (path.steps[i].state.value !== 'paying') break;
  }
  return out;
}

type Result = 'approved' | 'redirected' | 'tab' | 'cancelled' | 'explained' | 'failed';
function resultOf(e: AnyEventObject): Result {
  const o = e.output as { result: string; explained: boolean };
  if (['approved', 'redirected', 'tab', 'cancelled'].includes(o.result)) return o.result as Result;
  return o.explained ? 'explained' : 'failed';
}

/**
 * The episodes a paying segment needs, or why the page cannot give them: a retry follows an
 * interruption and starts the run's next check; Why is only in the daily-limit dialog (once: it
 * is gone once the reason shows); a dialog's tab or close, a cancel or a stop end the run.
 */
export function planSegment(seg: Step[]): Episode[] | string {
  const eps: Episode[] = [];
  let i = 0;
  const endsWith = (rest: Step[], ok: Result[]) => rest.length === 0 || (rest.length === 1 && rest[0].key === 'cascade.done' && ok.includes(resultOf(rest[0].event)));
  for (;;) {
    const s = seg[i];
    if (!s) {
      // the path ends while paying: a run that stays on screen
      eps.push('listen');
      return eps;
    }
    const rest = seg.slice(i + 1);
    switch (s.key) {
      case 'payment.retry':
        eps.push('interrupt');
        i++;
        continue;
      case 'payment.cancel':
        eps.push('interrupt');
        return endsWith(rest, ['cancelled']) ? eps : 'a cancelled run has ended: nothing more of it';
      case 'dialog.why': {
        eps.push('dayLimit');
        const after = rest[0];
        if (!after) return eps;
        if (after.key === 'dialog.why') return '"Why Bitcoin?" is gone once the reason shows';
        if (after.key === 'dialog.tab') return endsWith(rest.slice(1), ['tab']) ? eps : 'the run ended with the tab';
        if (after.key === 'dialog.close') return endsWith(rest.slice(1), ['cancelled']) ? eps : 'the daily-limit dialog closed cancels the run';
        if (after.key === 'cascade.done') return endsWith(rest, ['tab', 'cancelled']) ? eps : 'the daily-limit dialog ends only by the tab or Close';
        return `no ${after.key} in the daily-limit dialog`;
      }
      case 'dialog.tab':
        eps.push('dnh');
        return endsWith(rest, ['tab']) ? eps : 'the run ended with the tab';
      case 'dialog.close': {
        const done = rest[0] && rest[0].key === 'cascade.done' ? resultOf(rest[0].event) : undefined;
        eps.push(done === 'cancelled' ? 'dayLimit' : 'dnh');
        return endsWith(rest, ['cancelled', 'explained']) ? eps : 'a closed dialog ends the run';
      }
      case 'listen.stop':
        eps.push('listen');
        return endsWith(rest, ['failed']) ? eps : 'a stopped wait ends the run unresolved';
      case 'cascade.done': {
        const r = resultOf(s.event);
        eps.push(({ approved: 'approve', redirected: 'redirect', tab: 'dnh', cancelled: 'interrupt', explained: 'dnh', failed: 'exhaust' } as const)[r]);
        return eps;
      }
      default:
        return `no ${s.key} while paying`;
    }
  }
}

/** the paying segments of a card-form path: where each starts (the step after the save, or 1 for a resumed run) */
function segments(path: TestPath): Array<{ at: number; seg: Step[] }> {
  const out: Array<{ at: number; seg: Step[] }> = [];
  if (path.steps[0].state.value === 'paying') out.push({ at: 1, seg: segmentFrom(path, 1) });
  for (let i = 1; i < path.steps.length; i++) {
    if (eventKey(path.steps[i].event, path.steps[i - 1].state) === 'saveCard.done') out.push({ at: i + 1, seg: segmentFrom(path, i + 1) });
  }
  return out;
}

/** what the page can give for a card-form path: each paying segment's episodes, and no payment after the day's limit */
function feasible(path: TestPath): boolean {
  let limit = false;
  let payments = 0;
  for (const { seg } of segments(path)) {
    const eps = planSegment(seg);
    if (typeof eps === 'string') return false;
    const last = eps[eps.length - 1];
    if (last === 'dayLimit') limit = true;
    else if (last !== 'interrupt' && (limit || ++payments > 3)) return false;
  }
  return true;
}

const inputOf = (ctx: PathContext) => ctx.input as { demo: boolean; jcb: boolean; resume: unknown };

/** the value of the card form's latest snapshot in the page */
function lastValue(ctx: PathContext): unknown {
  for (let i = ctx.log.length - 1; i >= 0; i--) {
    const m = ctx.log[i];
    if (m.kind === '@xstate.snapshot' && m.machineId === 'cardForm') return m.value;
  }
  return undefined;
}

async function until(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** the page's funding tab of the path's form */
const formTab = (ctx: PathContext): 'Card' | 'JCB' => (inputOf(ctx).jcb ? 'JCB' : 'Card');

async function submit(ctx: StepContext): Promise<void> {
  const { page, event } = ctx;
  await ensureCardTab(ctx, formTab(ctx));
  await ensureEditing(ctx);
  const next = ctx.path.steps[ctx.index].state.value;
  if (next !== 'saving') {
    // refused by the form: the demo block, the amount under the minimum, or the card (a visa on the JCB form, a number cut short)
    const amountError = (event.payment as { amountError: unknown }).amountError;
    if (inputOf(ctx).demo || inputOf(ctx).jcb) await deposit(page, CARD, amountError ? '100' : '250');
    else if (amountError) await deposit(page, CARD, '100');
    else await deposit(page, '4000 0000 0000');
    return;
  }
  const w = cardWorld(ctx);
  const saved = ctx.path.steps[ctx.index + 1];
  if (saved && eventKey(saved.event, ctx.path.steps[ctx.index].state) === 'saveCard.error') w.save.push('network');
  else {
    const eps = planSegment(segmentFrom(ctx.path, ctx.index + 2));
    if (typeof eps === 'string') throw new Error(eps);
    await arrangeRun(ctx, eps);
  }
  await deposit(page);
}

/** the cascade's end the path wants, from what is on screen (a run already ended by a click ends by itself) */
async function cascadeDone(ctx: StepContext): Promise<void> {
  const { page } = ctx;
  const w = cardWorld(ctx);
  if (w.ended) return;
  const r = resultOf(ctx.event);
  const ep = w.episodes[0];
  if (r === 'tab') await pressTab(ctx);
  else if (r === 'cancelled') {
    if (ep === 'interrupt') await cascadeClicks['payment.cancel'](ctx);
    else await cascadeClicks['dialog.close'](ctx);
  } else if (r === 'explained') await cascadeClicks['dialog.close'](ctx);
  else if (r === 'failed' && ep === 'listen') await cascadeClicks['listen.stop'](ctx);
  else if (r === 'redirected') await page.waitForURL(/\/api\/payconcept\/secure\//, { timeout: 10_000 });
  // a failed run says why in an alert, opened just after the form is back to editing: the trader
  // sees it before typing on, and the next step's keys must not go to a dialog still opening
  if (r === 'failed') await page.locator('[aria-modal="true"]').first().waitFor({ timeout: 30_000 });
}

/**
 * The card form on the funding page's card tab (or JCB tab), for a fresh trader with the stack
 * Meiko, PayConcept and 0 USD, or the seeded demo account. What each paying segment of the path
 * needs is arranged before Deposit (see `planSegment` and `arrangeRun`); the card save's lost
 * connection is page.route; a resumed run is a reload while the run's fraud check is held on its
 * way (the tab's stored run, unfinished, resumes with the same key: the check is sent again).
 */
export const cardFormBinding: UiBinding = {
  machine: 'cardForm',
  model: cardFormModel,
  maxPaths: 24,
  feasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const input = inputOf(ctx);
    if (input.demo) {
      await signInByApi(page, { email: 'demo@brokerage.test', password: 'Demo-2026' });
    } else await cardTraderAs(ctx);
    await installCardRoutes(ctx);
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await ensureCardTab(ctx, formTab(ctx));
    if (!input.resume) return;
    // a resumed run: Deposit, then a reload while the fraud check is on its way
    const first = segments(ctx.path)[0];
    const eps = planSegment(first.seg);
    if (typeof eps === 'string') return eps;
    await arrangeRun(ctx, eps, true);
    // Deposit until the run is on its fraud check (a form the page made anew under the typing, as
    // the session's first refresh can, refuses the empty card: typed again)
    const checking = (from: number) => ctx.log.slice(from).some((m) => m.kind === '@xstate.snapshot' && m.machineId === 'cascade' && m.value === 'checking');
    let seen: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const mark = ctx.log.length;
      await deposit(page);
      const ok = await until(() => checking(mark), 'the fraud check', 10_000).then(() => true, () => false);
      if (ok) break;
      seen = ctx.log.slice(mark).filter((m) => m.kind === '@xstate.snapshot').map((m) => `${(m as { machineId: string }).machineId}:${JSON.stringify((m as { value: unknown }).value)}`);
      if (attempt === 2 || lastValue(ctx) !== 'editing') throw new Error(`no fraud check after Deposit (then: ${seen.join(' ')})`);
      await closeModals(page);
    }
    // the machine is on its check before the request is on its way: reloaded earlier, the check
    // the resumed run sends would meet the held fate instead (and never answer)
    await until(() => cardWorld(ctx).held.length > 0, 'the held fraud check', 10_000);
    const reload = ctx.log.length;
    await page.reload();
    // the held check went with its page: its handler ends (a pending one would hold up the page's next requests)
    for (const release of cardWorld(ctx).held.splice(0)) release();
    await until(() => ctx.log.slice(reload).some((m) => m.kind === '@xstate.snapshot' && m.machineId === 'cardForm' && m.value === 'paying'), 'the resumed run', 20_000);
    await episodeShown(page, eps[0], { timeout: 40_000 });
  },
  events: {
    async 'field.change'(ctx) {
      const { page, event } = ctx;
      await ensureCardTab(ctx, formTab(ctx));
      await ensureEditing(ctx);
      const field = String(event.field);
      if (field === 'name') await page.getByLabel('Name on the card').fill(`Jean Dupont ${ctx.index}`);
      else if (field === 'month') await page.getByLabel('Expiry month').selectOption(String(1 + (ctx.index % 12)).padStart(2, '0'));
      else await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 1 + (ctx.index % 5)));
    },
    async 'secret.change'(ctx) {
      await ensureCardTab(ctx, formTab(ctx));
      await ensureEditing(ctx);
      await ctx.page.getByLabel('Card number').pressSequentially('4');
    },
    'card.submit': submit,
    // the save and the run were arranged with the submit: the page answers by itself
    'saveCard.done': async () => {},
    'saveCard.error': async () => {},
    'cascade.done': cascadeDone,
    ...cascadeClicks,
    async 'result.close'({ page }) {
      await doneSection(page).getByRole('button', { name: 'Close' }).click(WAIT);
    },
  },
  states: {
    async 'cardForm.editing'(ctx) {
      const { page, expected } = ctx;
      if (cardWorld(ctx).switched) {
        // the run ended with the tab its dialog offered: the page is on Bitcoin, the form went with the card tab
        await page.getByRole('tab', { name: 'Bitcoin', selected: true }).waitFor(WAIT);
        return;
      }
      await depositButton(page).and(page.locator(':enabled')).waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await cardForm(page).getByRole('alert').first().waitFor(WAIT);
    },
    async 'cardForm.saving'({ page }) {
      await page.getByText('Saving the card…').waitFor(WAIT);
    },
    async 'cardForm.paying'({ page }) {
      await cardForm(page).and(page.locator('[aria-busy="true"]')).waitFor(WAIT);
      await panel(page).waitFor(WAIT);
    },
    async 'cardForm.approved'({ page }) {
      await page.getByRole('heading', { name: 'Deposit successful' }).waitFor(WAIT);
    },
    async 'cardForm.redirected'({ page }) {
      await page.waitForURL(/\/api\/payconcept\/secure\//, WAIT);
    },
  },
};

/** the value of the card form's latest snapshot (for the funding binding's waits) */
export const cardFormValue = lastValue;
