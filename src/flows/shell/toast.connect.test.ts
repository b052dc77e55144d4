import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { toastMachine } from '../../../machines/toast/toast.machine';
import { connectToasts } from './toast.connect';

describe('connectToasts getters', () => {
  it('the area is announced politely and each toast has its dismiss button', () => {
    const actor = createActor(toastMachine, { input: {} }).start();
    const api = () => connectToasts(actor.getSnapshot(), actor.send);
    expect(api().getRegionProps()).toEqual({ role: 'status', 'aria-live': 'polite' });
    actor.send({ type: 'toast.show', toast: { id: 't1', text: { key: 'server_error' }, kind: 'error' } });
    const [toast] = api().toasts;
    expect(toast).toBeDefined();
    const dismiss = api().getDismissProps(toast!.id);
    expect(dismiss).toMatchObject({ type: 'button', disabled: undefined });
    dismiss.onClick();
    expect(api().toasts).toEqual([]);
    actor.stop();
  });
});
