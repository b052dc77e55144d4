import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cardFormMachine } from '../../../machines/card-form/card-form.machine';
import type { SaveCardInput, SavedCard } from '../../../machines/card-form/card-form.types';
import type { CascadeInput, CascadeOutput, FraudCheckOutput, StartOutput } from '../../../machines/cascade/cascade.types';
import { fundingMachine } from '../../../machines/funding/funding.machine';
import type { CardOpening, FundingEvent, FundingInput, FundingOptions } from '../../../machines/funding/funding.types';
import { cascadeMachine } from '../../../machines/cascade/cascade.machine';
import { entropayMachine } from '../../../machines/cascade/entropay.machine';
import { pagePayment } from '../../../machines/funding/payment';
import { capExample, cardFormOf, cascadeStep, connectCard, connectCascade, connectEntropay, connectFunding } from './funding.connect';

const T = 1_700_000_000_000;
const options: FundingOptions = {
  currency: 'USD', minDeposit: '250', maxDeposit: '50000', fixedAmount: null, geo: 'MT', cardsToday: 0, dailyLimit: 3,
  tiers: [{ name: 'bronze', from: '0', percent: '1.2', value: '20' }, { name: 'silver', from: '1000', percent: '1.5', value: '50' }],
  maxBonusPercent: '3.5', maxBonusValue: '200', bonusTurnover: '30',
};
const input: FundingInput = {
  add: '', ng: '', demo: false, risk: false, mobile: false, exchange: false, tabs: ['card', 'jcb', 'bitcoin'], userId: 'u-1',
  stack: { settings: ['ORANGE'], user: '', country: 'MT', affsId: '', noVload: [] },
};
const opening: CardOpening = { resume: null, now: T, year: 2026, month: 1, keySeed: 'seed-abcdef' };
const tabOut: CascadeOutput = { result: 'tab', error: null, tab: 'bitcoin', amount: '250', currency: 'USD', stack: [], steps: [], explained: false };

/** The real funding and card-form machines; the calls are fakes that record what they were given. */
function start(opts: { options?: FundingOptions; input?: Partial<FundingInput>; cascade?: CascadeOutput } = {}) {
  const saved: SaveCardInput[] = [];
  const cascades: CascadeInput[] = [];
  const cardForm = cardFormMachine.provide({
    actors: {
      saveCard: fromPromise(async ({ input: card }: { input: SaveCardInput }): Promise<SavedCard> => {
        saved.push(card);
        return { token: 'tok-1', first6: '411111', last4: '1111', type: 'visa' };
      }),
      // a cascade that never ends unless the test gives it an output
      cascade: fromPromise(({ input: run }: { input: CascadeInput }) => {
        cascades.push(run);
        return opts.cascade ? Promise.resolve(opts.cascade) : new Promise<CascadeOutput>(() => {});
      }) as never,
    },
  });
  const machine = fundingMachine.provide({
    actors: {
      loadOptions: fromPromise(async () => opts.options ?? options),
      checkPromo: fromPromise(async ({ input }: { input: { promo: string } }) => (input.promo === 'GOLD' ? { percent: '1' } : { percent: '0' })),
      openCard: fromPromise(async () => opening),
      cardForm,
    },
  });
  const actor = createActor(machine, { input: { ...input, ...opts.input } });
  actor.start();
  return { actor, saved, cascades };
}

const visa = { number: '4111 1111 1111 1111', cvv: '123' };

async function fillCard(actor: ReturnType<typeof start>['actor']) {
  await waitFor(actor, (s) => cardFormOf(s) !== undefined);
  for (const [field, value] of [['name', 'Jean Dupont'], ['month', '12'], ['year', '2030']] as const) {
    connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send).onField(field, value);
  }
}

describe('connectFunding', () => {
  it('while loading: the loading flag, the tabs with the card tab selected, and a tab handler that sends tab.select', () => {
    const send = vi.fn<(e: FundingEvent) => void>();
    const actor = createActor(fundingMachine, { input });
    const view = connectFunding(actor.getSnapshot(), send);
    expect([view.isLoading, view.isReady, view.isLoadFailed]).toEqual([true, false, false]);
    expect(view.tabs.map((t) => [t.id, t.selected, t.label.key])).toEqual([
      ['card', true, 'funding.tab.card'],
      ['jcb', false, 'funding.tab.jcb'],
      ['bitcoin', false, 'funding.tab.bitcoin'],
    ]);
    expect(view.amountLine).toBeNull();
    view.tabs[2].onSelect();
    expect(send).toHaveBeenCalledWith({ type: 'tab.select', tab: 'bitcoin' });
  });

  it('the tabs are disabled while the options load (the flow would drop the choice) and enabled once ready', async () => {
    const { actor } = start();
    expect(connectFunding(actor.getSnapshot(), actor.send).tabs.map((t) => t.disabled)).toEqual([true, true, true]);
    await waitFor(actor, (s) => s.matches('ready'));
    const ready = connectFunding(actor.getSnapshot(), actor.send);
    expect(ready.tabs.every((t) => !t.disabled)).toBe(true);
    ready.tabs.find((t) => t.id === 'bitcoin')!.onSelect();
    expect(actor.getSnapshot().context.tab).toBe('bitcoin');
  });

  it('ready: the amount line (steps, tier, problem as a message key) and what Deposit pays', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    let view = connectFunding(actor.getSnapshot(), actor.send);
    expect(view.isReady).toBe(true);
    expect(view.isCardTab).toBe(true);
    // what Deposit pays, written one way (core/format) in the page's language
    expect(view.deposit).toEqual({ amount: '250', currency: 'USD', text: '$250.00' });
    expect(connectFunding(actor.getSnapshot(), actor.send, 'ru').deposit?.text).toBe('250,00\u00a0$');
    expect(view.amountLine?.steps.map((s) => [s.value, s.selected])).toEqual([['250', true], ['1000', false], ['3000', false], ['10000', false]]);
    view.amountLine!.steps[1].onPick();
    view = connectFunding(actor.getSnapshot(), actor.send);
    expect(view.amountLine?.tier).toEqual({ name: 'silver', percent: '1.5', tierValue: '50', bonus: '65.00' });
    view.amountLine!.onChange('100');
    view = connectFunding(actor.getSnapshot(), actor.send);
    expect(view.amountLine?.problem).toEqual({ key: 'funding.amount.min', params: { min: '250' } });
    expect(view.amountLine?.tier).toBeNull();
    // the amount is read with its hint, and with the problem the hint then says (the same element, as the field's message)
    expect(view.amountLine!.getFieldProps('amount')).toMatchObject({ id: 'fund-amount-field', name: 'amount', value: '100', 'aria-invalid': true, 'aria-describedby': 'fund-amount-field-error' });
    expect(view.amountLine!.getHintProps()).toEqual({ id: 'fund-amount-field-error' });
    expect(view.amountLine!.getStepProps(view.amountLine!.steps[0])).toMatchObject({ type: 'button', 'aria-pressed': false });
    view.amountLine!.onChange('250');
    view = connectFunding(actor.getSnapshot(), actor.send);
    expect(view.amountLine!.getFieldProps('amount')).toMatchObject({ 'aria-invalid': undefined, 'aria-describedby': 'fund-amount-hint' });
    expect(view.amountLine!.getHintProps()).toEqual({ id: 'fund-amount-hint' });
    expect(view.amountLine!.getStepProps(view.amountLine!.steps[0])['aria-pressed']).toBe(true);
  });

  it('the cap sentence\'s example comes from the rule: the first quick amount the cap bites on', async () => {
    const gold = { name: 'gold' as const, from: '3000', percent: '2', value: '100' };
    const { actor } = start({ options: { ...options, tiers: [...options.tiers, gold] } });
    await waitFor(actor, (s) => s.matches('ready'));
    // 10000 in gold: 2% = 200.00 + 100.00 = 300.00 counted, 200.00 paid (the max value); 3000 counts 160.00, under it
    expect(connectFunding(actor.getSnapshot(), actor.send).amountLine?.capExample).toEqual({ amount: '10000', counted: '300.00', bonus: '200.00', capped: true });
    // without the gold tier the cap never bites on the quick amounts: the largest one, paid as counted
    expect(capExample(['250', '1000', '10000'], options)).toEqual({ amount: '10000', counted: '200.00', bonus: '200.00', capped: false });
  });

  it('a US trader: the amount is locked at the fixed amount and there is no bonus', async () => {
    const { actor } = start({ options: { ...options, fixedAmount: '250', minDeposit: '500' } });
    await waitFor(actor, (s) => s.matches('ready'));
    const view = connectFunding(actor.getSnapshot(), actor.send);
    expect(view.amountLine?.isLocked).toBe(true);
    expect(view.amountLine?.hasBonus).toBe(false);
    expect(view.deposit).toEqual({ amount: '250', currency: 'USD', text: '$250.00' });
  });

  it('the risk popup on a card tab is one object until it was shown', async () => {
    const { actor } = start({ input: { risk: true, mobile: true } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(connectFunding(actor.getSnapshot(), actor.send).popup).toBeNull();
    actor.send({ type: 'tab.select', tab: 'card' });
    const first = connectFunding(actor.getSnapshot(), actor.send);
    expect(first.popup?.title.key).toBe('funding.risk.title');
    expect(connectFunding(actor.getSnapshot(), actor.send).popup).toBe(first.popup);
    first.onPopupShown();
    expect(connectFunding(actor.getSnapshot(), actor.send).popup).toBeNull();
  });
});

describe('connectCard (the card form the funding page invoked)', () => {
  it('editing: flags, fields, years; the card form exists only on a card tab', async () => {
    const { actor } = start();
    await fillCard(actor);
    const card = connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send);
    expect([card.isEditing, card.isSaving, card.isPaying, card.isApproved, card.isBusy, card.isJcb]).toEqual([true, false, false, false, false, false]);
    expect(card.fields).toEqual({ name: 'Jean Dupont', month: '12', year: '2030', country: 'MT', currency: 'USD' });
    expect(card.years[0]).toBe('2026');
    expect(card.cascade).toBeNull();
    actor.send({ type: 'tab.select', tab: 'bitcoin' });
    expect(cardFormOf(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'tab.select', tab: 'jcb' });
    await waitFor(actor, (s) => cardFormOf(s) !== undefined);
    expect(connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send).isJcb).toBe(true);
  });

  it("onSubmit with an amount below the minimum: the funding page's verdict is the form's error, nothing is saved", async () => {
    const { actor, saved } = start();
    await fillCard(actor);
    connectFunding(actor.getSnapshot(), actor.send).amountLine!.onChange('100');
    connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send).onSubmit(visa);
    const card = connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send);
    expect(card.error).toEqual({ text: { key: 'funding.amount.min', params: { min: '250' } }, shakes: 1 });
    expect(card.isInvalid('amount')).toBe(true);
    expect(saved).toEqual([]);
  });

  it('onSubmit: the page adds its payment (amount, bonus, promo, a key per press); the number goes to the save call only', async () => {
    const { actor, saved, cascades } = start();
    await fillCard(actor);
    const line = connectFunding(actor.getSnapshot(), actor.send).amountLine!;
    line.steps[1].onPick();
    line.onBonus(true);
    line.onPromoChange(' GOLD ');
    line.onPromoApply();
    await waitFor(actor, (s) => s.context.promoPercent === '1');
    // the exact bonus the server credits, and its terms, before paying: (1.5% + 1%) of 1000 + 50
    expect(connectFunding(actor.getSnapshot(), actor.send).amountLine).toMatchObject({
      tier: { name: 'silver', percent: '2.5', bonus: '75.00' },
      terms: { turnover: '2250.00', multiplier: '30' },
      promoPercent: '1',
    });
    connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send).onSubmit(visa);
    // the form is the page's child: wait on it (the page's snapshot does not change meanwhile)
    await waitFor(cardFormOf(actor.getSnapshot())!, (s) => s.matches('paying'));
    const card = connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send);
    expect([card.isPaying, card.isBusy]).toEqual([true, true]);
    expect(card.cascade).not.toBeNull();
    expect(saved[0]).toMatchObject({ digits: '4111111111111111', cvv: '123', month: '12', year: '2030' });
    expect(cascades[0].payment).toEqual({ id: '', key: 'seed-abcdef-1', amount: '1000', currency: 'USD', fixed: false, bonus: true, promo: 'GOLD', card: 'tok-1' });
    expect(JSON.stringify(cardFormOf(actor.getSnapshot())!.getSnapshot().context)).not.toContain('4111111111111111');
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('4111111111111111');
  });

  it('a code the server refused (or never checked) does not go with the payment: the bonus shown is the bonus paid', async () => {
    const { actor, cascades } = start();
    await fillCard(actor);
    const line = connectFunding(actor.getSnapshot(), actor.send).amountLine!;
    line.onBonus(true);
    line.onPromoChange('NOPE');
    connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send).onSubmit(visa);
    await waitFor(cardFormOf(actor.getSnapshot())!, (s) => s.matches('paying'));
    expect(cascades[0].payment).toMatchObject({ amount: '250', bonus: true, promo: '' });
    expect(connectFunding(actor.getSnapshot(), actor.send).amountLine).toMatchObject({ tier: { name: 'bronze', bonus: '23.00' }, terms: { turnover: '690.00' } });
  });

  it('a trader offered no incentives (options.incentivesOff): no bonus choice and no promo code field, with the reason', async () => {
    const off = start({ options: { ...options, incentivesOff: { reason: 'regulated' } } });
    await waitFor(off.actor, (s) => s.matches('ready'));
    expect(connectFunding(off.actor.getSnapshot(), off.actor.send).amountLine).toMatchObject({ hasBonus: false, noBonus: 'funding.bonus.none_incentives', promoOffered: false });
    const on = start();
    await waitFor(on.actor, (s) => s.matches('ready'));
    expect(connectFunding(on.actor.getSnapshot(), on.actor.send).amountLine).toMatchObject({ hasBonus: true, promoOffered: true });
  });

  it('a demo account or a coin account: no bonus offered at all', async () => {
    const demo = start({ input: { demo: true } });
    await waitFor(demo.actor, (s) => s.matches('ready'));
    expect(connectFunding(demo.actor.getSnapshot(), demo.actor.send).amountLine).toMatchObject({ hasBonus: false, noBonus: 'funding.bonus.none_account', tier: null, terms: null });
    const btc = start({ options: { ...options, currency: 'BTC' } });
    await waitFor(btc.actor, (s) => s.matches('ready'));
    expect(connectFunding(btc.actor.getSnapshot(), btc.actor.send).amountLine).toMatchObject({ hasBonus: false, tier: null });
  });

  it('an exchange account (fixed mode): the bonus never goes with the payment', async () => {
    const { actor, cascades } = start({ input: { exchange: true } });
    await fillCard(actor);
    connectFunding(actor.getSnapshot(), actor.send).amountLine!.onBonus(true);
    connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send).onSubmit(visa);
    await waitFor(cardFormOf(actor.getSnapshot())!, (s) => s.matches('paying'));
    expect(cascades[0].payment).toMatchObject({ amount: '250', fixed: true, bonus: false });
  });

  it('a cascade dialog asks for another tab: the page switches to it and closes the card form', async () => {
    const { actor } = start({ cascade: tabOut });
    await fillCard(actor);
    connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send).onSubmit(visa);
    await waitFor(actor, (s) => s.context.tab === 'bitcoin');
    const view = connectFunding(actor.getSnapshot(), actor.send);
    expect(view.tabs.find((t) => t.selected)?.id).toBe('bitcoin');
    expect(view.isCardTab).toBe(false);
    expect(cardFormOf(actor.getSnapshot())).toBeUndefined();
  });
});

describe('connectCard getters (ids, aria-*, handlers, focus intent)', () => {
  it('each input carries its id, its name and its kept value; the CVV is read with its hint; the secrets keep no value', async () => {
    const { actor } = start();
    await fillCard(actor);
    const card = connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send);
    expect(card.getFieldProps('name')).toMatchObject({ id: 'card-name', name: 'ccname', value: 'Jean Dupont', 'aria-invalid': undefined, 'aria-describedby': undefined });
    expect(card.getFieldProps('month')).toMatchObject({ id: 'card-month', name: 'emm', value: '12' });
    expect(card.getLabelProps('year')).toEqual({ htmlFor: 'card-year' });
    const cvv = card.getFieldProps('cvv');
    expect(cvv).toMatchObject({ id: 'card-cvv', name: 'cvv', 'aria-describedby': 'card-cvv-hint' });
    expect('value' in cvv).toBe(false);
    expect(card.getHintProps('cvv')).toEqual({ id: 'card-cvv-hint' });
    expect('value' in card.getFieldProps('number')).toBe(false);
  });

  it('the number is grouped as typed, heard by the view, and only "edited" reaches the machine', async () => {
    const send = vi.fn<(e: FundingEvent) => void>();
    const { actor } = start();
    await fillCard(actor);
    const typed: string[] = [];
    const target = { value: '4111111111111111' };
    connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), send).getFieldProps('number', { onTyped: (v) => typed.push(v) }).onChange!({ target } as never);
    expect(target.value).toBe('4111 1111 1111 1111');
    expect(typed).toEqual(['4111 1111 1111 1111']);
    expect(send.mock.calls).toEqual([[{ type: 'secret.change' }]]);
  });

  it('a refused field is invalid and read with the message, which has its id; a form-wide refusal has the form\'s', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => cardFormOf(s) !== undefined);
    const view = () => connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send);
    view().onSubmit(visa);
    expect(view().getFieldProps('name')).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'card-name-error' });
    expect(view().getErrorProps()).toEqual({ id: 'card-name-error', role: 'alert' });
    expect(view().getFieldProps('month')['aria-invalid']).toBeUndefined();
    await fillCard(actor);
    connectFunding(actor.getSnapshot(), actor.send).amountLine!.onChange('100');
    view().onSubmit(visa);
    expect(view().getErrorProps()).toEqual({ id: 'card-form-error', role: 'alert' });
  });

  it('once paying the form is busy, Deposit is disabled and the status asks for the focus', async () => {
    const { actor, saved } = start();
    await fillCard(actor);
    const before = connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send);
    expect(before.getStatusProps()).toMatchObject({ role: 'group', tabIndex: -1, 'data-focus-on': undefined });
    expect(before.getFormProps()).toMatchObject({ noValidate: true, 'aria-busy': undefined });
    expect(before.getSubmitProps()).toEqual({ type: 'submit', disabled: undefined, 'aria-busy': undefined });
    // the form's submit reads the inputs (FundingPage.test.tsx sends it through the page); here its handler
    before.onSubmit(visa);
    await waitFor(cardFormOf(actor.getSnapshot())!, (s) => s.matches('paying'));
    expect(saved[0]).toMatchObject({ digits: '4111111111111111', cvv: '123' });
    const paying = connectCard(cardFormOf(actor.getSnapshot())!.getSnapshot(), actor.send);
    expect(paying.getStatusProps()['data-focus-on']).toBe('busy');
    expect(paying.getFormProps()['aria-busy']).toBe(true);
    expect(paying.getSubmitProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    expect(paying.getRegionProps()).toEqual({ 'aria-labelledby': 'card-title' });
    expect(paying.getDoneProps()['data-focus-on']).toBeUndefined();
  });
});

describe('connectCascade', () => {
  it('the daily-limit dialog: a modal that Escape closes; why, then its buttons send to the page', async () => {
    const cascade = cascadeMachine.provide({ actors: { fraudCheck: fromPromise(async (): Promise<FraudCheckOutput> => ({ day_limit: true, message: 'Daily limit' })) } });
    const actor = createActor(cascade, { input: { settings: ['ORANGE'], user: '', country: 'MT', affsId: '', noVload: [], now: T, payment: { id: '', key: 'k-12345678', amount: '250', currency: 'USD', fixed: false, bonus: false, promo: '', card: 'tok-1' } } });
    const send = vi.fn();
    actor.start();
    expect(connectCascade(actor.getSnapshot(), send).isChecking).toBe(true);
    await waitFor(actor, (s) => s.matches('dayLimit'));
    let view = connectCascade(actor.getSnapshot(), send);
    expect([view.isDayLimit, view.isDayLimitWhy, view.isDialog, view.closesOnEscape, view.isTrying]).toEqual([true, false, true, true, false]);
    actor.send({ type: 'dialog.why' });
    view = connectCascade(actor.getSnapshot(), send);
    expect([view.isDayLimit, view.isDayLimitWhy]).toEqual([true, true]);
    view.onTab('bitcoin');
    view.onClose();
    expect(send.mock.calls.map((c) => c[0])).toEqual([{ type: 'dialog.tab', tab: 'bitcoin' }, { type: 'dialog.close' }]);
  });

  it("the dialog's options for useDialog: named by the step's heading, the focus moved in again when the step changes; the buttons' getters send", async () => {
    const cascade = cascadeMachine.provide({ actors: { fraudCheck: fromPromise(async (): Promise<FraudCheckOutput> => ({ day_limit: true, message: 'Daily limit' })) } });
    const actor = createActor(cascade, { input: { settings: ['ORANGE'], user: '', country: 'MT', affsId: '', noVload: [], now: T, payment: { id: '', key: 'k-12345678', amount: '250', currency: 'USD', fixed: false, bonus: false, promo: '', card: 'tok-1' } } });
    const send = vi.fn();
    actor.start();
    expect(cascadeStep(actor.getSnapshot())).toBe('checking');
    expect(connectCascade(actor.getSnapshot(), send).dialog).toBeNull();
    await waitFor(actor, (s) => s.matches('dayLimit'));
    let view = connectCascade(actor.getSnapshot(), send);
    expect(view.dialog).toMatchObject({ role: 'alertdialog', mandatory: false, labelledBy: 'cascade-day-title', focusKey: 'dayLimit' });
    expect(view.getBoxProps('dayLimit')).toEqual({ role: 'group', 'aria-labelledby': 'cascade-day-title' });
    expect(view.getBoxTitleProps('dayLimit')).toEqual({ id: 'cascade-day-title' });
    expect(view.getPanelProps()).toEqual({ 'aria-live': 'polite' });
    view.getWhyProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'dialog.why' });
    actor.send({ type: 'dialog.why' });
    view = connectCascade(actor.getSnapshot(), send);
    expect([view.step, view.dialog?.focusKey]).toEqual(['dayLimitWhy', 'dayLimitWhy']);
    view.dialog!.onClose();
    view.getTabProps('bitcoin').onClick();
    expect(send.mock.calls.slice(-2).map((c) => c[0])).toEqual([{ type: 'dialog.close' }, { type: 'dialog.tab', tab: 'bitcoin' }]);
    actor.send({ type: 'dialog.close' });
    expect(cascadeStep(actor.getSnapshot())).toBe('done');
  });

  it("Entropay's steps are a dialog that is answered, not dismissed", async () => {
    const cascade = cascadeMachine.provide({
      actors: {
        fraudCheck: fromPromise(async (): Promise<FraudCheckOutput> => ({ payment: 'p-1' })),
        startProcessor: fromPromise(async (): Promise<StartOutput> => ({ reply: { proc: 'ENTROPAY', return: 'pin' }, at: T })),
      },
    });
    const actor = createActor(cascade, { input: { settings: [], user: 'ENTROPAY', country: 'DE', affsId: '', noVload: [], now: T, payment: { id: '', key: 'k-12345678', amount: '250', currency: 'USD', fixed: false, bonus: false, promo: '', card: 'tok-1' } } });
    actor.start();
    await waitFor(actor, (s) => s.matches('entropay'));
    const view = connectCascade(actor.getSnapshot(), () => {});
    expect(view.dialog).toMatchObject({ mandatory: true, labelledBy: 'entro-title entro-cvv-title', focusKey: 'entropay' });
    expect(view.entropay?.getSnapshot().value).toBe('cvv');
    actor.stop();
  });
});

describe('the amount line on the method tabs', () => {
  it('wallets, bank and fiat show the same amount line; what they pay is its amount, the bonus and the checked code, with the bonus it shows', async () => {
    const { actor } = start({ input: { tabs: ['card', 'bitcoin', 'neteller', 'bank', 'vload'] } });
    await waitFor(actor, (s) => s.matches('ready'));
    const view = () => connectFunding(actor.getSnapshot(), actor.send);
    for (const [tab, shown] of [['neteller', true], ['bank', true], ['bitcoin', false], ['vload', false]] as const) {
      view().tabs.find((x) => x.id === tab)!.onSelect();
      expect([tab, view().hasAmountLine]).toEqual([tab, shown]);
    }
    view().tabs.find((x) => x.id === 'neteller')!.onSelect();
    view().amountLine!.onChange('1000');
    view().amountLine!.onBonus(true);
    view().amountLine!.onPromoChange('GOLD');
    view().amountLine!.onPromoApply();
    await waitFor(actor, (s) => s.context.promoPercent === '1');
    // silver: (1.5% + 1%) of 1000 + 50
    expect(view().amountLine!.tier).toMatchObject({ name: 'silver', bonus: '75.00' });
    expect(pagePayment(actor.getSnapshot().context)).toEqual({ amount: '1000', bonus: true, promo: 'GOLD' });
    view().amountLine!.onBonus(false);
    // no bonus: no code goes with it either
    expect(pagePayment(actor.getSnapshot().context)).toEqual({ amount: '1000', bonus: false, promo: '' });
  });

  it('US/CA: the card tabs pay the fixed amount; a wallet tab takes a typed amount (its minimum) and offers no bonus', async () => {
    const { actor } = start({ options: { ...options, fixedAmount: '250', minDeposit: '500' }, input: { tabs: ['card', 'neteller'] } });
    await waitFor(actor, (s) => s.matches('ready'));
    const view = () => connectFunding(actor.getSnapshot(), actor.send);
    expect(view().amountLine).toMatchObject({ isLocked: true, hasBonus: false });
    expect(view().deposit).toEqual({ amount: '250', currency: 'USD', text: '$250.00' });
    view().tabs.find((x) => x.id === 'neteller')!.onSelect();
    expect(view().amountLine).toMatchObject({ isLocked: false, typed: '500', hasBonus: false, problem: null });
    view().amountLine!.onChange('600');
    view().amountLine!.onBonus(true);
    expect(pagePayment(actor.getSnapshot().context)).toEqual({ amount: '600', bonus: false, promo: '' });
    view().tabs.find((x) => x.id === 'card')!.onSelect();
    expect(view().amountLine!.isLocked).toBe(true);
    expect(view().deposit).toEqual({ amount: '250', currency: 'USD', text: '$250.00' });
  });
});

describe('connectEntropay', () => {
  it("names the amount with the payment's currency, written one way (core/format)", () => {
    const snapshot = createActor(entropayMachine, { input: { dialog: 'start', paymentId: 'p-1', amount: '1250.00' } }).start().getSnapshot();
    expect(connectEntropay(snapshot, () => {}, 'EUR').amountText).toBe('€1,250.00');
    expect(connectEntropay(snapshot, () => {}, 'EUR', 'ru').amountText).toBe('1\u00a0250,00\u00a0€');
    // no currency known: the amount as the machine holds it
    expect(connectEntropay(snapshot, () => {}).amountText).toBe('1250.00');
  });

  it('the CVV input keeps digits only in the view, says it changed, and Enter sends it and empties it', () => {
    const snapshot = createActor(entropayMachine, { input: { dialog: 'cvv', paymentId: 'p-1', amount: '10.00' } }).start().getSnapshot();
    const send = vi.fn();
    let value = '';
    const cvv = { value: '12a3', onValue: (v: string) => { value = v; } };
    const e = connectEntropay(snapshot, send);
    const field = e.getCvvFieldProps(cvv);
    expect(field).toMatchObject({ id: 'entro-cvv', name: undefined, value: '12a3', 'aria-invalid': undefined });
    field.onChange!({ target: { value: '12a3' } } as never);
    expect(value).toBe('123');
    const prevented = vi.fn();
    field.onKeyDown({ key: 'Enter', preventDefault: prevented });
    expect(prevented).toHaveBeenCalled();
    expect(send.mock.calls.map((c) => c[0])).toEqual([{ type: 'cvv.change' }, { type: 'cvv.submit', cvv: '12a3' }]);
    expect(value).toBe('');
    expect(e.getCvvErrorProps()).toEqual({ id: 'entro-cvv-error', role: 'alert' });
    expect(e.getBoxProps('cvv')).toEqual({ role: 'group', 'aria-labelledby': 'entro-cvv-title' });
  });
});
