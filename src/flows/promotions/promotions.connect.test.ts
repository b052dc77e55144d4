import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PromotionList } from '../../../core/contract/promotions';
import { promotion } from '../../../machines/promotions/promotions.model';
import { promotionsMachine } from '../../../machines/promotions/promotions.machine';
import { connectPromotions } from './promotions.connect';

function start(activate: (id: string) => Promise<{ id: string; activatedAt: string }>) {
  let activated: string | null = null;
  const lists: PromotionList[] = [];
  const machine = promotionsMachine.provide({
    actors: {
      list: fromPromise(async () => {
        const list = {
          currency: 'USD',
          promotions: [
            promotion({ activatedAt: activated }),
            promotion({ id: 'euro', currency: 'EUR', eligible: false, ru: { title: 'Евро', gives: 'Даёт', terms: 'Условия' } }),
          ],
        } as PromotionList;
        lists.push(list);
        return list;
      }),
      activate: fromPromise(async ({ input }) => {
        const answer = await activate(input.id);
        activated = answer.activatedAt;
        return answer;
      }),
    },
  });
  const actor = createActor(machine).start();
  const view = (lang = 'en') => connectPromotions(actor.getSnapshot(), actor.send, lang);
  return { actor, view, lists };
}

describe('connectPromotions', () => {
  it('lists the promotions in the language, terms before activation, activated → the list reloads', async () => {
    const { actor, view, lists } = start(async (id) => ({ id, activatedAt: '2026-11-25T10:00:00.000Z' }));
    expect(view().isLoading).toBe(true);
    await waitFor(actor, (s) => s.matches('list'));
    expect(view().rows.map((r) => [r.id, r.blocked])).toEqual([
      ['sandbox-deposit-plus-1', ''],
      ['euro', 'not_eligible'],
    ]);
    expect(view('ru').rows[1]!.text.title).toBe('Евро');
    // the maximum per deposit as the trader reads it (core/format): the promotion's currency, else the account's
    expect(view().rows.map((r) => r.maxText)).toEqual(['$50.00', '€50.00']);
    expect(view('ru').rows.map((r) => r.maxText)).toEqual(['50,00\u00a0$', '50,00\u00a0€']);
    view().rows[1]!.onOpen();
    expect(view().terms).toBeNull();
    view().rows[0]!.onOpen();
    expect(view().terms).toMatchObject({ id: 'sandbox-deposit-plus-1', percent: '1', max: '50.00', maxText: '$50.00' });
    view().onCancel();
    expect(view().terms).toBeNull();
    view().rows[0]!.onOpen();
    view().onConfirm();
    expect(view().isActivating).toBe(true);
    await waitFor(actor, (s) => s.matches('list'));
    expect(lists).toHaveLength(2);
    expect(view().activated).toEqual({ title: 'Deposit bonus +1 %', percent: '1' });
    expect(view().rows[0]!.blocked).toBe('activated');
    expect(view().terms).toBeNull();
    expect(view().getActivatedProps()).toMatchObject({ role: 'status', tabIndex: -1 });
    expect(view().getLoadingProps()).toEqual({ 'aria-busy': true });
    expect(view().getProblemProps()).toEqual({ role: 'alert' });
  });

  it('a refusal shows the server message; dismiss reads the list again; no answer offers a retry', async () => {
    let answers = [
      () => Promise.reject({ kind: 'network' }),
      () => Promise.reject({ kind: 'http', status: 409, error: 'promotions.already_activated', message: 'You have already activated this promotion.' }),
    ];
    const { actor, view, lists } = start(() => answers.shift()!());
    await waitFor(actor, (s) => s.matches('list'));
    view().rows[0]!.onOpen();
    view().onConfirm();
    await waitFor(actor, (s) => s.matches('activateFailed'));
    expect(view().activateFailed).toMatchObject({ key: 'promotions.activate_error' });
    expect(view().terms).not.toBeNull();
    view().onRetryActivate();
    await waitFor(actor, (s) => s.matches('refused'));
    expect(view().refusal).toMatchObject({ key: 'promotions.already_activated' });
    view().onDismiss();
    await waitFor(actor, (s) => s.matches('list'));
    expect(lists).toHaveLength(2);
    expect(view().refusal).toBeNull();
    answers = [];
  });
});
