// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { passkeysMachine } from '../../../machines/passkeys/passkeys.machine';
import { passkeySignInMachine } from '../../../machines/passkeys/sign-in.machine';
import { msg } from '../../../core/message';
import { connectPasskeySignIn } from '../login/passkey-sign-in.connect';
import { formWith } from '../../test/form';
import { connectPasskeys } from './passkeys.connect';

const LAPTOP = { id: '7', name: 'Laptop', createdAt: '2026-11-29T10:00:00.000Z', lastUsedAt: null };
const PHONE = { id: '8', name: 'Phone', createdAt: '2026-11-29T10:00:00.000Z', lastUsedAt: '2026-11-30T10:00:00.000Z' };

function at(value: string | object, context: object) {
  const initial = createActor(passkeysMachine).getSnapshot();
  return passkeysMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
}
const submit = (values: Record<string, string>) => ({ preventDefault: () => {}, currentTarget: formWith(values) }) as never;

describe('connectPasskeys', () => {
  it('lists the passkeys (each Remove described by its name), sends the typed name and the removal', () => {
    const send = vi.fn();
    const view = connectPasskeys(at({ ready: 'idle' }, { passkeys: [LAPTOP, PHONE] }), send);
    expect(view.items.map((i) => [i.name, i.lastUsedAt !== null])).toEqual([
      ['Laptop', false],
      ['Phone', true],
    ]);
    expect(view.items[0]!.getRemoveProps()['aria-describedby']).toBe(view.items[0]!.getNameProps().id);
    expect(view.canAdd).toBe(true);
    expect(view.confirm).toBeNull();
    view.items[1]!.getRemoveProps().onClick();
    view.getFormProps().onSubmit(submit({ 'passkey-name': 'Work phone' }));
    expect(send.mock.calls).toEqual([[{ type: 'passkey.remove', id: '8' }], [{ type: 'passkey.add', name: 'Work phone' }]]);
  });

  it('without passkeys in the browser the form does not show; an empty list says so', () => {
    const view = connectPasskeys(at({ ready: 'idle' }, { passkeys: [] }), vi.fn(), false);
    expect([view.canAdd, view.empty]).toEqual([false, true]);
  });

  it('a refused name marks the field; the answer takes the focus once', () => {
    const view = connectPasskeys(at({ ready: 'failed' }, { passkeys: [LAPTOP], error: msg('passkeys.name'), answers: 2 }), vi.fn());
    expect(view.getNameFieldProps()['aria-invalid']).toBe(true);
    expect(view.getAnswerProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'passkeys-2' });
  });

  it('the removal’s dialog: the passkey’s name, the password sent, a refusal on the field, Cancel', () => {
    const send = vi.fn();
    const asking = connectPasskeys(at('confirming', { passkeys: [LAPTOP], busy: '7' }), send);
    expect(asking.confirm).toEqual({ add: false, name: 'Laptop', sending: false, refused: false });
    asking.getConfirmFormProps().onSubmit(submit({ 'passkey-password': 'secret' }));
    asking.getCancelProps().onClick();
    expect(send.mock.calls).toEqual([[{ type: 'password.submit', password: 'secret' }], [{ type: 'password.cancel' }]]);
    const refused = connectPasskeys(at('confirming', { passkeys: [LAPTOP], busy: '7', error: msg('passkeys.password'), answers: 3 }), send);
    expect(refused.confirm?.refused).toBe(true);
    expect(refused.getPasswordFieldProps()['aria-invalid']).toBe(true);
    expect(refused.getPasswordErrorProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'passkey-password-3' });
    const sending = connectPasskeys(at('removing', { passkeys: [LAPTOP], busy: '7' }), send);
    expect([sending.confirm?.sending, sending.items[0]!.removing, sending.getCancelProps().disabled]).toEqual([true, true, true]);
  });

  it('the addition’s dialog: the new passkey’s name, the form kept (its name field locked) while the password is asked and the key made', () => {
    const send = vi.fn();
    const asking = connectPasskeys(at('confirming', { passkeys: [LAPTOP], busy: 'add', name: 'Work phone' }), send);
    expect(asking.confirm).toEqual({ add: true, name: 'Work phone', sending: false, refused: false });
    expect([asking.canAdd, asking.getNameFieldProps().disabled, asking.getSubmitProps().disabled]).toEqual([true, true, true]);
    asking.getConfirmFormProps().onSubmit(submit({ 'passkey-password': 'secret' }));
    expect(send.mock.calls).toEqual([[{ type: 'password.submit', password: 'secret' }]]);
    const making = connectPasskeys(at('adding', { passkeys: [LAPTOP], busy: 'add', name: 'Work phone' }), send);
    expect([making.confirm?.sending, making.adding, making.getConfirmSubmitProps()['aria-busy'], making.items[0]!.removing]).toEqual([true, true, true, false]);
  });
});

describe('connectPasskeySignIn', () => {
  it('the button starts, rests while the browser asks, and a refusal takes the focus', () => {
    const send = vi.fn();
    const idle = connectPasskeySignIn(createActor(passkeySignInMachine).getSnapshot(), send);
    idle.getButtonProps().onClick();
    expect(send).toHaveBeenCalledWith({ type: 'passkey.start' });
    const busy = connectPasskeySignIn(passkeySignInMachine.resolveState({ value: 'signingIn', context: { error: null, tries: 0 } }), send);
    expect([busy.busy, busy.getButtonProps().disabled]).toEqual([true, true]);
    const failed = connectPasskeySignIn(passkeySignInMachine.resolveState({ value: 'failed', context: { error: msg('passkey.invalid'), tries: 1 } }), send);
    expect(failed.error).toEqual(msg('passkey.invalid'));
    expect(failed.getErrorProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'passkey-1' });
  });
});
