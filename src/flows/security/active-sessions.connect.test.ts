import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { activeSessionsMachine } from '../../../machines/active-sessions/active-sessions.machine';
import { connectActiveSessions } from './active-sessions.connect';

const here = { ref: 'aaaaaaaaaaaaaaaa', device: 'Chrome on Linux', ip: '203.0.113.7', signedInAt: '2026-11-30T20:00:00.000Z', lastSeenAt: '2026-11-30T21:00:00.000Z', current: true };
const phone = { ...here, ref: 'bbbbbbbbbbbbbbbb', device: null, ip: null, current: false };

function at(value: string | object, context: object) {
  const initial = createActor(activeSessionsMachine).getSnapshot();
  return activeSessionsMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
}

describe('connectActiveSessions', () => {
  it('writes each session for the trader; this one has no Sign out; the others send their reference', () => {
    const send = vi.fn();
    const view = connectActiveSessions(at('ready', { sessions: [here, phone] }), send);
    expect(view.items.map((i) => [i.device, i.current, i.ip])).toEqual([
      [{ key: '', fallback: 'Chrome on Linux' }, true, '203.0.113.7'],
      [{ key: 'sessions.unknown_device' }, false, null],
    ]);
    expect(view.items[0]!.signedInAt).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    view.items[1]!.getEndProps().onClick();
    view.getEndOthersProps().onClick();
    expect(send.mock.calls).toEqual([[{ type: 'sessions.end', ref: phone.ref }], [{ type: 'sessions.endOthers' }]]);
    expect(view.alone).toBe(false);
    expect(connectActiveSessions(at('ready', { sessions: [here] }), send)).toMatchObject({ alone: true });
  });

  it('while one ends, every button rests and that row says so; the answer takes the focus once', () => {
    const view = connectActiveSessions(at('ending', { sessions: [here, phone], ending: phone.ref }), vi.fn());
    expect(view.items[1]).toMatchObject({ ending: true });
    expect(view.items[1]!.getEndProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    expect(view.getEndOthersProps().disabled).toBe(true);
    const failed = connectActiveSessions(at({ ready: 'failed' }, { sessions: [here, phone], error: { key: 'sessions.end_failed' }, answers: 2 }), vi.fn());
    expect(failed.getAnswerProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'sessions-2' });
    const ended = connectActiveSessions(at({ ready: 'ended' }, { sessions: [here], answers: 1 }), vi.fn());
    expect(ended).toMatchObject({ ended: true, alone: true });
    expect(ended.getAnswerProps()).toMatchObject({ role: 'status' });
  });
});
