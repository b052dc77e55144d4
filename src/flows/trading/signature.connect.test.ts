import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import { signatureMachine } from '../../../machines/signature/signature.machine';
import { connectSignature, selectSignatureChild } from './signature.connect';

/** A snapshot of the signature machine in `value` with `context`, started from `input`. */
function snapshotIn(input: { agreement: boolean }, value: string, context: object = {}): SnapshotFrom<typeof signatureMachine> {
  const initial = createActor(signatureMachine, { input }).getSnapshot();
  return signatureMachine.resolveState({ value, context: { ...initial.context, ...context } });
}

describe('connectSignature', () => {
  it('drawing with the agreement asked: the tick shown, Save says save, the error passed on; handlers send the events', () => {
    const send = vi.fn();
    const api = connectSignature(snapshotIn({ agreement: true }, 'drawing', { empty: false, agree: true, error: msg('signature.empty') }), send);
    expect(api).toMatchObject({ saving: false, saved: false, empty: false, agreementNeeded: true, agree: true, saveLabel: 'signature.save', error: { key: 'signature.empty' } });
    api.changed(true);
    api.setAgree(false);
    api.save('data:image/png;base64,AA==');
    expect(send.mock.calls).toEqual([
      [{ type: 'pad.changed', empty: true }],
      [{ type: 'agree.set', value: false }],
      [{ type: 'sign.save', image: 'data:image/png;base64,AA==' }],
    ]);
    // the getters: the canvas read with the hint and the problem, the tick, the tools acting on the pad
    expect(api.getHintProps()).toEqual({ id: 'signature-hint' });
    expect(api.getCanvasProps()).toEqual({ role: 'img', 'aria-describedby': 'signature-hint signature-error' });
    expect(api.getErrorProps()).toEqual({ id: 'signature-error', role: 'alert' });
    expect(api.getFieldsetProps()).toEqual({ 'aria-busy': undefined });
    expect(api.getAgreeProps()).toMatchObject({ type: 'checkbox', checked: true, disabled: undefined });
    send.mockClear();
    api.getAgreeProps().onChange({ target: { checked: false } });
    expect(send).toHaveBeenCalledWith({ type: 'agree.set', value: false });
    expect([api.getClearProps(), api.getUndoProps()]).toEqual([{ type: 'button', disabled: undefined }, { type: 'button', disabled: undefined }]);
  });

  it('ids of their own per pad; an empty pad has no Undo and no problem to read', () => {
    const api = connectSignature(snapshotIn({ agreement: false }, 'drawing', { empty: true }), vi.fn(), 'signature-r1');
    expect(api.getCanvasProps()['aria-describedby']).toBe('signature-r1-hint');
    expect(api.getUndoProps().disabled).toBe(true);
  });

  it('saving: Save says saving; no agreement asked on the personal page', () => {
    const api = connectSignature(snapshotIn({ agreement: false }, 'saving', { empty: false }), vi.fn());
    expect(api).toMatchObject({ saving: true, saved: false, agreementNeeded: false, agree: false, saveLabel: 'signature.saving', error: null });
    // everything rests while the image is on its way
    expect([api.getFieldsetProps()['aria-busy'], api.getClearProps().disabled, api.getSaveProps().disabled, api.getAgreeProps().disabled]).toEqual([true, true, true, true]);
  });

  it('saved', () => {
    const api = connectSignature(snapshotIn({ agreement: false }, 'saved', { empty: false, documentId: 'doc-1' }), vi.fn());
    expect(api).toMatchObject({ saving: false, saved: true, saveLabel: 'signature.save' });
    expect(api.getSavedProps()).toEqual({ role: 'status' });
  });

  it('finds the child a parent runs under the id signature', () => {
    const child = createActor(signatureMachine, { input: { agreement: true } });
    expect(selectSignatureChild({ children: { signature: child } })).toBe(child);
    expect(selectSignatureChild({ children: {} })).toBeUndefined();
  });
});
