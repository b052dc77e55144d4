import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import { cardFormMachine } from './card-form.machine';
import type { CardFormInput, CardTabAsk, SaveCardInput, SavedCard } from './card-form.types';
import type { CascadeInput, CascadeOutput } from '../cascade/cascade.types';

/** What the generated paths do not try: other fields, padded and short inputs, a cascade that ends without a reason, the funding page as parent (mutation score). */
const T = 1_700_000_000_000;
const base: CardFormInput = { settings: [], user: 'PFS,ORANGE', country: 'MT', affsId: '', noVload: [], geo: 'MT', currency: 'USD', jcb: false, demo: false, year: 2026, month: 11, resume: null, now: T };
const visa = { digits: '4111111111111111', type: 'visa', lengths: [16, 18, 19], luhn: true };
const ask = { key: 'k-1', amount: '250', currency: 'USD', fixed: false, bonus: true, promo: '', amountError: null };
const saved: SavedCard = { token: 'tok-1', first6: '411111', last4: '1111', type: 'visa' };
const end = (result: CascadeOutput['result'], error: CascadeOutput['error'] = null): CascadeOutput => ({ result, error, tab: result === 'tab' ? 'bitcoin' : '', amount: '250', currency: 'USD', stack: [], steps: [], explained: false });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function form(input: Partial<CardFormInput> = {}, cascade?: (input: CascadeInput) => Promise<CascadeOutput>) {
  const saves: SaveCardInput[] = [];
  const starts: CascadeInput[] = [];
  const alerts: unknown[] = [];
  const machine = cardFormMachine.provide({
    actors: {
      saveCard: fromPromise<SavedCard, SaveCardInput>(async ({ input }) => {
        saves.push(input);
        return saved;
      }),
      cascade: fromPromise<CascadeOutput, CascadeInput>(async ({ input }) => {
        starts.push(input);
        return cascade ? cascade(input) : new Promise<never>(() => {});
      }) as never,
    },
    actions: { alert: (_, params) => void alerts.push(params) },
  });
  const actor = createActor(machine, { input: { ...base, ...input } }).start();
  const fill = () => {
    actor.send({ type: 'field.change', field: 'name', value: 'Jean Pierre Dupont' });
    actor.send({ type: 'field.change', field: 'month', value: '3' });
    actor.send({ type: 'field.change', field: 'year', value: '2027' });
  };
  return { actor, saves, starts, alerts, fill };
}

describe('card form', () => {
  it('each field goes to its own place, cut at 64 characters, and an edit clears the error', () => {
    const { actor } = form();
    actor.send({ type: 'card.submit', card: visa, cvv: '123', payment: ask, now: T });
    expect(actor.getSnapshot().context.error).toMatchObject({ field: 'name' });
    actor.send({ type: 'field.change', field: 'country', value: 'DE' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'field.change', field: 'currency', value: 'EUR' });
    actor.send({ type: 'field.change', field: 'name', value: 'J'.repeat(70) });
    expect(actor.getSnapshot().context).toMatchObject({ country: 'DE', currency: 'EUR', name: 'J'.repeat(64), expMonth: '', expYear: '' });
    actor.send({ type: 'card.submit', card: visa, cvv: '123', payment: ask, now: T });
    expect(actor.getSnapshot().context.error).toMatchObject({ field: 'month' });
    actor.send({ type: 'secret.change' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });

  it('an unknown geo gives the default country', () => {
    const { actor } = form({ geo: '' });
    expect(actor.getSnapshot().context.country).toBe('FR');
    actor.stop();
  });

  it('the save call gets the two-digit month, the trimmed CVV, the split name; the payment takes the form currency when the page names none', async () => {
    const { actor, saves, starts, fill } = form();
    fill();
    actor.send({ type: 'card.submit', card: visa, cvv: ' 123 ', payment: { ...ask, currency: '' }, now: T + 5 });
    expect(actor.getSnapshot().value).toBe('saving');
    await settle();
    expect(saves).toEqual([{ fn: 'Jean', ln: 'Pierre Dupont', digits: visa.digits, cvv: '123', type: 'visa', month: '03', year: '2027', country: 'MT', currency: 'USD' }]);
    expect(actor.getSnapshot().value).toBe('paying');
    expect(starts[0]).toMatchObject({ now: T + 5, payment: { id: '', key: 'k-1', amount: '250', currency: 'USD', card: 'tok-1', bonus: true, fixed: false, promo: '' } });
    expect(starts[0]).not.toHaveProperty('resume');
    actor.stop();
  });

  it('a run that stops without a reason says declined; a finished resumed run is not resumed', async () => {
    const { actor, alerts, fill } = form({ resume: { payment: { id: 'p-1', key: 'k-0', amount: '250', currency: 'USD', fixed: false, bonus: false, promo: '', card: 'tok' }, tried: ['PFS'], current: null, log: [], finished: true } }, async () => end('stopped'));
    expect(actor.getSnapshot().value).toBe('editing');
    fill();
    actor.send({ type: 'card.submit', card: visa, cvv: '123', payment: ask, now: T });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(alerts).toEqual([{ title: { key: 'cascade.card_title' }, text: { key: 'cascade.declined' }, variant: 'error' }]);
    expect(actor.getSnapshot().context.result).toMatchObject({ result: 'stopped' });
    actor.stop();
  });

  it('the trader’s dialog and payment events go on to the running cascade', async () => {
    const received: AnyEventObject[] = [];
    const machine = cardFormMachine.provide({
      actors: {
        saveCard: fromPromise<SavedCard, SaveCardInput>(async () => saved),
        cascade: fromCallback(({ receive }) => receive((e) => void received.push(e))) as never,
      },
    });
    const actor = createActor(machine, { input: base }).start();
    actor.send({ type: 'field.change', field: 'name', value: 'Jean Dupont' });
    actor.send({ type: 'field.change', field: 'month', value: '12' });
    actor.send({ type: 'field.change', field: 'year', value: '2027' });
    actor.send({ type: 'card.submit', card: visa, cvv: '123', payment: ask, now: T });
    await settle();
    const events: AnyEventObject[] = [{ type: 'dialog.why' }, { type: 'dialog.tab', tab: 'bitcoin' }, { type: 'dialog.close' }, { type: 'payment.retry' }, { type: 'payment.cancel' }, { type: 'listen.stop' }];
    for (const e of events) actor.send(e as never);
    expect(received).toEqual(events);
    actor.stop();
  });

  it('a dialog that sends the trader to another tab asks the funding page for it', async () => {
    const parent = setup({
      types: {} as { context: { asked: string[] }; events: CardTabAsk },
      actors: {
        cardForm: cardFormMachine.provide({
          actors: { saveCard: fromPromise<SavedCard, SaveCardInput>(async () => saved), cascade: fromPromise<CascadeOutput, CascadeInput>(async () => end('tab')) as never },
        }),
      },
    }).createMachine({
      context: { asked: [] },
      invoke: { id: 'cardForm', src: 'cardForm', input: base },
      on: {
        'card.tab': { actions: assign(({ context, event }) => ({ asked: [...context.asked, event.tab] })) },
      },
    });
    const actor = createActor(parent).start();
    const child = actor.getSnapshot().children.cardForm!;
    child.send({ type: 'field.change', field: 'name', value: 'Jean Dupont' });
    child.send({ type: 'field.change', field: 'month', value: '12' });
    child.send({ type: 'field.change', field: 'year', value: '2027' });
    child.send({ type: 'card.submit', card: visa, cvv: '123', payment: ask, now: T });
    await settle();
    await settle();
    expect(actor.getSnapshot().context.asked).toEqual(['bitcoin']);
    expect(child.getSnapshot().value).toBe('editing');
    actor.stop();
  });
});
