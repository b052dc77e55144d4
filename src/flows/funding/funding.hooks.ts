import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { askConfirm, selectSettings, selectUser, sessionActor, showAlert } from '../shell/app.flow';
import { fundingFlow, fundingInput, goToFunding, resumeFromListen } from './funding.flow';
import { cardFormOf, connectCard, connectFunding, type FundingPopup } from './funding.connect';
import { msg } from '../../../core/message';
import { useMoneyFlow } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';

/** A dialog of the funding page through the modal manager: an alert, or a question whose Yes goes where it offers. */
export function showFundingPopup(popup: FundingPopup): void {
  const { action, ...request } = popup;
  if (!action) {
    showAlert(request);
    return;
  }
  void askConfirm({ ...request, yes: action.label, no: msg('common.close') }).then((yes) => {
    if (yes) window.location.hash = action.href;
  });
}

export type FundingActor = ActorRefFrom<typeof fundingFlow>;

const isPhone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 640px)').matches;

/**
 * The funding page's actor, created once with the session's facts (tabs, risk, demo, the card
 * stack), and its connect(). The view mounts it with a key per user and account.
 */
export function useFunding(page: { add: string; ng: string; lang: string }) {
  const user = useSelector(sessionActor, selectUser);
  const settings = useSelector(sessionActor, selectSettings);
  if (!user || !settings) throw new Error('useFunding needs a signed-in session');
  const input = useMemo(() => fundingInput(user, settings, page.lang, page.add, page.ng, isPhone()), []); // eslint-disable-line react-hooks/exhaustive-deps
  const actor = useActorRef(fundingFlow, { input, inspect });
  const snapshot = useSelector(actor, (s) => s);
  return { actor, ...connectFunding(snapshot, actor.send, page.lang) };
}

/** The card form the funding page invoked, connected (null while the page opens it). */
export function useCardForm(funding: FundingActor, lang = 'en') {
  const card = useSelector(funding, cardFormOf);
  const snapshot = useSelector(card, (s) => s);
  // a money flow: while the card form is on screen (typed in, submitted, its cascade running) nothing interrupts it
  useMoneyFlow('card', snapshot != null);
  return snapshot ? connectCard(snapshot, funding.send, lang) : null;
}

/**
 * The daily card limit the server enforces, as it reported it with the options (GET
 * /api/card/options `dailyLimit`), for the texts that name it; null outside a funding page or
 * before the options came.
 */
export function useDailyCardLimit(funding: FundingActor | null): number | null {
  return useSelector(funding ?? undefined, (s) => s?.context.options?.dailyLimit ?? null) ?? null;
}

/** The funding page's connect() for a tab view inside it (the card form shows the deposit amount). */
export function useFundingView(funding: FundingActor, lang = 'en') {
  const snapshot = useSelector(funding, (s) => s);
  return connectFunding(snapshot, funding.send, lang);
}

/**
 * #/listen/funding/{proc}/{id}/{uid}: once the session knows the user, the stored run takes the
 * processor's answer and the funding page resumes it (else the "in progress" alert).
 */
export function useListenFunding(proc: string, id: string, uid: string): void {
  const user = useSelector(sessionActor, selectUser);
  useEffect(() => {
    if (!user) return;
    const resumed = resumeFromListen(user.userId, proc, id, uid);
    goToFunding(resumed ? '' : 'payment_process');
  }, [user, proc, id, uid]);
}
