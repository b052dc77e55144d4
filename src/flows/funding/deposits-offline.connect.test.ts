import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BankDeposit, QuickTopUpResponse, SavedCardsResponse } from '../../../core/contract/deposits-offline';
import { bankReportMachine, RECEIPT_ID } from '../../../machines/bank-report/bank-report.machine';
import { quickTopUpMachine } from '../../../machines/quick-topup/quick-topup.machine';
import { voucherMachine } from '../../../machines/voucher/voucher.machine';
import type { Redeemed } from '../../../machines/voucher/voucher.types';
import type { PagePayment } from '../../../machines/funding/payment';
import { connectBankReport, detailLines } from './bank-report.connect';
import { connectQuickTopUp } from './quick-topup.connect';
import { connectVoucher } from './voucher.connect';

const bank = { bankName: 'Sandbox Bank', beneficiary: 'Sandbox Brokerage Ltd', iban: 'MT84 SBOX 0000', bic: 'SBOXMTM0', address: 'Valletta', sandbox: true };
const deposit = (status: 'pending' | 'received'): BankDeposit => ({
  id: '6f1c2b8e-2f0a-4f7e-9b55-0c3a1d2e4f50', method: 'bank', reference: 'BT-ACDE-FGHJ', amount: '300.00', currency: 'USD', status,
  receipt: null, createdAt: '2026-11-25T10:00:00.000Z', receivedAt: null, bank,
});

describe('connectBankReport', () => {
  // what the funding page's amount line pays (read when Report is pressed)
  let page: PagePayment = { amount: '250', bonus: false, promo: '' };
  const line = () => page;
  const connect = (actor: ReturnType<typeof start>['actor']) => connectBankReport(actor.getSnapshot(), actor.send, line);
  function start(report: (input: { random: string; amount: string }) => Promise<BankDeposit>, load = deposit('received')) {
    page = { amount: '250', bonus: false, promo: '' };
    const calls: { random: string; amount: string }[] = [];
    const machine = bankReportMachine.provide({
      actors: {
        loadOpen: fromPromise(async (): Promise<BankDeposit[]> => []),
        report: fromPromise(async ({ input }) => {
          calls.push(input);
          return report(input);
        }),
        loadDeposit: fromPromise(async () => load),
      },
    });
    const actor = createActor(machine, { input: { method: 'fiat', currency: 'USD', minDeposit: '250', keySeed: 'seed-1' } });
    actor.start();
    return { actor, calls };
  }

  it("the form: the amount line's amount, 'Wrong amount! Min deposit 250' below it (nothing sent), then the reference with copyable details and the receipt child", async () => {
    const { actor, calls } = start(async () => deposit('pending'));
    await waitFor(actor, (s) => s.matches('editing'));
    let view = connect(actor);
    expect([view.isForm, view.minDeposit, view.submitLabel.key]).toEqual([true, '250', 'fiat.submit']);
    page = { amount: '100', bonus: false, promo: '' };
    connect(actor).onSubmit();
    view = connect(actor);
    expect(view.error).toEqual({ key: 'bank.min_deposit', params: { min: '250' } });
    expect(calls).toEqual([]);
    page = { amount: '300', bonus: true, promo: 'SANDBOX1' };
    connect(actor).onSubmit();
    await waitFor(actor, (s) => s.matches('pending'));
    view = connect(actor);
    // the bonus and the checked promo code go with the report
    expect(calls).toEqual([{ method: 'fiat', amount: '300', currency: 'USD', random: 'seed-1-0', bonus: true, promo: 'SANDBOX1' }]);
    expect([view.isPending, view.isForm, view.sandbox, view.hasReceipt]).toEqual([true, false, true, false]);
    expect(view.details.filter((d) => d.copy).map((d) => d.value)).toEqual(['BT-ACDE-FGHJ', '$300.00', 'Sandbox Brokerage Ltd', 'MT84 SBOX 0000', 'SBOXMTM0']);
    expect(actor.getSnapshot().children[RECEIPT_ID]).toBeDefined();
  });

  it('a pushed bank.updated for this transfer checks it and shows it received; another transfer is ignored', async () => {
    const { actor } = start(async () => deposit('pending'));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'report.submit', payment: line() });
    await waitFor(actor, (s) => s.matches('pending'));
    actor.send({ type: 'bank.updated', id: 'other', status: 'received' });
    expect(connect(actor).isChecking).toBe(false);
    actor.send({ type: 'bank.updated', id: deposit('pending').id, status: 'received' });
    await waitFor(actor, (s) => s.matches('received'));
    const view = connect(actor);
    expect([view.isReceived, view.deposit?.status]).toEqual([true, 'received']);
    expect([view.depositAmount, connectBankReport(actor.getSnapshot(), actor.send, line, 'ru').depositAmount]).toEqual(['$300.00', '300,00\u00a0$']);
    view.onNew();
    expect(connect(actor).isForm).toBe(true);
  });

  it("the server's refusal is its key with the server's minimum", async () => {
    const { actor } = start(async () => {
      throw { kind: 'http', status: 400, error: 'fiat.min_deposit', message: 'Wrong amount! Min deposit 500' };
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'report.submit', payment: line() });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(connect(actor).error).toEqual({ key: 'fiat.min_deposit', fallback: 'Wrong amount! Min deposit 500', params: { min: '500' } });
  });

  it('detail lines name the reference first', () => {
    expect(detailLines(deposit('pending'))[0]).toEqual({ label: 'bank.detail.reference', value: 'BT-ACDE-FGHJ', copy: true });
    // the amount shown as the trader reads it (core/format), copied as the plain decimal a bank form takes
    expect(detailLines(deposit('pending'), 'ru')[1]).toEqual({ label: 'bank.detail.amount', value: '300,00\u00a0$', copy: true, copyValue: '300.00' });
  });
});

describe('connectVoucher', () => {
  it('a demo account is blocked; a short pin is refused before any call; a refusal shows the server message; a good pin redeems', async () => {
    expect(connectVoucher(createActor(voucherMachine, { input: { demo: true } }).start().getSnapshot(), () => {}).isDemo).toBe(true);
    const pins: string[] = [];
    let fail = true;
    const machine = voucherMachine.provide({
      actors: {
        redeem: fromPromise(async ({ input }) => {
          pins.push(input.pin);
          if (fail) throw { kind: 'http', status: 409, error: 'vload.used', message: 'This voucher has already been used.' };
          return { amount: '250.00', currency: 'USD', voucher: '0001' };
        }),
      },
    });
    const actor = createActor(machine, { input: { demo: false } }).start();
    let view = connectVoucher(actor.getSnapshot(), actor.send);
    expect([view.isForm, view.floor]).toEqual([true, '250']);
    view.onPin('1234');
    connectVoucher(actor.getSnapshot(), actor.send).onSubmit();
    expect(connectVoucher(actor.getSnapshot(), actor.send).error).toEqual({ key: 'vload.pin' });
    expect(pins).toEqual([]);
    connectVoucher(actor.getSnapshot(), actor.send).onPin('1250 0000 0000 0001');
    connectVoucher(actor.getSnapshot(), actor.send).onSubmit();
    expect(connectVoucher(actor.getSnapshot(), actor.send).isBusy).toBe(true);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(connectVoucher(actor.getSnapshot(), actor.send).error).toEqual({ key: 'vload.used', fallback: 'This voucher has already been used.' });
    fail = false;
    connectVoucher(actor.getSnapshot(), actor.send).onSubmit();
    await waitFor(actor, (s) => s.matches('redeemed'));
    view = connectVoucher(actor.getSnapshot(), actor.send);
    expect([view.isRedeemed, view.redeemed]).toEqual([true, { amount: '250.00', currency: 'USD', voucher: '0001' }]);
    expect([view.redeemedText, connectVoucher(actor.getSnapshot(), actor.send, 'ru').redeemedText]).toEqual(['$250.00', '250,00\u00a0$']);
    expect(pins).toEqual(['1250000000000001', '1250000000000001']);
  });

  it("a server error or a lost answer is 'Some errors try again later'", async () => {
    const machine = voucherMachine.provide({ actors: { redeem: fromPromise(async (): Promise<Redeemed> => { throw { kind: 'network' }; }) } });
    const actor = createActor(machine, { input: { demo: false } }).start();
    actor.send({ type: 'pin.change', value: '1250000000000001' });
    actor.send({ type: 'voucher.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(connectVoucher(actor.getSnapshot(), actor.send).error).toEqual({ key: 'vload.failed' });
  });
});

describe('connectQuickTopUp', () => {
  const cards: SavedCardsResponse = { cards: [{ token: 'tok-1', brand: 'visa', last4: '0010' }], can_load: true };
  function start(list: SavedCardsResponse, charge: () => Promise<QuickTopUpResponse>) {
    const keys: string[] = [];
    const machine = quickTopUpMachine.provide({
      actors: {
        loadCards: fromPromise(async () => list),
        charge: fromPromise(async ({ input }) => {
          keys.push(`${input.key}:${input.amount}:${input.confirm}:${input.card}`);
          return charge();
        }),
      },
    });
    const actor = createActor(machine, { input: { demo: false, currency: 'USD', minDeposit: '250', keySeed: 'q' } }).start();
    return { actor, keys };
  }

  it('hidden when the server does not offer it', async () => {
    const { actor } = start({ ...cards, can_load: false }, async (): Promise<QuickTopUpResponse> => { throw new Error('never'); });
    await waitFor(actor, (s) => s.matches('unavailable'));
    expect(connectQuickTopUp(actor.getSnapshot(), actor.send).isHidden).toBe(true);
  });

  it('asks for the exact amount and card, charges once on Yes, and says it is done', async () => {
    const { actor, keys } = start(cards, async () => ({ status: 'approved', payment: 'p-1', amount: '300.00', currency: 'USD' }));
    await waitFor(actor, (s) => s.matches('editing'));
    let view = connectQuickTopUp(actor.getSnapshot(), actor.send);
    expect([view.isHidden, view.isForm, view.cards]).toEqual([false, true, [{ token: 'tok-1', label: 'VISA •••• 0010', selected: true }]]);
    view.onAmount('300');
    connectQuickTopUp(actor.getSnapshot(), actor.send).onSubmit();
    view = connectQuickTopUp(actor.getSnapshot(), actor.send);
    expect(view.isConfirming).toBe(true);
    // the amount as the trader reads it (core/format), in the page's language
    expect(view.question).toEqual({ key: 'quick.confirm_question', params: { amount: '$300.00', card: 'VISA •••• 0010' } });
    expect(connectQuickTopUp(actor.getSnapshot(), actor.send, 'ru').question.params?.amount).toBe('300,00\u00a0$');
    expect(keys).toEqual([]);
    view.onYes();
    // a second click while charging does nothing
    view.onYes();
    await waitFor(actor, (s) => s.matches('approved'));
    view = connectQuickTopUp(actor.getSnapshot(), actor.send);
    expect(keys).toEqual(['q-0:300:300:tok-1']);
    expect(view.done).toEqual({ key: 'quick.done', params: { amount: '$300.00' } });
  });

  it('No charges nothing; below the minimum is refused before the confirmation', async () => {
    const { actor, keys } = start(cards, async () => ({ status: 'approved', payment: 'p-1', amount: '300.00', currency: 'USD' }));
    await waitFor(actor, (s) => s.matches('editing'));
    connectQuickTopUp(actor.getSnapshot(), actor.send).onSubmit();
    connectQuickTopUp(actor.getSnapshot(), actor.send).onNo();
    connectQuickTopUp(actor.getSnapshot(), actor.send).onAmount('100');
    connectQuickTopUp(actor.getSnapshot(), actor.send).onSubmit();
    const view = connectQuickTopUp(actor.getSnapshot(), actor.send);
    expect([view.isForm, view.error]).toEqual([true, { key: 'quick.min_deposit', params: { min: '250' } }]);
    expect(keys).toEqual([]);
  });
});
