import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { callBackMachine } from '../../../machines/call-back/call-back.machine';
import type { CallBackRequest } from '../../../machines/call-back/call-back.types';
import { connectCallBack } from './call-back.connect';

function start(answer: (input: CallBackRequest) => Promise<{ ticket: string }>) {
  const calls: CallBackRequest[] = [];
  const machine = callBackMachine.provide({
    actors: {
      requestCall: fromPromise(async ({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { keySeed: 'call-seed' } }).start();
  const view = () => connectCallBack(actor.getSnapshot(), actor.send);
  return { actor, calls, view };
}

describe('connectCallBack', () => {
  it('opens and closes with the button, Escape or an outside click', () => {
    const { view } = start(async () => ({ ticket: 'T-1' }));
    expect(view().isOpen).toBe(false);
    view().onToggle();
    expect(view().isOpen).toBe(true);
    view().onClose();
    expect(view().isOpen).toBe(false);
    view().onToggle();
    view().onToggle();
    expect(view().isOpen).toBe(false);
    view().onOpen();
    view().onOpen();
    expect(view().isOpen).toBe(true);
  });

  it('a phone under 7 characters is calls.error_phone and nothing is sent; a good one is sent once with the time; success', async () => {
    const { actor, calls, view } = start(async () => ({ ticket: 'T-1' }));
    view().onToggle();
    view().onPhone(' 12345 ');
    view().onSubmit();
    expect([view().result, view().resultIsError, view().phoneInvalid, view().shakes]).toEqual([{ key: 'calls.error_phone' }, true, true, 1]);
    expect(calls).toEqual([]);
    view().onPhone('+44 20 7946 0000');
    expect(view().result).toBeNull();
    view().onTime('evening');
    view().onTime('midnight');
    expect(view().time).toBe('evening');
    view().onSubmit();
    // the second click while sending is not heard
    view().onSubmit();
    expect([view().isBusy, view().submitLabel]).toEqual([true, { key: 'calls.sending' }]);
    await waitFor(actor, (s) => s.matches({ request: 'sent' }));
    expect(calls).toEqual([{ phone: '+44 20 7946 0000', time: 'evening', key: 'call-seed-0' }]);
    expect([view().isSent, view().isForm, view().result, view().resultIsError]).toEqual([true, false, { key: 'calls.server_success' }, false]);
    view().onAgain();
    expect([view().isForm, view().result]).toEqual([true, null]);
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ request: 'sent' }));
    expect(calls.map((c) => c.key)).toEqual(['call-seed-0', 'call-seed-1']);
  });

  it('a lost answer keeps the phone, says calls.server_error and retries under the same key', async () => {
    let fail = true;
    const { actor, calls, view } = start(async () => {
      if (fail) throw { kind: 'network' };
      return { ticket: 'T-2' };
    });
    view().onPhone('5550100200');
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ request: 'failed' }));
    expect([view().result, view().canRetry, view().phone, view().submitLabel]).toEqual([{ key: 'calls.server_error' }, true, '5550100200', { key: 'calls.retry' }]);
    fail = false;
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ request: 'sent' }));
    expect(calls.map((c) => c.key)).toEqual(['call-seed-0', 'call-seed-0']);
  });

  it("the server's refusal shows its key with the phone kept; the rate limit has its own message", async () => {
    let answer: unknown = { kind: 'http', status: 400, error: 'calls.error_phone', message: 'Please enter a valid phone number.' };
    const { actor, view } = start(async () => {
      throw answer;
    });
    view().onPhone('0000000');
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ request: 'editing' }) && s.context.error !== null);
    expect([view().result, view().canRetry, view().phone]).toEqual([{ key: 'calls.error_phone', fallback: 'Please enter a valid phone number.' }, false, '0000000']);
    answer = { kind: 'http', status: 429, error: 'rate.limited', message: 'Too many requests.' };
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ request: 'failed' }));
    expect(view().result).toEqual({ key: 'calls.rate_limited', fallback: 'Too many requests.' });
    answer = { kind: 'http', status: 500, error: 'server_error', message: '' };
    view().onSubmit();
    await waitFor(actor, (s) => s.matches({ request: 'failed' }) && s.context.shakes === 3);
    expect(view().result).toEqual({ key: 'calls.server_error' });
  });
});

describe('the call-back getters', () => {
  it('the button says whether the dropdown is open; Escape closes it and asks the focus back; the phone takes it as it opens', () => {
    const { actor } = start(async () => ({ ticket: 'T-1' }));
    let escaped = 0;
    const view = () => connectCallBack(actor.getSnapshot(), actor.send, escaped, () => (escaped += 1));
    expect(view().getTriggerProps()).toMatchObject({ 'aria-expanded': false, 'aria-controls': undefined, 'data-focus-on': undefined });
    view().getTriggerProps().onClick();
    expect(view().getTriggerProps()).toMatchObject({ 'aria-expanded': true, 'aria-controls': 'call-back-menu' });
    expect(view().getMenuProps()).toEqual({ id: 'call-back-menu', role: 'dialog', 'aria-labelledby': 'call-back-title' });
    expect(view().getPhoneProps()).toMatchObject({ id: 'call-back-phone', 'aria-describedby': 'call-back-hint', 'data-focus-on': 'open', 'data-focus-in': 'call-back' });
    view().getRootProps().onKeyDown({ key: 'Escape', stopPropagation: () => {} } as never);
    expect(escaped).toBe(1);
    expect(view().isOpen).toBe(false);
    expect(view().getTriggerProps()['data-focus-on']).toBe('escaped-1');
  });

  it('a refused phone is invalid and read with the result', () => {
    const { actor } = start(async () => ({ ticket: 'T-1' }));
    const view = () => connectCallBack(actor.getSnapshot(), actor.send);
    view().onOpen();
    view().getPhoneProps().onChange!({ target: { value: '12' } } as never);
    view().getFormProps().onSubmit({ preventDefault: () => {}, currentTarget: undefined } as never);
    expect(view().getPhoneProps()).toMatchObject({ value: '12', 'aria-invalid': true, 'aria-describedby': 'call-back-result' });
    expect(view().getResultProps()).toEqual({ id: 'call-back-result', role: 'alert' });
  });
});
