import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { realityCheckMachine } from '../../../machines/reality-check/reality-check.machine';
import { realityCheckSettingMachine } from '../../../machines/reality-check-setting/reality-check-setting.machine';
import { minutesIn, realityAnswer } from '../../../machines/reality-check/reality-check.model';
import type { RealityCheck } from '../../../core/contract/reality-check';
import { connectRealityCheck, netResult, sessionDuration } from './reality-check.connect';
import { connectRealityCheckSetting, intervalName } from './reality-setting.connect';

describe('the reality check dialog', () => {
  it('writes the time in the session in hours and minutes, and the net result through core/format (a loss marked)', () => {
    expect(sessionDuration(minutesIn(0), minutesIn(45, 59))).toEqual({ key: 'reality.duration.minutes', params: { minutes: 45 } });
    expect(sessionDuration(minutesIn(0), minutesIn(125))).toEqual({ key: 'reality.duration.hours', params: { hours: 2, minutes: 5 } });
    expect(sessionDuration(minutesIn(10), minutesIn(0))).toEqual({ key: 'reality.duration.minutes', params: { minutes: 0 } });
    expect(netResult('-12.50', 'USD', 'en')).toEqual({ amount: '-$12.50', loss: true, message: { key: 'reality.net.loss', params: { amount: '-$12.50' } } });
    expect(netResult('1000.5', 'EUR', 'ru')).toMatchObject({ amount: '+1\u00a0000,50\u00a0€', loss: false, message: { key: 'reality.net.gain' } });
    expect(netResult('0.00', 'USD', 'en')).toMatchObject({ amount: '$0.00', loss: false, message: { key: 'reality.net.even' } });
  });

  it('shows when granted, with the figures read fresh; Continue (and Escape) close it with the page’s clock; My limits and Take a break', async () => {
    const reads: RealityCheck[] = [realityAnswer(), realityAnswer({ trades: 1, net: '-3.00' })];
    const done: string[] = [];
    const actor = createActor(
      realityCheckMachine.provide({
        actors: { readCheck: fromPromise(async () => ({ check: reads.shift() ?? realityAnswer(), now: minutesIn(15, 30) })) },
        actions: { openLimits: () => void done.push('limits'), signOut: () => void done.push('break') },
      }),
    ).start();
    let clock = minutesIn(5);
    const view = () => connectRealityCheck(actor.getSnapshot(), actor.send, 'en', () => clock);
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(view().open).toBe(false);
    // as the flow does when the check fell due and the arbiter granted it
    actor.send({ type: 'interval.changed', check: realityAnswer(), now: minutesIn(15) });
    expect(actor.getSnapshot().context.dueAt).toBe(minutesIn(30));
    clock = minutesIn(30, 5);
    actor.send({ type: 'interval.changed', check: realityAnswer({ minutes: 15 }), now: minutesIn(29, 59, 990) });
    await waitFor(actor, (s) => s.matches('due'));
    actor.send({ type: 'attention.granted', now: minutesIn(30, 2) });
    expect(view()).toMatchObject({ open: true, loading: true, trades: null, net: null, duration: { key: 'reality.duration.minutes', params: { minutes: 30 } } });
    expect(view().getFiguresProps()).toMatchObject({ role: 'status', 'aria-busy': true });
    await waitFor(actor, (s) => s.matches({ shown: 'figures' }));
    expect(view()).toMatchObject({ loading: false, trades: { key: 'reality.trades', params: { count: 1 } }, net: { amount: '-$3.00', loss: true } });
    expect(view().getContinueProps()).toMatchObject({ type: 'button', 'data-autofocus': true });
    view().onClose();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context).toMatchObject({ now: minutesIn(30, 5), dueAt: minutesIn(45) });
    expect(view().open).toBe(false);
  });
});

describe('the Reality check section', () => {
  it('offers the server’s intervals, says whose choice it is, saves a pick and says so', async () => {
    let answer = (minutes: number) => Promise.resolve(realityAnswer({ minutes, chosen: true }));
    const actor = createActor(
      realityCheckSettingMachine.provide({
        actors: {
          readSetting: fromPromise(async () => realityAnswer({ minutes: 60, chosen: false })),
          saveSetting: fromPromise(({ input }) => answer(input.minutes)),
        },
      }),
    ).start();
    const view = () => connectRealityCheckSetting(actor.getSnapshot(), actor.send);
    expect(view().loading).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().options.map((o) => o.value)).toEqual(['0', '15', '30', '45', '60', '90', '120']);
    expect(view().options[0]!.label).toEqual(intervalName(0));
    expect(intervalName(15)).toEqual({ key: 'reality.setting.minutes', params: { minutes: 15 } });
    expect(view().source).toEqual({ key: 'reality.setting.default' });
    expect(view().getSelectProps()).toMatchObject({ id: 'reality-minutes', name: 'minutes', value: '60', 'aria-describedby': 'reality-minutes-source' });
    expect(view().getSelectLabelProps()).toEqual({ htmlFor: 'reality-minutes' });
    view().getSelectProps().onChange?.({ target: { value: '15' } } as never);
    expect(view()).toMatchObject({ saving: true });
    expect(view().getSelectProps()).toMatchObject({ value: '15', 'aria-busy': true });
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }));
    expect(view()).toMatchObject({ source: { key: 'reality.setting.chosen' }, saved: { key: 'reality.setting.saved', params: { minutes: 15 } }, error: null });
    expect(view().getAnswerProps()).toMatchObject({ role: 'status' });
    answer = () => Promise.reject({ kind: 'network' });
    view().getSelectProps().onChange?.({ target: { value: '0' } } as never);
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
    expect(view()).toMatchObject({ saved: null, error: { key: 'reality.setting.save_failed' } });
    expect(view().getSelectProps()).toMatchObject({ value: '15' });
    expect(view().getAnswerProps()).toMatchObject({ role: 'alert' });
  });
});
