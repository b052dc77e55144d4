import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { fundingMachine } from './funding.machine';
import type { CardOpening, FundingInput, FundingOptions, PromoOutput } from './funding.types';
import type { CardFormInput } from '../card-form/card-form.types';

/** What the generated paths do not try: the other add alerts, a resumed payment, tabs without the card, long inputs, every forwarded card event (mutation score). */
const options: FundingOptions = {
  currency: 'USD', minDeposit: '250', maxDeposit: '50000', fixedAmount: null,
  tiers: [{ name: 'bronze', from: '250', percent: '1.2', value: '20' }],
  maxBonusPercent: '3.5', maxBonusValue: '200', bonusTurnover: '30', geo: 'MT', cardsToday: 0, dailyLimit: 3,
};
const stack = { settings: [], user: 'PFS,ORANGE', country: 'MT', affsId: '', noVload: [] };
const base: FundingInput = { add: '', ng: '', demo: false, risk: false, mobile: false, exchange: false, tabs: ['card', 'jcb', 'bitcoin', 'neteller'], userId: 'u-1', stack };
const opening: CardOpening = { resume: null, now: 1_700_000_000_000, year: 2026, month: 11, keySeed: 'seed' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(input: Partial<FundingInput> = {}, loaded: FundingOptions = options) {
  const received: AnyEventObject[] = [];
  const formInputs: CardFormInput[] = [];
  const promos: string[] = [];
  const machine = fundingMachine.provide({
    actors: {
      loadOptions: fromPromise<FundingOptions>(async () => loaded),
      checkPromo: fromPromise<PromoOutput, { promo: string }>(async ({ input }) => {
        promos.push(input.promo);
        return { percent: '1' };
      }),
      openCard: fromPromise<CardOpening, { userId: string }>(async () => opening),
      cardForm: fromCallback<AnyEventObject, CardFormInput>(({ input, receive }) => {
        formInputs.push(input);
        receive((e) => void received.push(e));
      }) as never,
    },
  });
  return { actor: createActor(machine, { input: { ...base, ...input } }).start(), received, formInputs, promos };
}

describe('funding page', () => {
  it('each add parameter opens its own alert', () => {
    const alerts = Object.fromEntries(
      ['entro', 'payment_error', 'payment_success', 'payment_process', 'other'].map((add) => {
        const { actor } = page({ add });
        const alert = actor.getSnapshot().context.alert;
        actor.stop();
        return [add, alert];
      }),
    );
    expect(alerts).toEqual({
      entro: { title: { key: 'funding.add.entro.title' }, text: { key: 'funding.add.entro.text' }, variant: 'info' },
      payment_error: { title: { key: 'funding.add.payment_error.title' }, text: { key: 'funding.add.payment_error.text' }, variant: 'error' },
      payment_success: { title: { key: 'funding.add.payment_success.title' }, text: { key: 'funding.add.payment_success.text' }, variant: 'success' },
      payment_process: { title: { key: 'funding.add.payment_process.title' }, text: { key: 'funding.add.payment_process.text' }, variant: 'info' },
      other: null,
    });
  });

  it('the first tab: card for a resumed payment even on a phone; else the first tab offered', () => {
    const tab = (input: Partial<FundingInput>) => {
      const { actor } = page(input);
      const t = actor.getSnapshot().context.tab;
      actor.stop();
      return t;
    };
    expect(tab({ resuming: true, mobile: true, risk: true })).toBe('card');
    expect(tab({ mobile: true })).toBe('bitcoin');
    expect(tab({ risk: true })).toBe('bitcoin');
    expect(tab({ mobile: true, tabs: ['card', 'neteller'] })).toBe('card');
    expect(tab({ tabs: ['neteller', 'bitcoin'] })).toBe('neteller');
    expect(tab({ tabs: [] })).toBe('card');
    expect(tab({ resuming: true, tabs: ['bitcoin', 'card'] })).toBe('card');
    expect(tab({ tabs: ['bitcoin', 'card'] })).toBe('card');
  });

  it('inputs are cut: the promo link at 64, the amount at 24, a typed code at 64; the checked code is trimmed', async () => {
    const { actor, promos } = page({ add: 'promo', ng: `${'P'.repeat(70)}` });
    expect(actor.getSnapshot().context.promo).toBe('P'.repeat(64));
    expect(actor.getSnapshot().context.scrollToAmount).toBe(true);
    await settle();
    actor.send({ type: 'amount.change', value: '1'.repeat(30) });
    expect(actor.getSnapshot().context.amount).toBe('1'.repeat(24));
    actor.send({ type: 'promo.change', value: ` ${'G'.repeat(70)}` });
    expect(actor.getSnapshot().context.promo).toBe(` ${'G'.repeat(63)}`);
    actor.send({ type: 'promo.apply' });
    await settle();
    expect(promos).toEqual(['P'.repeat(64), 'G'.repeat(63)]);
    actor.stop();
  });

  it('the amount a page opens with: 250 when the minimum allows it, else the minimum', async () => {
    const { actor } = page({}, { ...options, minDeposit: '100' });
    await settle();
    expect(actor.getSnapshot().context.amount).toBe('250');
    actor.stop();
    const high = page({}, { ...options, minDeposit: '400' });
    await settle();
    expect(high.actor.getSnapshot().context.amount).toBe('400');
    high.actor.stop();
  });

  it('the card form gets the page facts and every card event; Deposit goes with the payment of the press', async () => {
    const { actor, received, formInputs } = page({ demo: true });
    await settle();
    await settle();
    expect(formInputs).toEqual([{ ...stack, geo: 'MT', currency: 'USD', jcb: false, demo: true, year: 2026, month: 11, resume: null, now: opening.now }]);
    const card = { digits: '4111111111111111', type: 'visa', lengths: [16], luhn: true };
    const forwarded: AnyEventObject[] = [
      { type: 'field.change', field: 'name', value: 'Jean' }, { type: 'secret.change' }, { type: 'result.close' }, { type: 'dialog.why' },
      { type: 'dialog.tab', tab: 'bitcoin' }, { type: 'dialog.close' }, { type: 'payment.retry' }, { type: 'payment.cancel' }, { type: 'listen.stop' },
    ];
    for (const e of forwarded) actor.send(e as never);
    actor.send({ type: 'card.submit', card, cvv: '123', now: 5 });
    actor.send({ type: 'card.submit', card, cvv: '123', now: 6 });
    expect(received.slice(0, forwarded.length)).toEqual(forwarded);
    expect(received.slice(forwarded.length)).toEqual([
      { type: 'card.submit', card, cvv: '123', now: 5, payment: { key: 'seed-1', amount: '250', currency: 'USD', fixed: false, bonus: false, promo: '', amountError: null } },
      { type: 'card.submit', card, cvv: '123', now: 6, payment: { key: 'seed-2', amount: '250', currency: 'USD', fixed: false, bonus: false, promo: '', amountError: null } },
    ]);
    // the JCB tab opens a new form, which takes only JCB cards
    actor.send({ type: 'tab.select', tab: 'jcb' });
    await settle();
    expect(formInputs[1]).toMatchObject({ jcb: true });
    expect(actor.getSnapshot().context).toMatchObject({ cardTab: 'jcb', presses: 0 });
    actor.stop();
  });

  it('a tab the page does not offer is not selected', async () => {
    const { actor } = page({ tabs: ['card', 'bitcoin'] });
    await settle();
    actor.send({ type: 'tab.select', tab: 'neteller' });
    expect(actor.getSnapshot().context.tab).toBe('card');
    actor.send({ type: 'tab.select', tab: 'bitcoin' });
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'bitcoin', card: null, cardTab: null });
    actor.stop();
  });

  it('a promo code is read only from the promo link; a blank code is not checked; a check that fails on the network says invalid', async () => {
    const other = page({ add: 'payment_error', ng: 'WELCOME' });
    expect(other.actor.getSnapshot().context.promo).toBe('');
    other.actor.stop();
    const machine = fundingMachine.provide({
      actors: {
        loadOptions: fromPromise<FundingOptions>(async () => options),
        checkPromo: fromPromise<PromoOutput, { promo: string }>(() => Promise.reject({ kind: 'network' })),
        openCard: fromPromise<CardOpening, { userId: string }>(() => new Promise(() => {})),
      },
    });
    const actor = createActor(machine, { input: { ...base, tabs: ['bitcoin'] } }).start();
    await settle();
    actor.send({ type: 'promo.change', value: '   ' });
    actor.send({ type: 'promo.apply' });
    expect(actor.getSnapshot().context.promoError).toEqual({ key: 'funding.promo.invalid' });
    actor.send({ type: 'promo.change', value: 'GOLD' });
    expect(actor.getSnapshot().context.promoError).toBeNull();
    actor.send({ type: 'promo.apply' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ promoError: { key: 'funding.promo.invalid' }, promoPercent: '0', promoValue: '0' });
    actor.stop();
  });
});
