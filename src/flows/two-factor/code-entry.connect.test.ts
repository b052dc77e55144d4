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

  it('a recovery code at an authenticator sign-in: the switch, the field (focused again after a refusal), the form', () => {
    const send = vi.fn();
    const google = (value: unknown, context: object = {}) => {
      const initial = createActor(twoFactorEntryMachine, { input: { type: 'google', purpose: 'login' } }).getSnapshot();
      return twoFactorEntryMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
    };
    const digits = connectCodeEntry(google({ editing: 'ready' }), send);
    expect(digits).toMatchObject({ recoveryOffered: true, recovery: false, recoveryToggleLabel: 'factor.recovery_use' });
    digits.getRecoveryToggleProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'recovery.toggle' });
    // not offered for an emailed code, nor once entry is disabled
    expect(connectCodeEntry(entryIn({ editing: 'ready' }), send).recoveryOffered).toBe(false);
    expect(connectCodeEntry(google('disabled'), send).recoveryOffered).toBe(false);

    const typing = connectCodeEntry(google({ recovery: 'typing' }, { recoveryCode: 'k7m2p', failures: 2, error: { key: 'factor.recovery_invalid' } }), send);
    expect(typing).toMatchObject({ recovery: true, recoveryToggleLabel: 'factor.recovery_back', recoverySubmitLabel: 'factor.recovery_submit' });
    expect(typing.getRecoveryFieldProps()).toMatchObject({ id: 'recovery-code', value: 'k7m2p', 'aria-invalid': true, 'aria-describedby': 'recovery-code-error', 'data-focus-on': 'recovery-2' });
    expect(typing.getRecoveryErrorProps()).toEqual({ id: 'recovery-code-error', role: 'alert' });
    expect(typing.getRecoveryLabelProps()).toEqual({ htmlFor: 'recovery-code' });
    typing.getRecoveryFieldProps().onChange?.({ target: { value: 'k7m2p-x' } } as never);
    expect(send).toHaveBeenLastCalledWith({ type: 'recovery.input', value: 'k7m2p-x' });
    vi.stubGlobal('FormData', class {});
    typing.getRecoveryFormProps().onSubmit({ preventDefault: vi.fn(), currentTarget: {} } as never);
    vi.unstubAllGlobals();
    expect(send).toHaveBeenLastCalledWith({ type: 'recovery.submit' });

    const checking = connectCodeEntry(google({ recovery: 'checking' }, { recoveryCode: 'k7m2p-x9q4r' }), send);
    expect(checking.recoverySubmitLabel).toBe('factor.recovery_checking');
    expect(checking.getRecoveryFieldProps()).toMatchObject({ disabled: true, 'data-focus-on': undefined });
    expect(checking.getRecoverySubmitProps().disabled).toBe(true);
    expect(checking.getRecoveryToggleProps().disabled).toBe(true);
  });

  it('a passkey in place of the code at sign-in: offered when the trader has one; while it is asked for, the boxes and the switches rest', () => {
    const send = vi.fn();
    expect(connectCodeEntry(entryIn({ editing: 'ready' }), send).passkeyOffered).toBe(false);
    expect(connectCodeEntry(entryIn({ editing: 'ready' }, { passkey: true, purpose: 'withdrawal' }), send).passkeyOffered).toBe(false);
    expect(connectCodeEntry(entryIn('disabled', { passkey: true }), send).passkeyOffered).toBe(false);
    const ready = connectCodeEntry(entryIn({ editing: 'ready' }, { passkey: true }), send);
    expect(ready).toMatchObject({ passkeyOffered: true, passkeyChecking: false, passkeyLabel: 'factor.passkey_use' });
    expect(ready.getPasskeyProps()).toMatchObject({ type: 'button', disabled: undefined, 'aria-busy': undefined });
    ready.getPasskeyProps().onClick();
    expect(send).toHaveBeenCalledWith({ type: 'passkey.use' });
    const asking = connectCodeEntry(entryIn('passkey', { passkey: true, type: 'google' }), send);
    expect(asking).toMatchObject({ passkeyOffered: true, passkeyChecking: true, passkeyLabel: 'factor.passkey_checking', off: true });
    expect(asking.getPasskeyProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    expect(asking.getDigitProps(0)).toMatchObject({ disabled: true, 'data-focus-on': undefined });
    expect(asking.getRecoveryToggleProps().disabled).toBe(true);
    expect(connectCodeEntry(entryIn('checking', { passkey: true }), send).getPasskeyProps().disabled).toBe(true);
  });
});
