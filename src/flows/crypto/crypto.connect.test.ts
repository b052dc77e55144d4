import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cryptoDepositMachine } from '../../../machines/crypto-deposit/crypto-deposit.machine';
import type { CryptoDepositEvent, CryptoOptionsRecord } from '../../../machines/crypto-deposit/crypto-deposit.types';
import { invoicePageMachine } from '../../../machines/invoice-page/invoice-page.machine';
import type { ExceptionChoice, InvoiceDetails, InvoicePageEvent, LoadedInvoice } from '../../../machines/invoice-page/invoice-page.types';
import { invoiceMachine } from '../../../machines/invoice/invoice.machine';
import type { InvoiceCheck, InvoiceException } from '../../../machines/invoice/invoice.types';
import { connectCrypto, connectInvoice } from './crypto.connect';
import { selectInvoiceActor } from './crypto.select';

const options: CryptoOptionsRecord = {
  currency: 'USD', minDeposit: '250', rateSource: 'sandbox', altcoinDefault: '1.5', sandbox: true,
  assets: [
    { coin: 'btc', symbol: 'BTC', name: 'Bitcoin', decimals: 8, price: '64250.00000000', available: true },
    { coin: 'token', symbol: 'LINK', name: 'Chainlink', decimals: 8, price: '14.20000000', available: true },
  ],
};

function deposit(input: { tab: string; coin: string; demo: boolean }, pay: () => Promise<{ guid: string }> = () => new Promise(() => {})) {
  const machine = cryptoDepositMachine.provide({ actors: { loadOptions: fromPromise(async () => options), pay: fromPromise(pay) } });
  const actor = createActor(machine, { input });
  actor.start();
  return actor;
}

describe('connectCrypto', () => {
  it('a demo account: the demo flag, no form', () => {
    const view = connectCrypto(deposit({ tab: 'eth', coin: 'eth', demo: true }).getSnapshot(), () => {});
    expect([view.isDemo, view.isLoading, view.isForm]).toEqual([true, false, false]);
    // the section is named by the demo notice's heading, which is said at once
    expect(view.getRegionProps()).toEqual({ 'aria-labelledby': 'crypto-demo-title' });
    expect(view.getTitleProps()).toEqual({ id: 'crypto-demo-title' });
    expect(view.getDemoProps()).toEqual({ role: 'alert' });
  });

  it('loading, then the form: name, units, modes with handlers, estimate and the sandbox rate', async () => {
    const actor = deposit({ tab: 'bitcoin', coin: 'btc', demo: false });
    expect(connectCrypto(actor.getSnapshot(), actor.send).isLoading).toBe(true);
    await waitFor(actor, (s) => s.matches('editing'));
    const view = connectCrypto(actor.getSnapshot(), actor.send);
    expect([view.isLoading, view.isForm, view.isBusy]).toEqual([false, true, false]);
    expect([view.name, view.symbol, view.unit, view.amount]).toEqual(['Bitcoin', 'BTC', 'USD', '250']);
    expect(view.modes.map((m) => [m.label, m.selected])).toEqual([['USD', true], ['BTC', false]]);
    // the estimate's exact value, and as the trader reads it: a coin keeps its fixed 5 decimals (core/format)
    expect(view.estimate).toEqual({ amount: '0.00389106', currency: 'BTC', text: '0.00389\u00a0BTC' });
    expect(view.minDepositText).toBe('$250.00');
    expect(connectCrypto(actor.getSnapshot(), actor.send, 'ru')).toMatchObject({ estimate: { text: '0,00389\u00a0BTC' }, minDepositText: '250,00\u00a0$' });
    expect(view.rate).toEqual({ symbol: 'BTC', price: '64250.00000000', sandbox: true });
    expect(view.tokens).toBeNull();
    expect(view.submitLabel).toEqual({ key: 'crypto.submit', params: { symbol: 'BTC' } });
    // the getters: the section named by its heading, the amount read with its hints, the modes one radio group per tab
    expect(view.getRegionProps()).toEqual({ 'aria-labelledby': 'crypto-title-bitcoin' });
    expect(view.getTitleProps()).toEqual({ id: 'crypto-title-bitcoin' });
    expect(view.getFieldProps('amount')).toMatchObject({ id: 'crypto-amount-bitcoin', name: 'amount', value: '250', 'aria-invalid': undefined, 'aria-describedby': 'crypto-hint-bitcoin', disabled: undefined });
    expect(view.getHintProps()).toEqual({ id: 'crypto-hint-bitcoin' });
    expect(view.getFormProps()).toMatchObject({ noValidate: true, 'aria-busy': undefined });
    expect(view.getSubmitProps()).toEqual({ type: 'submit', disabled: undefined, 'aria-busy': undefined });
    expect(view.getModeProps(view.modes[0])).toMatchObject({ type: 'radio', name: 'crypto-mode-bitcoin', checked: true });
    view.getModeProps(view.modes[1]).onChange();
    expect(connectCrypto(actor.getSnapshot(), actor.send).unit).toBe('BTC');
  });

  it('a refused amount is a message key; submitting a good one makes the form busy', async () => {
    const actor = deposit({ tab: 'bitcoin', coin: 'btc', demo: false });
    await waitFor(actor, (s) => s.matches('editing'));
    const send = vi.fn<(e: CryptoDepositEvent) => void>((e) => actor.send(e));
    connectCrypto(actor.getSnapshot(), send).onAmount('100');
    connectCrypto(actor.getSnapshot(), send).onSubmit();
    expect(send).toHaveBeenLastCalledWith({ type: 'deposit.submit' });
    let view = connectCrypto(actor.getSnapshot(), send);
    expect(view.error?.key).toBe('crypto.min_deposit');
    // the refused amount is invalid and read with its hints and the problem
    expect(view.getFieldProps('amount')).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'crypto-hint-bitcoin crypto-amount-bitcoin-error' });
    expect(view.getErrorProps()).toEqual({ id: 'crypto-amount-bitcoin-error', role: 'alert' });
    view.getFieldProps('amount').onChange!({ target: { value: '300' } } as never);
    expect(send).toHaveBeenLastCalledWith({ type: 'amount.change', value: '300' });
    view = connectCrypto(actor.getSnapshot(), send);
    view.getFormProps().onSubmit({ preventDefault: () => {}, currentTarget: undefined } as never);
    view = connectCrypto(actor.getSnapshot(), send);
    expect([view.isBusy, view.submitLabel.key]).toEqual([true, 'crypto.submitting']);
    expect(view.getFormProps()['aria-busy']).toBe(true);
    expect(view.getSubmitProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    expect(view.getFieldProps('amount').disabled).toBe(true);
  });

  it('the altcoins tab offers its tokens', async () => {
    const actor = deposit({ tab: 'altcoins', coin: 'token', demo: false });
    await waitFor(actor, (s) => s.matches('editing'));
    const view = connectCrypto(actor.getSnapshot(), actor.send);
    expect(view.tokens).toEqual([{ value: 'LINK', label: 'LINK · Chainlink' }]);
    expect(view.getFieldProps('token')).toMatchObject({ id: 'crypto-token-altcoins', name: 'token', value: 'LINK' });
  });
});

const T = 1_700_000_000_000;
const details: InvoiceDetails = {
  guid: 'g-1', coin: 'btc', asset: 'BTC', assetName: 'Bitcoin', chainName: 'Bitcoin', address: 'bc1q', amount: '0.00389106', paid: '0', due: '0.00389106',
  late: '0', status: 'wt', hash: '', rate: '64250', rateCurrency: 'USD', rateSource: 'sandbox', fiatAmount: '250', creditAmount: '250', creditCurrency: 'USD',
  voucher: false, confirmations: 1, paymentUri: 'bitcoin:bc1q?amount=0.00389106', explorerUrl: 'https://x', txUrl: '', txUrlTemplate: 'https://x/tx/{hash}', sandbox: true,
};

function invoicePage(loaded: LoadedInvoice, check: () => Promise<InvoiceCheck>, resolve: (choice: ExceptionChoice) => Promise<unknown> = () => new Promise(() => {})) {
  const machine = invoicePageMachine.provide({
    actors: {
      loadInvoice: fromPromise(async () => loaded),
      invoice: invoiceMachine.provide({ actors: { checkInvoice: fromPromise(check) } }),
      sandboxSend: fromPromise(() => new Promise(() => {})),
      resolveException: fromPromise(async ({ input }) => resolve(input)),
    },
  });
  const page = createActor(machine, { input: { coin: 'btc', guid: 'g-1' } });
  page.start();
  return page;
}

describe('connectInvoice', () => {
  it('loading: the loading flag and the coin as the name', () => {
    const page = invoicePage({ invoice: details, expiresAt: T + 3_600_000, now: T }, () => new Promise(() => {}));
    const view = connectInvoice(page.getSnapshot(), undefined, () => {});
    expect([view.isLoading, view.isReady, view.name]).toEqual([true, false, 'BTC']);
  });

  it('ready and starting: what to send, the status key, the sandbox buttons and their handler', async () => {
    const page = invoicePage({ invoice: details, expiresAt: T + 3_600_000, now: T }, () => new Promise(() => {}));
    await waitFor(page, (s) => s.matches('ready'));
    const send = vi.fn<(e: InvoicePageEvent) => void>();
    const view = connectInvoice(page.getSnapshot(), selectInvoiceActor(page.getSnapshot())!.getSnapshot(), send);
    expect([view.isReady, view.phase, view.status.key, view.isCounting, view.isOpen]).toEqual([true, 'starting', 'crypto.status.wt', false, true]);
    expect([view.toSend, view.isPartial, view.uri, view.name]).toEqual(['0.00389106', false, 'bitcoin:bc1q?amount=0.00389106', 'Bitcoin']);
    expect(view.sandbox.isShown).toBe(true);
    expect(view.sandbox.buttons.map((b) => [b.kind, b.label.key, b.disabled])).toEqual([
      ['full', 'crypto.sandbox.full', false],
      ['partial', 'crypto.sandbox.partial', false],
      ['late', 'crypto.sandbox.late', false],
      ['unconfirmed', 'crypto.sandbox.unconfirmed', false],
      ['block', 'crypto.sandbox.block', false],
      ['expire', 'crypto.sandbox.expire', false],
    ]);
    view.sandbox.buttons[1].onClick();
    expect(send).toHaveBeenCalledWith({ type: 'sandbox.send', kind: 'partial' });
    // the getters: the page and the sandbox control named by their headings; no result, so no focus intent
    expect(view.getRegionProps()).toEqual({ 'aria-labelledby': 'crypto-invoice-title' });
    expect(view.sandbox.getRegionProps()).toEqual({ 'aria-labelledby': 'crypto-sandbox-title' });
    expect(view.sandbox.getButtonProps(view.sandbox.buttons[0])).toMatchObject({ type: 'button', disabled: undefined });
    view.sandbox.getButtonProps(view.sandbox.buttons[5]).onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'sandbox.send', kind: 'expire' });
    expect(view.getResultProps()['data-focus-on']).toBeUndefined();
  });

  it('a paid invoice: the paid flag, late coins and the transaction link; no sandbox control', async () => {
    const page = invoicePage({ invoice: { ...details, status: 'su', hash: 'ab12', late: '0.001', paid: '0.00389106', due: '0' }, expiresAt: T + 3_600_000, now: T }, () => new Promise(() => {}));
    await waitFor(page, (s) => s.matches('ready'));
    const view = connectInvoice(page.getSnapshot(), selectInvoiceActor(page.getSnapshot())!.getSnapshot(), () => {});
    expect([view.isPaid, view.isExpired, view.isActive, view.hasLate, view.late]).toEqual([true, false, false, true, '0.001']);
    expect(view.txUrl).toBe('https://x/tx/ab12');
    expect(view.sandbox.isShown).toBe(false);
    // the result is announced and takes the focus
    expect(view.getResultProps()).toEqual({ role: 'status', tabIndex: -1, 'data-focus-on': 'paid', 'data-focus-in': undefined });
  });

  it('a partial payment: the rest to send', async () => {
    const page = invoicePage({ invoice: { ...details, paid: '0.001', due: '0.00289106' }, expiresAt: T + 3_600_000, now: T }, () => new Promise(() => {}));
    await waitFor(page, (s) => s.matches('ready'));
    const view = connectInvoice(page.getSnapshot(), selectInvoiceActor(page.getSnapshot())!.getSnapshot(), () => {});
    expect([view.isPartial, view.paid, view.due, view.toSend]).toEqual([true, '0.001', '0.00289106', '0.00289106']);
    // the texts' amounts: exact (never cut to 5 decimals), with the coin's code, in the page's language (core/format)
    expect(view.coin).toMatchObject({ paid: '0.001\u00a0BTC', due: '0.00289106\u00a0BTC', amount: '0.00389106\u00a0BTC' });
    const ru = connectInvoice(page.getSnapshot(), selectInvoiceActor(page.getSnapshot())!.getSnapshot(), () => {}, 'ru');
    expect([ru.coin.paid, ru.coin.due]).toEqual(['0,001\u00a0BTC', '0,00289106\u00a0BTC']);
    // half paid is neither "Paid" nor plain "Waiting for payment"
    expect(view.status.key).toBe('crypto.status.partial');
  });

  it('an invoice that expired half paid says so', async () => {
    const page = invoicePage({ invoice: { ...details, status: 'ex', paid: '0.001', due: '0.00289106' }, expiresAt: T - 1000, now: T }, () => new Promise(() => {}));
    await waitFor(page, (s) => s.matches('ready'));
    const view = connectInvoice(page.getSnapshot(), selectInvoiceActor(page.getSnapshot())!.getSnapshot(), () => {});
    expect([view.isExpired, view.status.key]).toEqual([true, 'crypto.status.ex_partial']);
  });

  it('a payment being confirmed: the live count N of M in the status and its note', async () => {
    const page = invoicePage({ invoice: { ...details, confirmations: 2, pending: '0.00389106', confirming: 1 }, expiresAt: T + 3_600_000, now: T }, () => new Promise(() => {}));
    await waitFor(page, (s) => s.matches('ready'));
    const view = connectInvoice(page.getSnapshot(), selectInvoiceActor(page.getSnapshot())!.getSnapshot(), () => {});
    expect([view.isConfirming, view.status.key, view.status.params, view.confirming]).toEqual([true, 'crypto.status.confirming', { n: 1, m: 2 }, { n: 1, m: 2, amount: '0.00389106\u00a0BTC' }]);
  });

  const exception: InvoiceException = {
    id: 'x-1', kind: 'late', status: 'credited', amount: '0.001', asset: 'BTC', invoiceRate: '64250', arrivalRate: '70000', rateCurrency: 'USD', credit: '70.00', creditCurrency: 'USD',
    autoCreditAt: null, chooseUntil: null, mayClaim: false, mayCredit: false, refundAddress: '', refundTxid: '', refundTxUrl: '', rejected: false,
  };

  it('a late payment credited: its kind, both rates and no action', async () => {
    const page = invoicePage({ invoice: { ...details, status: 'ex', exceptions: [exception] }, expiresAt: T - 1000, now: T }, () => new Promise(() => {}));
    await waitFor(page, (s) => s.matches('ready'));
    const view = connectInvoice(page.getSnapshot(), selectInvoiceActor(page.getSnapshot())!.getSnapshot(), () => {});
    expect(view.hasExceptions).toBe(true);
    const [row] = view.exceptions;
    expect([row.title.key, row.outcome.key, row.isDone, row.mayClaim, row.mayCredit]).toEqual(['crypto.exception.late', 'crypto.exception.credited_late', true, false, false]);
    expect(row.outcome.params).toMatchObject({ credit: '$70.00', arrival: '$70,000.00', invoice: '$64,250.00', symbol: 'BTC' });
  });

  it('a held over-payment: credit or claim; a refused address keeps the form with its error; an accepted claim closes it and checks again', async () => {
    const choices: ExceptionChoice[] = [];
    let refuse = true;
    const checked = vi.fn(() => new Promise<InvoiceCheck>(() => {}));
    const held = { ...exception, kind: 'over' as const, status: 'held' as const, credit: '', mayClaim: true, mayCredit: true, chooseUntil: '2026-03-05T14:00:00.000Z', autoCreditAt: '2026-03-05T14:00:00.000Z' };
    const page = invoicePage({ invoice: { ...details, status: 'su', exceptions: [held] }, expiresAt: T + 1000, now: T }, checked, async (choice) => {
      choices.push(choice);
      if (refuse) throw { kind: 'http', status: 400, error: 'crypto.refund_address', message: 'Enter an address on the same network.' };
      return { id: 'x-1', status: 'claimed' };
    });
    await waitFor(page, (s) => s.matches('ready'));
    const view = () => connectInvoice(page.getSnapshot(), selectInvoiceActor(page.getSnapshot())!.getSnapshot(), (e) => page.send(e));
    expect([view().exceptions[0].outcome.key, view().exceptions[0].mayCredit, view().exceptions[0].mayClaim, view().exceptions[0].isClaimOpen]).toEqual(['crypto.exception.choose_credit', true, true, false]);
    view().exceptions[0].getClaimButtonProps().onClick();
    expect([view().exceptions[0].isClaimOpen, view().exceptions[0].mayClaim]).toEqual([true, false]);
    view().exceptions[0].getAddressProps().onChange!({ target: { value: 'bc1-wrong' } } as never);
    page.send({ type: 'claim.submit' }); // what the form's submit sends (getFormProps)
    await waitFor(page, (s) => s.matches({ ready: { exceptions: 'editing' } }) && s.context.claimError !== null);
    expect([view().exceptions[0].isClaimOpen, view().exceptions[0].address, view().exceptions[0].error?.key]).toEqual([true, 'bc1-wrong', 'crypto.refund_address']);
    refuse = false;
    view().exceptions[0].getAddressProps().onChange!({ target: { value: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } } as never);
    expect(view().exceptions[0].error).toBeNull();
    page.send({ type: 'claim.submit' }); // what the form's submit sends (getFormProps)
    await waitFor(page, (s) => s.matches({ ready: { exceptions: 'idle' } }));
    expect(choices).toEqual([
      { id: 'x-1', choice: 'refund', address: 'bc1-wrong' },
      { id: 'x-1', choice: 'refund', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    ]);
    expect(view().exceptions[0].isClaimOpen).toBe(false);
    // the invoice is asked again at once (the paid invoice's refresh)
    expect(checked).toHaveBeenCalled();
    view().exceptions[0].getCreditButtonProps().onClick();
    expect(choices.at(-1)).toEqual({ id: 'x-1', choice: 'credit', address: '' });
  });
});
