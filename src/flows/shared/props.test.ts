// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { buttonProps, errorIdOf, fieldErrorProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from './props';

describe('prop getters', () => {
  it('a valid field carries its id, name, value and hints, and no aria-invalid', () => {
    const p = fieldProps({ id: 'card-name', value: 'A', describedBy: ['card-name-hint'] });
    expect(p).toMatchObject({ id: 'card-name', name: 'card-name', value: 'A', 'aria-describedby': 'card-name-hint' });
    expect(p['aria-invalid']).toBeUndefined();
  });

  it('an invalid field points at its message, which the message getter names the same', () => {
    const p = fieldProps({ id: 'cvv', name: 'cvv', value: '1', invalid: true, describedBy: ['cvv-hint'], required: true });
    expect(p['aria-invalid']).toBe(true);
    expect(p['aria-required']).toBe(true);
    expect(p['aria-describedby']).toBe(`cvv-hint ${errorIdOf('cvv')}`);
    expect(fieldErrorProps('cvv')).toEqual({ id: 'cvv-error', role: 'alert' });
  });

  it('a field sends its typed value', () => {
    const onValue = vi.fn();
    fieldProps({ id: 'x', value: '', onValue }).onChange?.({ target: { value: '42' } } as never);
    expect(onValue).toHaveBeenCalledWith('42');
    expect(fieldProps({ id: 'y', value: '' }).onChange).toBeUndefined();
  });

  it('a form submits its values without the browser leaving the page', () => {
    const onSubmit = vi.fn();
    const preventDefault = vi.fn();
    const form = document.createElement('form');
    const input = document.createElement('input');
    input.name = 'amount';
    input.value = '100';
    form.append(input);
    const p = formProps({ busy: true, onSubmit, scope: 'card' });
    expect(p).toMatchObject({ noValidate: true, 'aria-busy': true, 'data-focus-scope': 'card' });
    p.onSubmit({ preventDefault, currentTarget: form } as never);
    expect(preventDefault).toHaveBeenCalled();
    expect((onSubmit.mock.calls[0][0] as FormData).get('amount')).toBe('100');
    expect(formProps({ onSubmit })['aria-busy']).toBeUndefined();
  });

  it('buttons, regions and statuses', () => {
    expect(submitProps({ busy: true })).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    expect(submitProps()).toEqual({ type: 'submit', disabled: undefined, 'aria-busy': undefined });
    const click = vi.fn();
    buttonProps(click, { pressed: false }).onClick();
    expect(click).toHaveBeenCalled();
    expect(regionProps('t')).toEqual({ 'aria-labelledby': 't' });
    expect(titleProps('t')).toEqual({ id: 't' });
    expect(statusProps({ focusOn: 'sent' })).toMatchObject({ role: 'status', tabIndex: -1, 'data-focus-on': 'sent' });
    expect(statusProps()['data-focus-on']).toBeUndefined();
  });
});
