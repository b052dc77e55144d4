import { fromCallback, fromPromise } from 'xstate';
import { cardFormMachine } from '../../../machines/card-form/card-form.machine';
import { cascadeMachine } from '../../../machines/cascade/cascade.machine';
import { saveCardRequest, savedCardOf } from './save-card';
import type { StoredCascade } from '../../../machines/cascade/cascade.types';
import { entropayMachine } from '../../../machines/cascade/entropay.machine';
import { isProcessor, type ProcessorReply } from '../../../core/cascade/processors';
import { fundingMachine } from '../../../machines/funding/funding.machine';
import type { CardOpening, FundingInput, FundingOptions } from '../../../machines/funding/funding.types';
import { visibleTabs } from '../../../machines/funding/tabs';
import { listenMachine } from '../../../machines/listen/listen.machine';
import type { ListenEvent } from '../../../machines/listen/listen.types';
import * as card from '../../api/card';
import type { CurrentUser, Settings } from '../../../core/contract';
import { currentAccountOf } from '../../../core/accounts';
import { onServerEvent } from '../../api/events';
import { sessionActor, showAlert, showToast } from '../shell/app.flow';

/**
 * Card funding flows: the funding page, the card form and the cascade it runs, bound to the card
 * contract (src/api/contract/card.ts). The run of this tab (tried list, current attempt, last
 * payment) lives in sessionStorage, so a reload resumes it and never repeats a processor. The
 * card number and the CVV go from the submit event straight to the save call: never to storage.
 */

const RUN_KEY = 'funding.cascade';

/** A fresh seed for the idempotency keys of one card form (each press of Deposit adds its number). */
export const newPaymentKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
const LAST_KEY = 'funding.last';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored run of this tab for this user, or null. */
export function readRun(userId: string): StoredCascade | null {
  try {
    const raw = storage()?.getItem(RUN_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { user: string; run: StoredCascade };
    return stored.user === userId && stored.run && Array.isArray(stored.run.tried) ? stored.run : null;
  } catch {
    return null;
  }
}

function writeRun(run: StoredCascade): void {
  const user = sessionActor.getSnapshot().context.user as CurrentUser | null;
  try {
    storage()?.setItem(RUN_KEY, JSON.stringify({ user: user?.userId ?? '', run }));
  } catch {
    // storage full or off: the run goes on in memory, a reload starts over with the same key
  }
}

/**
 * A processor's page came back to #/listen/funding/{proc}/{id}/{uid}: the stored run listens
 * for that attempt (with the processor's uid) when it is this payment's current one.
 */
export function resumeFromListen(userId: string, proc: string, id: string, uid: string): boolean {
  const run = readRun(userId);
  const processor = proc.toUpperCase();
  if (!run || run.payment.id !== id || !isProcessor(processor)) return false;
  const current = run.current?.processor === processor ? run.current : { processor, uid: '', deadline: 0 };
  writeRun({ ...run, current: { ...current, uid: uid && uid !== '-' ? uid : current.uid }, finished: false });
  return true;
}

/** Back to the funding page from the listen route (a hash change: the same page, no reload). */
export function goToFunding(add = ''): void {
  window.location.replace(`#/show/funding${add ? `/${add}` : ''}`);
}

/**
 * Which funding page this is: a new user, account, page parameter or risk verdict (a trader who
 * just turned Full) starts the page again with its new facts.
 */
export function fundingPageKey(user: CurrentUser, add: string, ng: string): string {
  return [user.userId, user.current_accountId, user.cardRisk && user.verification !== 'Full' ? 'risk' : 'clear', add, ng].join('/');
}

/** Deposit-page facts from the session: tabs, risk, demo, the stack. */
export function fundingInput(user: CurrentUser, settings: Settings, lang: string, add: string, ng: string, mobile: boolean): FundingInput {
  const account = currentAccountOf(user);
  return {
    add,
    ng,
    demo: user.isDemo || account?.type === 'demo',
    risk: user.cardRisk && user.verification !== 'Full',
    mobile,
    exchange: account?.type === 'exchange',
    tabs: visibleTabs({ lang, currency: user.currency, country: user.country, vloadHidden: user.affsId !== '' && settings.no_vload.includes(user.affsId) }),
    resuming: readRun(user.userId)?.finished === false,
    userId: user.userId,
    stack: { settings: settings.cascade, user: user.cascade, country: user.country, affsId: user.affsId, noVload: settings.no_vload },
  };
}

/** What a card form opens with: this tab's unfinished run (read now: a tab left mid-payment resumes), the clock, a key seed. */
export function openCard(userId: string): CardOpening {
  const now = new Date();
  const run = readRun(userId);
  return { resume: run && !run.finished ? run : null, now: now.getTime(), year: now.getFullYear(), month: now.getMonth() + 1, keySeed: newPaymentKey() };
}

const listenFlow = listenMachine.provide({
  actors: {
    checkStatus: fromPromise(async ({ input }) => {
      const answer = await card.listenCard(input.processor, { id: input.paymentId, transaction_id: input.uid, ...(input.processor === 'PFS' && { uid: input.uid }) });
      return answer.found ? { found: true as const, reply: answer.reply as ProcessorReply } : { found: false as const };
    }),
    // a pushed payment.updated makes the listen check at once (polling stays the fallback)
    paymentEvents: fromCallback<ListenEvent, { paymentId: string }>(({ sendBack, input }) =>
      onServerEvent((event) => {
        if (event.type === 'payment.updated' && event.id === input.paymentId) sendBack({ type: 'listen.push' });
      }),
    ),
  },
});

const entropayFlow = entropayMachine.provide({
  actors: {
    sendCvv: fromPromise(async ({ input }) => (await card.entroCvv(input.paymentId, input.cvv)) as ProcessorReply),
    reject: fromPromise(async ({ input }) => card.entroReject(input.paymentId)),
  },
});

export const cascadeFlow = cascadeMachine.provide({
  actors: {
    fraudCheck: fromPromise(async ({ input }) => {
      const p = input.payment;
      return card.fraudCheck({ key: p.key, amount: p.amount, fixed: p.fixed, bonus: p.bonus, card: p.card, currency: p.currency, ...(p.promo && { promo: p.promo }) });
    }),
    startProcessor: fromPromise(async ({ input }) => {
      const p = input.payment;
      const reply = await card.startProcessor(input.processor, { id: p.id, amount: p.amount, fixed: p.fixed, bonus: p.bonus });
      return { reply: reply as ProcessorReply, at: Date.now() };
    }),
    listen: listenFlow,
    entropay: entropayFlow,
  },
  actions: {
    persist: (_, run) => writeRun(run),
    storeLastPayment: (_, last) => {
      try {
        storage()?.setItem(LAST_KEY, JSON.stringify(last));
      } catch {
        // not essential
      }
    },
    broadcastUserUpdate: () => sessionActor.send({ type: 'user.update' }),
    redirectTo: (_, { url }) => window.location.assign(url),
    toast: (_, { text }) => {
      if (text) showToast(text, 'error');
    },
  },
});

export const cardFormFlow = cardFormMachine.provide({
  actors: {
    saveCard: fromPromise(async ({ input }) => {
      return savedCardOf(await card.saveCard(saveCardRequest(input)));
    }),
    cascade: cascadeFlow,
  },
  actions: {
    alert: (_, { title, text, variant }) => {
      showAlert({ title, text, variant });
    },
  },
});

export const fundingFlow = fundingMachine.provide({
  actors: {
    loadOptions: fromPromise(async (): Promise<FundingOptions> => card.getFundingOptions()),
    checkPromo: fromPromise(async ({ input }) => card.checkPromo(input.promo)),
    openCard: fromPromise(async ({ input }) => openCard(input.userId)),
    cardForm: cardFormFlow,
  },
});

export { connectCard, connectCascade, connectEntropay, connectFunding } from './funding.connect';
