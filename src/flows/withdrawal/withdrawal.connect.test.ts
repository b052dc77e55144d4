// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { withdrawalPendingMachine } from '../../../machines/withdrawal/pending.machine';
import { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import type { PendingItem } from '../../../machines/withdrawal/withdrawal.types';
import { connectPending, connectWithdrawal } from './withdrawal.connect';
import { formWith } from '../../test/form';

const withdrawal = () =>
  createActor(withdrawalMachine.provide({ actors: { checkWithdrawal: fromPromise(() => new Promise(() => {})), finalWithdrawal: fromPromise(() => new Promise(() => {})) } }), {
    input: { currency: 'USD', fixed: false, tab: 'usd' },
  }).start();


describe('connectWithdrawal getters', () => {
  it('the section and its title, the fields by name, the form sending what was typed with the chosen method', () => {
    const actor = withdrawal();
    const send = vi.fn(actor.send);
    const wd = connectWithdrawal(actor.getSnapshot(), send);
    expect(wd.getRegionProps()).toEqual({ 'aria-labelledby': 'wd-title' });
    expect(wd.getTitleProps()).toEqual({ id: 'wd-title' });
    expect(wd.getFieldProps('amount')).toMatchObject({ id: 'wd-amount', name: 'amount', disabled: undefined, 'aria-invalid': undefined });
    expect(wd.getFieldProps('amount')).not.toHaveProperty('value');
    const onValue = vi.fn();
    const method = wd.getFieldProps('method', { value: 'Skrill', onValue });
    expect(method).toMatchObject({ id: 'wd-method', name: 'method', value: 'Skrill' });
    method.onChange!({ target: { value: 'Neteller' } } as never);
    expect(onValue).toHaveBeenCalledWith('Neteller');
    expect(wd.getFormProps('Skrill')).toMatchObject({ noValidate: true, 'aria-busy': undefined });
    // FormData in, the machine's event out: the method is the chosen one, not a field of the form
    wd.getFormProps('Skrill').onSubmit({ preventDefault: () => {}, currentTarget: formWith({ amount: '10', wallet: 'trader@example.com' }) } as never);
    expect(send).toHaveBeenLastCalledWith({ type: 'form.submit', amount: '10', method: 'Skrill', wallet: 'trader@example.com', alt: '' });
    const busy = connectWithdrawal(actor.getSnapshot(), send);
    expect([busy.step, busy.getFormProps('Skrill')['aria-busy'], busy.getSubmitProps()]).toEqual(['checking', true, { type: 'submit', disabled: true, 'aria-busy': true }]);
    expect(busy.getFieldProps('wallet').disabled).toBe(true);
  });

  it('an edit takes a shown error away; the refusal is said at once; no focus intent before the request is done', () => {
    const actor = withdrawal();
    const send = vi.fn(actor.send);
    actor.send({ type: 'form.submit', amount: 'x', method: 'Skrill', wallet: 'w', alt: '' });
    const wd = connectWithdrawal(actor.getSnapshot(), send);
    expect(wd.error?.key).toBe('withdrawal.incorrect_amount');
    expect(wd.getErrorProps()).toEqual({ role: 'alert' });
    expect(wd.getDoneProps()['data-focus-on']).toBeUndefined();
    wd.getFormProps('Skrill').onChange();
    expect(send).toHaveBeenLastCalledWith({ type: 'form.edit' });
    expect(wd.getConfirmProps()).toMatchObject({ type: 'button', 'data-autofocus': '' });
    wd.getDeclineProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'confirm.no' });
  });
});

describe('connectPending getters', () => {
  const hit: PendingItem = { transactionId: 'w-1', amount: '70.00', currency: 'USD', method: 'Bitcoin', wallet: 'bc1q', createdAt: '2026-11-24T13:05:33.000Z' };

  it('busy while loading; Cancel asks; No and Yes rest while the cancellation is on its way', async () => {
    const actor = createActor(withdrawalPendingMachine.provide({ actors: { loadPending: fromPromise(async () => ({ hits: [hit] })), rejectWithdrawal: fromPromise(() => new Promise(() => {})) } })).start();
    const send = vi.fn(actor.send);
    let pending = connectPending(actor.getSnapshot(), send);
    expect(pending.getRegionProps()).toEqual({ 'aria-labelledby': 'wd-pending-title', 'aria-busy': true });
    expect(pending.getTitleProps()).toEqual({ id: 'wd-pending-title' });
    await waitFor(actor, (s) => s.matches('ready'));
    pending = connectPending(actor.getSnapshot(), send);
    expect(pending.getRegionProps()['aria-busy']).toBeUndefined();
    pending.getCancelProps('w-1').onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'pending.cancel', id: 'w-1' });
    pending = connectPending(actor.getSnapshot(), send);
    expect(pending.getYesProps()).toMatchObject({ type: 'button', disabled: undefined, 'data-autofocus': '' });
    pending.getYesProps().onClick();
    pending = connectPending(actor.getSnapshot(), send);
    expect([pending.getNoProps().disabled, pending.getYesProps().disabled]).toEqual([true, true]);
    pending.getNoProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'confirm.yes' });
  });

  it('a list that could not load is said at once, with a reload', async () => {
    const actor = createActor(withdrawalPendingMachine.provide({ actors: { loadPending: fromPromise(() => Promise.reject(new Error('down'))), rejectWithdrawal: fromPromise(() => new Promise(() => {})) } })).start();
    await waitFor(actor, (s) => s.matches('failed'));
    const send = vi.fn();
    const pending = connectPending(actor.getSnapshot(), send);
    expect(pending.getFailedProps()).toEqual({ role: 'alert' });
    pending.getReloadProps().onClick();
    expect(send).toHaveBeenCalledWith({ type: 'pending.refresh' });
  });
});
