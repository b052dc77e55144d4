import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { Currency } from '../../../core/contract';
import { METHOD_FLOW, isMethod, type MethodId } from '../../../core/methods';
import { methodDepositMachine } from '../../../machines/method-deposit/method-deposit.machine';
import type { MethodDepositEvent, StartOutput } from '../../../machines/method-deposit/method-deposit.types';
import { depositAmount, pagePayment } from '../../../machines/funding/payment';
import { onServerEvent } from '../../api/events';
import { getMethodDeposit, isFastMethod, isReportMethod, startFast, startNeteller, startReport } from '../../api/methods';
import { selectUser, sessionActor } from '../shell/app.flow';
import type { FundingActor } from './funding.hooks';
import { inspect } from '../shared/inspector';
import { connectMethodDeposit } from './method-deposit.connect';
import { currentLang, goTo } from '../shell/navigation';

/** The method deposit machine bound to the wallet calls, the deposit status and the pushed method.updated. */
export const methodDepositFlow = methodDepositMachine.provide({
  actors: {
    start: fromPromise(async ({ input }): Promise<StartOutput> => {
      const method = input.method as MethodId;
      const lang = currentLang();
      // the funding page's amount line: its amount, the bonus (opted in, not fixed) and the checked promo code
      const common = { amount: input.amount, currency: Currency.parse(input.currency), bonus: input.bonus, ...(input.promo !== '' && { promo: input.promo }), lang };
      const answer = await (method === 'neteller'
        ? startNeteller({ ...common, net_account: (input.account ?? '').trim(), secure_id: (input.secureId ?? '').trim(), is_fixed: false })
        : isFastMethod(method)
          ? startFast(method, { ...common, fixed: false })
          : isReportMethod(method)
            ? startReport(method, { ...common, fixed: false })
            : Promise.reject(new Error(`unknown method ${method}`)));
      return { id: answer.id, status: answer.status, ...(answer.redirect_url !== undefined && { redirectUrl: answer.redirect_url }) };
    }),
    checkDeposit: fromPromise(async ({ input }) => ({ status: (await getMethodDeposit(input.id)).status })),
    methodEvents: fromCallback<MethodDepositEvent, { id: string }>(({ sendBack, input }) =>
      onServerEvent((event) => {
        if (event.type === 'method.updated' && event.id === input.id) sendBack({ type: 'method.push' });
      }),
    ),
  },
  actions: {
    goToProvider: (_, params) => goTo(params.url),
    userChanged: () => sessionActor.send({ type: 'user.update' }),
  },
});

/** A wallet tab's deposit inside the funding page: the page's minimum, currency and amount, the session's demo flag. */
export function useMethodDeposit(tab: string, funding: FundingActor) {
  const method = isMethod(tab) ? tab : 'neteller';
  const demo = useSelector(sessionActor, (s) => selectUser(s)?.isDemo ?? false);
  const options = useSelector(funding, (s) => s.context.options);
  const amount = useSelector(funding, (s) => depositAmount(s.context));
  const actor = useActorRef(methodDepositFlow, {
    input: { method, flow: METHOD_FLOW[method], demo, minDeposit: options?.minDeposit ?? '0', currency: options?.currency ?? '', amount },
    inspect,
  });
  const snapshot = useSelector(actor, (s) => s);
  // Deposit pays what the page's amount line says at that moment (read at the press, not kept)
  return connectMethodDeposit(snapshot, actor.send, () => pagePayment(funding.getSnapshot().context));
}

/** Back from a provider's page (#/listen/funding/{method}/{id}/{ref}): the deposit's status until paid or failed. */
export function useMethodReturn(method: string, depositId: string) {
  const known = isMethod(method) ? method : 'skrill';
  const actor = useActorRef(methodDepositFlow, {
    input: { method: known, flow: METHOD_FLOW[known], demo: false, minDeposit: '0', currency: '', amount: '', depositId },
    inspect,
  });
  const snapshot = useSelector(actor, (s) => s);
  return { ...connectMethodDeposit(snapshot, actor.send), onBack: () => goTo(`/${currentLang()}/trading#/show/funding`) };
}
