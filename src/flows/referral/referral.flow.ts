import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { REFERRAL_CHILD, referralLinkChild, referralPageMachine, referralTransferChild } from '../../../machines/referral-page/referral-page.machine';
import { referralStatsMachine } from '../../../machines/referral-stats/referral-stats.machine';
import { filterReferral, saveReferralLink, showReferral, transferReferral } from '../../api/referral';
import { sessionActor } from '../shell/app.flow';
import { useMoneyFlow } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';
import { connectReferralLink, connectReferralPage, connectReferralStats, connectReferralTransfer, lastDays } from './referral.connect';

/** a random seed for the transfers' idempotency keys (getRandomValues works on plain http too) */
function keySeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const referralFlow = (lang: string) =>
  referralPageMachine.provide({
    actors: {
      show: fromPromise(() => showReferral(lang)),
      link: referralLinkChild.provide({ actors: { save: fromPromise(({ input }) => saveReferralLink(lang, input)) } }),
      transfer: referralTransferChild.provide({
        actors: {
          transfer: fromPromise(async ({ input }) => {
            const done = await transferReferral(input);
            // the header's balance changed
            sessionActor.send({ type: 'user.update' });
            return done;
          }),
        },
      }),
      stats: referralStatsMachine.provide({ actors: { filter: fromPromise(({ input }) => filterReferral(input)) } }),
    },
  });

type PageFlow = ReturnType<typeof referralFlow>;
type LinkRef = ActorRefFrom<typeof referralLinkChild>;
type TransferRef = ActorRefFrom<typeof referralTransferChild>;
type StatsRef = ActorRefFrom<typeof referralStatsMachine>;

/** #/show/referral: the program, with the link form, the transfer and the statistics as children. */
export function useReferralPage(lang: string) {
  const [start] = useState(() => ({ keySeed: keySeed(), ...lastDays(Date.now()) }));
  const actor = useActorRef<PageFlow>(referralFlow(lang), { input: start, inspect });
  const snapshot = useSelector(actor, (s) => s);
  return {
    ...connectReferralPage(snapshot, actor.send),
    linkRef: snapshot.children[REFERRAL_CHILD.link] as LinkRef | undefined,
    transferRef: snapshot.children[REFERRAL_CHILD.transfer] as TransferRef | undefined,
    statsRef: snapshot.children[REFERRAL_CHILD.stats] as StatsRef | undefined,
  };
}

export const useReferralLink = (ref: LinkRef) => connectReferralLink(useSelector(ref, (s) => s), ref.send);
/** The commission transfer: a money flow while an amount is typed or being sent (nothing interrupts it, docs/attention.md). */
export function useReferralTransfer(ref: TransferRef) {
  const api = connectReferralTransfer(useSelector(ref, (s) => s), ref.send);
  useMoneyFlow('referral-transfer', api.sending || (api.amount.trim() !== '' && api.done === null));
  return api;
}
export const useReferralStats = (ref: StatsRef) => connectReferralStats(useSelector(ref, (s) => s), ref.send);
