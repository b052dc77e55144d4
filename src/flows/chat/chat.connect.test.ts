import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { chatMachine } from '../../../machines/chat/chat.machine';
import { tipsMachine } from '../../../machines/tips/tips.machine';
import { CHAT_LAUNCHER_SCOPE, CHAT_PANEL_SCOPE, launcherButtonProps } from './chat-launcher.connect';
import { CHAT_TITLE_ID, TIP_AMOUNT_ID, connectChat, connectTips } from './chat.connect';

/** A snapshot of `machine` in `value` with `context` (started from `input`), as the machine would hold it. */
function snapshotIn<M extends AnyStateMachine>(machine: M, input: unknown, value: unknown, context: object = {}): SnapshotFrom<M> {
  const initial = createActor(machine, { input } as never).getSnapshot() as { context: object };
  return machine.resolveState({ value, context: { ...initial.context, ...context } } as never) as SnapshotFrom<M>;
}

const input = { autoOpened: true, hidden: false };
const connection = { token: 'tok', url: '/chat', host: { id: 'anna', name: 'Anna' }, sandbox: true };
const open = (size = 'normal') => snapshotIn(chatMachine, input, { open: { connection: 'ready', size } }, { connection, size });

describe('connectChat getters', () => {
  it('the panel is named by its title, hidden while minimised, and each is the other focus scope of the launcher', () => {
    const api = connectChat(open(), vi.fn());
    expect(api.getTitleProps()).toEqual({ id: CHAT_TITLE_ID });
    expect(api.getPanelProps()).toMatchObject({ 'aria-labelledby': CHAT_TITLE_ID, tabIndex: -1, hidden: false, 'data-focus-in': CHAT_LAUNCHER_SCOPE, 'data-focus-scope': CHAT_PANEL_SCOPE, 'data-focus-on': undefined });
    expect(connectChat(snapshotIn(chatMachine, input, 'minimised', { connection }), vi.fn()).getPanelProps().hidden).toBe(true);
    expect(api.getLauncherProps(false)).toMatchObject({ type: 'button', 'aria-expanded': undefined, 'data-focus-in': CHAT_PANEL_SCOPE, 'data-focus-scope': CHAT_LAUNCHER_SCOPE });
    expect(api.getLauncherProps(true)['aria-expanded']).toBe(true);
    expect(api.getProblemProps()).toEqual({ role: 'alert' });
  });

  it("the trader's own click moves the focus: into the panel they opened, back to the launcher they closed it to; the arbiter's opening takes none", () => {
    const send = vi.fn();
    const moveFocus = vi.fn();
    const closed = connectChat(snapshotIn(chatMachine, input, 'closed'), send, { to: null, n: 0 }, moveFocus);
    closed.getLauncherProps(false).onClick();
    expect(moveFocus).toHaveBeenLastCalledWith('panel');
    expect(send).toHaveBeenLastCalledWith({ type: 'chat.open' });
    expect(connectChat(open(), send, { to: 'panel', n: 1 }).getPanelProps()['data-focus-on']).toBe('panel-1');
    expect(connectChat(open(), send, { to: null, n: 1 }).getPanelProps()['data-focus-on']).toBeUndefined();
    const byHand = connectChat(open(), send, { to: 'panel', n: 1 }, moveFocus);
    byHand.getMinimiseProps().onClick();
    expect(moveFocus).toHaveBeenLastCalledWith('launcher');
    expect(send).toHaveBeenLastCalledWith({ type: 'chat.minimise' });
    byHand.getCloseProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'chat.close' });
    expect(connectChat(snapshotIn(chatMachine, input, 'closed'), send, { to: 'launcher', n: 2 }).getLauncherProps(false)['data-focus-on']).toBe('launcher-2');
    // the launcher is not where the focus goes while the panel is open
    expect(connectChat(open(), send, { to: 'launcher', n: 2 }).getLauncherProps(true)['data-focus-on']).toBeUndefined();
  });

  it("the visitor's launcher closes an open panel (no focus move); Escape inside the panel closes it by hand", () => {
    const send = vi.fn();
    const moveFocus = vi.fn();
    const api = connectChat(open(), send, undefined, moveFocus);
    api.getLauncherProps(true).onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'chat.close' });
    expect(moveFocus).not.toHaveBeenCalled();
    const inside = {} as Node;
    const escape = { key: 'Escape', defaultPrevented: false, target: inside, currentTarget: { contains: (n: Node) => n === inside }, preventDefault: vi.fn() };
    api.getPanelProps().onKeyDown(escape as never);
    expect(escape.preventDefault).toHaveBeenCalled();
    expect(moveFocus).toHaveBeenLastCalledWith('launcher');
    send.mockClear();
    api.getPanelProps().onKeyDown({ ...escape, defaultPrevented: true } as never);
    api.getPanelProps().onKeyDown({ ...escape, key: 'Enter' } as never);
    expect(send).not.toHaveBeenCalled();
  });

  it('the stand-in launcher is busy while the panel loads', () => {
    const onClick = vi.fn();
    expect(launcherButtonProps({ visitor: true, busy: true, onClick })).toMatchObject({ 'aria-expanded': false, 'aria-busy': true, onClick });
    expect(launcherButtonProps({ visitor: false, onClick })['aria-busy']).toBeUndefined();
  });
});

describe('connectTips getters', () => {
  it('the amount field: labelled, its message read with it when refused, resting while a tip is on its way', () => {
    const send = vi.fn();
    const editing = connectTips(snapshotIn(tipsMachine, { host: 'anna' }, 'editing', { value: '5', error: { key: 'tips.amount' } }), send);
    expect(editing.getLabelProps()).toEqual({ htmlFor: TIP_AMOUNT_ID });
    expect(editing.getFieldProps()).toMatchObject({ id: TIP_AMOUNT_ID, value: '5', 'aria-invalid': true, 'aria-describedby': `${TIP_AMOUNT_ID}-error`, disabled: undefined });
    expect(editing.getErrorProps()).toEqual({ id: `${TIP_AMOUNT_ID}-error`, role: 'alert' });
    expect(editing.getSubmitProps().disabled).toBeUndefined();
    editing.getFieldProps().onChange!({ target: { value: '7' } } as never);
    expect(send).toHaveBeenLastCalledWith({ type: 'tip.change', value: '7' });
    editing.getFormProps().onSubmit({ preventDefault: vi.fn(), currentTarget: undefined } as never);
    expect(send).toHaveBeenLastCalledWith({ type: 'tip.submit' });
    const sending = connectTips(snapshotIn(tipsMachine, { host: 'anna' }, 'sending', { value: '5', amount: '5.00' }), send);
    expect(sending.getFieldProps()).toMatchObject({ disabled: true, 'aria-invalid': undefined });
    expect(sending.getSubmitProps().disabled).toBe(true);
    expect(sending.getStatusProps().role).toBe('status');
    sending.getStopProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'tip.cancel' });
  });
});
