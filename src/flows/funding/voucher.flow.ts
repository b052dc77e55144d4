import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { voucherMachine } from '../../../machines/voucher/voucher.machine';
import { redeemVload } from '../../api/deposits-offline';
import { selectUser, sessionActor } from '../shell/app.flow';
import { inspect } from '../shared/inspector';
import { currentLang, goTo } from '../shell/navigation';
import { connectVoucher } from './voucher.connect';

export const voucherFlow = voucherMachine.provide({
  actors: {
    redeem: fromPromise(async ({ input }) => {
      const done = await redeemVload({ amount: input.pin, fixed: false, bonus: false, test: false });
      return { amount: done.amount, currency: done.currency, voucher: done.voucher };
    }),
  },
  actions: {
    refreshUser: () => sessionActor.send({ type: 'user.update' }),
    // the voucher finish page: the funding page's payment_success alert (as the invoice machine's voucher path)
    goToVoucherFinish: () => goTo(`/${currentLang()}/trading#/show/funding/payment_success`),
  },
});

/** The Vload tab's actor, created with the session's demo flag, connected. */
export function useVoucher(lang = 'en') {
  const demo = useSelector(sessionActor, (s) => selectUser(s)?.isDemo ?? false);
  const actor = useActorRef(voucherFlow, { input: { demo }, inspect });
  return connectVoucher(useSelector(actor, (s) => s), actor.send, lang);
}
