import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SessionLimit, SetSessionLimitRequest, SetSessionLimitResponse } from '../../../core/contract/session-limit';
import { sessionLimitSettingMachine } from '../../../machines/session-limit-setting/session-limit-setting.machine';
import { formatDateTime } from '../shared/dates';
import { connectSessionLimitSetting, NO_LIMIT_VALUE } from './session-limit.connect';

const ENDS = '2026-11-30T20:00:00.000Z';
const FROM = '2026-12-01T19:00:00.000Z';
const limit = (over: Partial<SessionLimit> = {}): SessionLimit => ({ minutes: null, pending: null, choices: [30, 60, 240], session_ends_at: null, cooling_off_hours: 24, ...over });

function start(save: (input: SetSessionLimitRequest) => Promise<SetSessionLimitResponse>, read: () => Promise<SessionLimit> = async () => limit()) {
  const sent: SetSessionLimitRequest[] = [];
  let told = 0;
  const machine = sessionLimitSettingMachine.provide({
    actors: {
      readLimit: fromPromise(read),
      saveLimit: fromPromise(async ({ input }) => {
        sent.push(input);
        return save(input);
      }),
    },
    actions: { told: () => void told++ },
  });
  const actor = createActor(machine).start();
  const view = () => connectSessionLimitSetting(actor.getSnapshot(), actor.send);
  const pick = (value: string) => view().getSelectProps().onChange?.({ target: { value } } as never);
  return { actor, sent, view, pick, told: () => told };
}

describe('connectSessionLimitSetting', () => {
  it('offers No limit and the offered limits; a first limit is in force now and this session ends at its date; the session is told', async () => {
    const { actor, view, pick, sent, told } = start(async () => ({ applied: 'now', limit: limit({ minutes: 60, session_ends_at: ENDS }) }));
    expect(view().loading).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().options.map((o) => o.value)).toEqual([NO_LIMIT_VALUE, '30', '60', '240']);
    expect(view().options[0]!.label).toEqual({ key: 'limits.session.none' });
    expect(view().getSelectProps().value).toBe(NO_LIMIT_VALUE);
    expect(view().inForce).toEqual({ key: 'limits.session.state_none' });
    pick('60');
    expect(view().getSelectProps().value).toBe('60');
    expect(view().getSelectProps()['aria-busy']).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }));
    expect(sent).toEqual([{ minutes: 60 }]);
    expect(told()).toBe(1);
    expect(view().inForce).toEqual({ key: 'limits.session.state_ends', params: { minutes: 60, date: formatDateTime(ENDS) } });
    expect(view().saved).toEqual({ key: 'limits.session.saved_now' });
    expect(view().getAnswerProps().role).toBe('status');
    pick('60');
    expect(sent).toHaveLength(1);
  });

  it('a longer limit waits with its date; asking it again sends nothing; No limit sends null', async () => {
    const answers: SetSessionLimitResponse[] = [
      { applied: 'later', limit: limit({ minutes: 60, pending: { minutes: 240, from: FROM }, session_ends_at: ENDS }) },
      { applied: 'later', limit: limit({ minutes: 60, pending: { minutes: null, from: FROM }, session_ends_at: ENDS }) },
    ];
    const { actor, view, pick, sent } = start(async () => answers.shift()!, async () => limit({ minutes: 60, session_ends_at: ENDS }));
    await waitFor(actor, (s) => s.matches('ready'));
    pick('240');
    await waitFor(actor, (s) => s.matches({ ready: 'saved' }));
    expect(view().pending).toEqual({ key: 'limits.session.pending', params: { minutes: 240, date: formatDateTime(FROM) } });
    expect(view().saved).toEqual({ key: 'limits.session.saved_later', params: { hours: 24 } });
    expect(view().getSelectProps().value).toBe('60');
    pick('240');
    expect(sent).toEqual([{ minutes: 240 }]);
    pick(NO_LIMIT_VALUE);
    await waitFor(actor, () => sent.length === 2 && actor.getSnapshot().matches({ ready: 'saved' }));
    expect(sent[1]).toEqual({ minutes: null });
    expect(view().pending).toEqual({ key: 'limits.session.pending_removal', params: { date: formatDateTime(FROM) } });
  });

  it('a failed save says so and keeps the limit in force; a failed read offers a retry', async () => {
    let reads = 0;
    const { actor, view, pick } = start(
      async () => Promise.reject({ kind: 'network' }),
      async () => (reads++ === 0 ? Promise.reject({ kind: 'network' }) : limit({ minutes: 30 })),
    );
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(view().error).toEqual({ key: 'limits.session.load_failed' });
    view().getRetryProps().onClick();
    await waitFor(actor, (s) => s.matches('ready'));
    pick('60');
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
    expect(view().error?.key).toBe('limits.session.save_failed');
    expect(view().getAnswerProps().role).toBe('alert');
    expect(view().getSelectProps().value).toBe('30');
  });
});
