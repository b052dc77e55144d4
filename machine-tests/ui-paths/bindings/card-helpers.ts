import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { classify } from '../../../core/cascade/classify';
import type { ProcessorReply } from '../../../core/cascade/processors';
import { CARD_START_URL } from '../../../core/contract/card';
import type { TestPath } from '../../../machine-kit/types';
import { fillCard } from '../../browser/cards';
import { chatSeen } from '../../browser/sandbox-users';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import { scriptOutcomes } from './cash-helpers';
import type { PathContext } from '../types';

/**
 * Helpers of the card bindings (funding, cardForm, cascade, listen; "uicard"): a fresh
 * trader with the processor stack a path needs, the funding page on Playwright's clock, the
 * processors' answers scripted one-shot by place in the cascade (docs/sandbox.md "Scripted
 * outcomes"); the page's own requests failed, refused or held on the way are cash-helpers' fateRequests (page.route: our
 * server is never replaced).
 */

export { WAIT } from './wait';
/** the test card every path types: approved unless a scripted step says otherwise */
export const CARD = '4000 0000 0000 0010';

const START_PATHS = new Set(Object.values(CARD_START_URL));
export const isStartUrl = (url: string): boolean => START_PATHS.has(new URL(url).pathname);

/** The processor reply's outcome as the sandbox scripts it (docs/sandbox.md "Scripted outcomes"). */
export type Kind = 'approved' | 'pending' | 'redirect' | 'soft' | 'hard' | 'dnh' | 'entropay' | 'entropayCvv' | 'passed' | 'token';

export function kindOf(reply: unknown): Kind {
  const r = reply as ProcessorReply;
  const o = classify(r, { fixed: false });
  switch (o.kind) {
    case 'approved':
      return 'approved';
    case 'pending':
      return 'pending';
    case 'redirect':
      return 'redirect';
    case 'entropayStart':
      return 'entropay';
    case 'entropayCvv':
      return 'entropayCvv';
    case 'doNotHonor':
      return 'dnh';
    case 'passed':
      return 'passed';
    case 'declined':
      return o.stop ? 'hard' : (o.skip?.length ? 'token' : 'soft');
  }
}

/** processors able to answer each kind, in order of preference (server/sandbox/processors/sandbox-gateway.ts) */
const CAN: Record<Kind, string[]> = {
  approved: ['MEIKO', 'ORANGE', 'ZOOM', 'PFS', 'CONCEPT'],
  pending: ['MEIKO', 'ORANGE', 'ZOOM'],
  soft: ['MEIKO', 'ORANGE', 'ZOOM', 'PFS', 'CONCEPT'],
  hard: ['MEIKO', 'ORANGE', 'ZOOM', 'PFS', 'CONCEPT'],
  dnh: ['MEIKO', 'ORANGE', 'ZOOM', 'PFS', 'CONCEPT'],
  redirect: ['CONCEPT', 'EZPAY', 'PFS'],
  entropay: ['ENTROPAY'],
  entropayCvv: ['ENTROPAY'],
  passed: ['FRAUD'],
  token: ['ZOOM'],
};
const OUTCOME: Record<Kind, string> = {
  approved: 'approved', pending: 'pending', soft: 'soft', hard: 'hard', dnh: 'do_not_honor', redirect: 'secure3d', entropay: 'approved', entropayCvv: 'entropay_cvv', passed: 'approved', token: 'token_error',
};

/** A processor for the kind not used yet in the stack, or null. */
export function pick(kind: Kind, used: string[], notDelayed: boolean): string | null {
  if (!notDelayed) return ['approved', 'pending', 'soft', 'hard', 'dnh'].includes(kind) && !used.includes('ORANGE_NOT3D') ? 'ORANGE_NOT3D' : null;
  return CAN[kind].find((p) => !used.includes(p)) ?? null;
}

export const outcomeOf = (kind: Kind): string => OUTCOME[kind];

/** the outcome of an actor's event (its output or error), when the event is one */
export const output = (e: AnyEventObject | undefined) => (e as { output?: unknown } | undefined)?.output;
export const isDone = (e: AnyEventObject | undefined) => !!e && e.type.startsWith('xstate.done.actor');
export const isError = (e: AnyEventObject | undefined) => !!e && e.type.startsWith('xstate.error.actor');

/** A fresh trader with 0 USD and this processor stack, signed in; the page's timers on Playwright's clock from then on. */
export async function cardTrader(ctx: PathContext, stack: string): Promise<{ email: string; password: string }> {
  const { page, baseURL } = ctx;
  await chatSeen(ctx.context);
  const user = await freshUser(page, baseURL, { cascade: stack, balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  // signed in without the login page: the path's first load is the page its flow starts on
  await signInByApi(page, user);
  return user;
}

/** The funding page's card tab, with the page's clock under Playwright's control (installed before the load). */
export async function openFunding(ctx: PathContext, hash = '#/show/funding'): Promise<void> {
  const { page, baseURL } = ctx;
  await page.clock.install();
  // a page already on the trading page would only change its hash: load it again
  const there = page.url().startsWith(`${baseURL}/en/trading`);
  await page.goto(`${baseURL}/en/trading${hash}`);
  if (there) await page.reload();
}

export const cardHeading = (page: Page) => page.getByRole('heading', { name: 'Pay by card' });
export const depositButton = (page: Page) => page.getByRole('button', { name: /^Deposit / });

export async function fillAndDeposit(page: Page, number = CARD): Promise<void> {
  await cardHeading(page).waitFor({ timeout: 40_000 });
  await fillCard(page, number);
  await depositButton(page).click();
}

/** Queues the processors' answers by place in the cascade (1 = the first processor tried). */
export async function scriptPlaces(page: Page, outcomes: Array<{ at: number; outcome: string }>): Promise<void> {
  if (outcomes.length) await scriptOutcomes(page, { card: outcomes });
}

/** Payments made today through the API (fraud checks of a saved card) until the server's daily limit answers day_limit: the next fraud check answers it too. */
export async function spendDayLimit(page: Page): Promise<void> {
  const year = String(new Date().getFullYear() + 2);
  const saved = await sandboxCall<{ card: string }>(page, '/api/card/save', { cnu: CARD.replace(/ /g, ''), emm: '12', eyy: year, fn: 'Jean', ln: 'Dupont', cu: 'MT', cur: 'USD', card_type: 'all', cvv: '123' });
  // as many as the server's limit (DAILY_CARD_LIMIT), whatever it is; a bound in case it never answers day_limit
  for (let i = 0; i < 100; i++) {
    const answer = await sandboxCall<{ day_limit?: boolean }>(page, '/api/fraud/card', { key: `day-limit-${i}-${Date.now()}`, amount: '250', fixed: false, bonus: false, card: saved.card, currency: 'USD' });
    if (answer.day_limit) return;
  }
  throw new Error('the fraud check never answered day_limit');
}

/** the kinds of the path's processor starts, in order, from the events */
export function startsOf(path: TestPath): AnyEventObject[] {
  return path.steps.map((s) => s.event).filter((e) => e.type.includes('.starting') || e.type.endsWith('startProcessor'));
}
