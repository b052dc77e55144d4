import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { invoiceMachine } from './invoice.machine';
import type { InvoiceCheck, InvoiceException } from './invoice.types';

const start = { coin: 'dash', guid: 'g-1', now: 1_700_000_000_000, expiresAt: 1_700_003_600_000 };

const late = (status: InvoiceException['status']): InvoiceException => ({
  id: 'x-1',
  kind: 'late',
  status,
  amount: '8.99280576',
  asset: 'DASH',
  invoiceRate: '27.80',
  arrivalRate: '27.80',
  rateCurrency: 'USD',
  credit: status === 'credited' ? '250.00' : '',
  creditCurrency: 'USD',
  autoCreditAt: null,
  chooseUntil: null,
  mayClaim: false,
  mayCredit: false,
  refundAddress: '',
  refundTxid: '',
  refundTxUrl: '',
  rejected: false,
});

/** checkInvoice answers in the order the test resolves them (each call waits for its own answer) */
function answers() {
  const pending: ((check: InvoiceCheck) => void)[] = [];
  const actor = fromPromise<InvoiceCheck, { coin: string; guid: string }>(() => new Promise((resolve) => pending.push(resolve)));
  return { actor, pending };
}

describe('invoice: a push while a check is out is not dropped', () => {
  it('closed: the exception recorded (held), then credited a moment later, while the first check is still out: the page ends on credited', async () => {
    const { actor, pending } = answers();
    const invoice = createActor(invoiceMachine.provide({ actors: { checkInvoice: actor } }), { input: { ...start, status: 'ex' } }).start();
    invoice.send({ type: 'invoice.push' });
    expect(pending).toHaveLength(1);
    // the second push (the credit) arrives before the first check answers: a new check goes out
    invoice.send({ type: 'invoice.push' });
    expect(pending).toHaveLength(2);
    // the first check's answer (read before the credit) is dropped with its check
    pending[0]({ status: 'ex', exceptions: [late('held')] });
    pending[1]({ status: 'ex', exceptions: [late('credited')] });
    await waitFor(invoice, (s) => s.matches({ expired: 'settled' }));
    expect(invoice.getSnapshot().context.exceptions?.[0].status).toBe('credited');
    invoice.stop();
  });

  it('waiting: a push during a check asks again, and the second answer (paid) is the one recorded', async () => {
    const { actor, pending } = answers();
    const invoice = createActor(invoiceMachine.provide({ actors: { checkInvoice: actor } }), { input: start }).start();
    invoice.send({ type: 'invoice.push' });
    expect(invoice.getSnapshot().matches({ waiting: 'checking' })).toBe(true);
    invoice.send({ type: 'invoice.push' });
    expect(pending).toHaveLength(2);
    pending[0]({ status: 'wt' });
    pending[1]({ status: 'su', hash: 'ab12' });
    await waitFor(invoice, (s) => s.matches({ paid: 'settled' }));
    expect(invoice.getSnapshot().context.hash).toBe('ab12');
    invoice.stop();
  });
});
