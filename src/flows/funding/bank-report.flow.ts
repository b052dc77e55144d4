import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { bankReportMachine, receiptItemChild, RECEIPT_ID } from '../../../machines/bank-report/bank-report.machine';
import { loadBankDeposit, loadOpenBank, receiptUrl, reportBank } from '../../api/deposits-offline';
import { onServerEvent } from '../../api/events';
import { uploadCallback } from '../shared/upload';
import { nextId, selectSettings, selectUser, sessionActor } from '../shell/app.flow';
import { pagePayment } from '../../../machines/funding/payment';
import { connectBankReport } from './bank-report.connect';
import type { FundingActor } from './funding.hooks';
import { inspect } from '../shared/inspector';

const refreshUser = () => sessionActor.send({ type: 'user.update' });

/** The receipt's upload (POST /api/report/bank/{id}/receipt, the verification area's uploader): progress, then done or failed. */
const uploadReceipt = uploadCallback((input) => receiptUrl(input.target));

export const receiptItemFlow = receiptItemChild.provide({
  actors: { upload: uploadReceipt },
  actions: { logout: () => sessionActor.send({ type: 'session.logout' }) },
});

export const bankReportFlow = bankReportMachine.provide({
  actors: {
    loadOpen: fromPromise(async ({ input }) => (await loadOpenBank(input.method)).deposits),
    // the funding page's amount line: its amount, the bonus (opted in, not fixed) and the checked promo code
    report: fromPromise(async ({ input }) =>
      (await reportBank(input.method, { amount: input.amount, currency: input.currency, random: input.random, bonus: input.bonus, fixed: false, ...(input.promo !== '' && { promo: input.promo }) })).deposit,
    ),
    loadDeposit: fromPromise(({ input }) => loadBankDeposit(input.id)),
    receiptItem: receiptItemFlow,
  },
  actions: { refreshUser },
});

export type ReceiptItemRef = ActorRefFrom<typeof receiptItemFlow>;

/**
 * The bank or fiat tab: the report of what the funding page's amount line pays (its minimum and
 * currency, the trader's own), and the pending transfer, following the server's bank.updated pushes.
 */
export function useBankReport(method: 'bank' | 'fiat', funding: FundingActor, lang = 'en') {
  const user = useSelector(sessionActor, selectUser);
  const settings = useSelector(sessionActor, selectSettings);
  const options = useSelector(funding, (s) => s.context.options);
  const keySeed = useMemo(() => nextId(`bank-${method}`).replace(/[^A-Za-z0-9_-]/g, ''), [method]);
  const actor = useActorRef(bankReportFlow, {
    input: { method, currency: options?.currency ?? user?.currency ?? 'USD', minDeposit: options?.minDeposit ?? settings?.minDeposit ?? '250', keySeed },
    inspect,
  });
  const snapshot = useSelector(actor, (s) => s);
  useEffect(
    () =>
      onServerEvent((event) => {
        if (event.type === 'bank.updated' && event.id && event.status) actor.send({ type: 'bank.updated', id: event.id, status: event.status });
      }),
    [actor],
  );
  // Report pays what the page's amount line says at that moment (read at the press, not kept)
  return { ...connectBankReport(snapshot, actor.send, () => pagePayment(funding.getSnapshot().context), lang), receipt: snapshot.children[RECEIPT_ID] as ReceiptItemRef | undefined };
}
