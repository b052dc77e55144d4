import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LimitsResponse } from '../../../core/contract/limits';
import type { SaveLimitRequest, SaveLimitResponse } from '../../../machines/trader-limits/trader-limits.types';
import { traderLimitsMachine } from '../../../machines/trader-limits/trader-limits.machine';
import { limitsAnswer, RAISE_FROM } from '../../../machines/trader-limits/trader-limits.model';
import { connectTraderLimits } from './limits.connect';

function start(save: (input: SaveLimitRequest) => Promise<SaveLimitResponse>, load: () => Promise<LimitsResponse> = async () => limitsAnswer(), lang = 'en') {
  const sent: SaveLimitRequest[] = [];
  const machine = traderLimitsMachine.provide({
    actors: {
      loadLimits: fromPromise(load),
      saveLimit: fromPromise(async ({ input }) => {
        sent.push(input);
        return save(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  const view = () => connectTraderLimits(actor.getSnapshot(), actor.send, lang);
  const type = (value: string) => view().getAmountFieldProps().onChange?.({ target: { value } } as never);
  const submit = () => view().getFormProps().onSubmit({ preventDefault: () => {}, currentTarget: undefined } as never);
  return { actor, sent, view, type, submit };
}

/** the day's limit changed as the server would answer */
const withDay = (day: Partial<LimitsResponse['deposit'][number]>): LimitsResponse => {
  const answer = limitsAnswer();
  return { ...answer, deposit: answer.deposit.map((d) => (d.period === 'day' ? { ...d, ...day } : d)) };
};

describe('connectTraderLimits', () => {
  it('shows each period with its limit, what is used and left, and a waiting raise', async () => {
    const { actor, view } = start(async () => ({ limits: limitsAnswer(), applied: 'now' }));
    expect(view().loading).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    const [day, week, month] = view().rows;
    expect(day).toMatchObject({ period: 'day', title: { key: 'limits.window.hours', params: { count: 24 } }, limit: '$500.00', used: '$120.00', left: '$380.00', percent: 24, pending: null, removable: true, editing: false });
    expect(week).toMatchObject({ title: { key: 'limits.window.days', params: { count: 7 } }, limit: '$1,000.00', pending: { amount: '$2,000.00', from: RAISE_FROM, message: { key: 'limits.pending.raise', params: { amount: '$2,000.00' } } } });
    expect(month).toMatchObject({ limit: null, left: null, percent: null, used: '$620.00', removable: false });
    expect(view().coolingOffHours).toBe(24);
    expect(view().maxLimit).toBe('$1,000,000.00');
  });

  it('writes amounts in the trader’s language, and a window used past its limit as full with nothing left', async () => {
    const { actor, view } = start(async () => ({ limits: limitsAnswer(), applied: 'now' }), async () => withDay({ amount: '100.00', used: '130.00' }), 'ru');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().rows[0]).toMatchObject({ limit: '100,00\u00a0$', left: '0,00\u00a0$', percent: 100 });
  });

  it('opens a row with its limit typed and the focus on the amount, checks it before sending, and sends it as the wire takes it', async () => {
    const { actor, sent, view, type, submit } = start(async (input) => ({ limits: withDay({ amount: input.amount }), applied: 'now' }));
    await waitFor(actor, (s) => s.matches('ready'));
    view().getEditProps('deposit', 'day').onClick();
    expect(view().editing?.period).toBe('day');
    expect(view().amount).toBe('500');
    expect(view().getAmountFieldProps()['data-focus-on']).toBe('open-1');
    type('12.345');
    submit();
    expect(sent).toEqual([]);
    expect(view().amountError).toEqual({ key: 'limits.error.precision', params: { decimals: 2 } });
    expect(view().getAmountFieldProps()).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'limit-amount-hint limit-amount-error', 'data-focus-on': 'refused-1' });
    type('2000000');
    submit();
    expect(view().amountError).toEqual({ key: 'limits.error.max', params: { max: '$1,000,000.00' } });
    type(' 250,5 ');
    expect(view().amountError).toBeNull();
    submit();
    expect(sent).toEqual([{ kind: 'deposit', period: 'day', amount: '250.50' }]);
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }));
    expect(view().rows[0]).toMatchObject({ limit: '$250.50', saved: { applied: 'now', amount: '$250.50', from: null, message: { key: 'limits.saved.now', params: { amount: '$250.50' } } }, editing: false });
    expect(view().getSavedProps()['data-focus-on']).toBe('saved-1');
  });

  it('a raise waits: the answer names its date; Remove limit asks for none', async () => {
    const { actor, sent, view, type, submit } = start(async (input) => ({ limits: withDay({ pending: { amount: input.amount, from: RAISE_FROM } }), applied: 'later' }));
    await waitFor(actor, (s) => s.matches('ready'));
    view().getEditProps('deposit', 'day').onClick();
    type('2000');
    submit();
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }));
    expect(view().rows[0]).toMatchObject({ limit: '$500.00', pending: { amount: '$2,000.00', from: RAISE_FROM }, saved: { applied: 'later', amount: '$2,000.00', from: RAISE_FROM, message: { key: 'limits.saved.later', params: { amount: '$2,000.00' } } } });
    view().getEditProps('deposit', 'day').onClick();
    view().getRemoveProps().onClick();
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }));
    expect(sent).toEqual([{ kind: 'deposit', period: 'day', amount: '2000.00' }, { kind: 'deposit', period: 'day', amount: null }]);
    expect(view().rows[0]).toMatchObject({
      pending: { amount: null, from: RAISE_FROM, message: { key: 'limits.pending.removal' } },
      saved: { applied: 'later', amount: null, message: { key: 'limits.saved.removed_later' } },
      removable: false,
    });
  });

  it('does not offer a removal where there is no limit, nor hear one', async () => {
    const { actor, sent, view } = start(async () => ({ limits: limitsAnswer(), applied: 'now' }));
    await waitFor(actor, (s) => s.matches('ready'));
    view().getEditProps('deposit', 'month').onClick();
    expect(view().editing).toMatchObject({ period: 'month', removable: false });
    expect(view().amount).toBe('');
    view().getRemoveProps().onClick();
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().matches({ ready: { editor: 'editing' } })).toBe(true);
  });

  it('a lost connection keeps what was typed with the failure focused; a refused amount is marked on the field', async () => {
    const answers: Array<() => Promise<SaveLimitResponse>> = [
      () => Promise.reject({ kind: 'network' }),
      () => Promise.reject({ kind: 'http', status: 400, error: 'limits.amount', message: 'Enter the limit as an amount in USD.', fields: { amount: 'limits.amount' } }),
    ];
    let release: () => void = () => {};
    const { actor, sent, view, type, submit } = start((input) => new Promise((resolve, reject) => (release = () => answers.shift()!().then(resolve, reject))).then(() => ({ limits: withDay({ amount: input.amount }), applied: 'now' as const })));
    await waitFor(actor, (s) => s.matches('ready'));
    view().getEditProps('deposit', 'day').onClick();
    type('300');
    submit();
    expect(view().saving).toBe(true);
    expect(view().getSaveProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    expect(view().getEditProps('deposit', 'week').disabled).toBe(true);
    // nothing else is heard while it is sent
    view().getCancelProps().onClick();
    release();
    await waitFor(actor, (s) => s.matches({ ready: { editor: 'failed' } }));
    expect(view().failed).toBe(true);
    expect(view().error).toEqual({ key: 'limits.save_failed' });
    expect(view().amount).toBe('300');
    expect(view().getFailureProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'failed-1' });
    submit();
    release();
    await waitFor(actor, (s) => s.matches({ ready: { editor: 'failed' } }) && s.context.amountError !== null);
    expect(sent).toEqual([{ kind: 'deposit', period: 'day', amount: '300.00' }, { kind: 'deposit', period: 'day', amount: '300.00' }]);
    expect(view().failed).toBe(false);
    expect(view().amountError).toEqual({ key: 'limits.amount', fallback: 'Enter the limit as an amount in USD.' });
    expect(view().getAmountFieldProps()['aria-invalid']).toBe(true);
  });

  it('Cancel closes the editor and gives the focus back to the row’s button; another row opens from an open editor', async () => {
    const { actor, view, type } = start(async () => ({ limits: limitsAnswer(), applied: 'now' }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().getEditProps('deposit', 'day')['data-focus-on']).toBeUndefined();
    view().getEditProps('deposit', 'day').onClick();
    type('1');
    view().getEditProps('deposit', 'week').onClick();
    expect(view().editing?.period).toBe('week');
    expect(view().amount).toBe('1000');
    view().getCancelProps().onClick();
    expect(view().editing).toBeNull();
    expect(view().getEditProps('deposit', 'week')['data-focus-on']).toBe('closed-2');
    expect(view().getEditProps('deposit', 'day')['data-focus-on']).toBeUndefined();
  });

  it('says when the limits cannot be read, and reads them again', async () => {
    let reads = 0;
    const { actor, view } = start(
      async () => ({ limits: limitsAnswer(), applied: 'now' }),
      async () => {
        reads++;
        if (reads === 1) throw { kind: 'network' };
        return limitsAnswer();
      },
    );
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(view().error).toEqual({ key: 'limits.load_failed' });
    view().getRetryProps().onClick();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().rows).toHaveLength(3);
  });

  it('shows the stake and loss limits as rows of their own (kind and period), with what is used or that it cannot be shown', async () => {
    const answer = limitsAnswer();
    const { actor, view } = start(async () => ({ limits: answer, applied: 'now' }), async () => ({ ...answer, trading: answer.trading.map((l) => (l.kind === 'loss' && l.period === 'month' ? { ...l, used: null } : l)) }));
    await waitFor(actor, (s) => s.matches('ready'));
    const [trade, day] = view().stakeRows;
    expect(trade).toMatchObject({ kind: 'stake', period: 'trade', id: 'stake-trade', title: { key: 'limits.stake.trade' }, limit: null, usedMessage: null, left: null, removable: false });
    expect(day).toMatchObject({ id: 'stake-day', title: { key: 'limits.stake.hours', params: { count: 24 } }, limit: '$200.00', usedMessage: { key: 'limits.staked_of', params: { used: '$40.00', limit: '$200.00' } }, left: '$160.00', percent: 20 });
    const [lossDay, week, month] = view().lossRows;
    expect(lossDay).toMatchObject({ id: 'loss-day', usedMessage: { key: 'limits.lost', params: { used: '$15.00' } } });
    expect(week).toMatchObject({ title: { key: 'limits.loss.days', params: { count: 7 } }, limit: '$300.00', left: '$285.00', percent: 5, removable: true });
    expect(month).toMatchObject({ used: null, usedMessage: { key: 'limits.used_unknown' }, left: null, percent: null });
    expect(view().getSectionProps('loss')).toMatchObject({ 'aria-labelledby': 'limits-loss-title' });
  });

  it('a stake row’s editor sends its kind and period; the deposit row of the same period is another row; an unreachable platform is said', async () => {
    const { actor, sent, view, type, submit } = start(async (input) => {
      const answer = limitsAnswer();
      return { limits: { ...answer, trading: answer.trading.map((l) => (l.kind === input.kind && l.period === input.period ? { ...l, amount: input.amount } : l)) }, applied: 'now', platform: 'unreachable' };
    });
    await waitFor(actor, (s) => s.matches('ready'));
    view().getEditProps('stake', 'day').onClick();
    expect(view().editing).toMatchObject({ kind: 'stake', period: 'day' });
    expect(view().amount).toBe('200');
    view().getEditProps('deposit', 'day').onClick();
    expect(view().editing).toMatchObject({ kind: 'deposit', period: 'day' });
    expect(view().amount).toBe('500');
    view().getEditProps('stake', 'trade').onClick();
    type('25');
    submit();
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }));
    expect(sent).toEqual([{ kind: 'stake', period: 'trade', amount: '25.00' }]);
    expect(view().stakeRows[0]).toMatchObject({ limit: '$25.00', saved: { applied: 'now', message: { key: 'limits.saved.now', params: { amount: '$25.00' } }, platformUnreachable: true } });
    expect(view().rows.every((r) => r.saved === null)).toBe(true);
  });
});
