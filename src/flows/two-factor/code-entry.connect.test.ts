import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { twoFactorEntryMachine } from '../../../machines/two-factor/entry.machine';
import { connectCodeEntry } from './code-entry.connect';

function entryIn(value: unknown, context: object = {}): SnapshotFrom<typeof twoFactorEntryMachine> {
  const initial = createActor(twoFactorEntryMachine, { input: { type: 'email', purpose: 'login' } }).getSnapshot();
  return twoFactorEntryMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
}

describe('connectCodeEntry getters', () => {
  it('the first empty box takes the focus, again after each failure; none while the code is checked', () => {
    const send = vi.fn();
    const entry = connectCodeEntry(entryIn({ editing: 'ready' }, { digits: ['1', '2', '', '', '', ''], failures: 1 }), send);
    expect(entry.getDigitProps(2)).toMatchObject({ value: '', 'data-focus-on': 'box-1-2', 'data-autofocus': '', 'data-focus-in': entry.getGroupProps()['data-focus-scope'] });
    expect(entry.getDigitProps(1)['data-focus-on']).toBeUndefined();
    const checking = connectCodeEntry(entryIn('checking', { digits: ['1', '2', '3', '4', '5', '6'] }), send);
    expect(checking.getDigitProps(0)).toMatchObject({ disabled: true, 'data-focus-on': undefined });
    expect(checking.getCheckingProps()).toEqual({ role: 'status' });
  });

  it('the handlers: a digit, Backspace in an empty box, a paste, the resend', () => {
    const send = vi.fn();
    const entry = connectCodeEntry(entryIn({ editing: 'ready' }, { digits: ['1', '2', '', '', '', ''] }), send);
    entry.getDigitProps(2).onChange({ target: { value: '3' } });
    const preventDefault = vi.fn();
    entry.getDigitProps(2).onKeyDown({ key: 'Backspace', preventDefault } as never);
    entry.getDigitProps(0).onPaste({ preventDefault, clipboardData: { getData: () => '123456' } } as never);
    entry.getResendProps().onClick();
    expect(send.mock.calls).toEqual([
      [{ type: 'digit.input', index: 2, value: '3' }],
      [{ type: 'digit.clear', index: 1 }],
      [{ type: 'code.paste', text: '123456' }],
      [{ type: 'code.resend' }],
    ]);
    expect(preventDefault).toHaveBeenCalledTimes(2);
    expect(connectCodeEntry(entryIn('disabled'), send).getResendProps().disabled).toBe(true);
  });
});
