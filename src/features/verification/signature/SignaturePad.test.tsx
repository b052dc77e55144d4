import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { signatureMachine } from '../../../../machines/signature/signature.machine';
import { useSignatureChild } from '../../../flows/trading/signature.flow';
import type { SignatureRef } from '../../../flows/trading/signature.connect';
import { I18nProvider, registerMessages } from '../../../i18n';
import { en } from '../../../i18n/en';
import { ru } from '../../../i18n/ru';
import { messages as trading } from '../../trading/messages';
import { SignaturePad } from './SignaturePad';

// the trading page's texts (the agreement's error), as where the pad asks for the agreement
registerMessages(trading);

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

// jsdom has no canvas: a 2D context that draws nothing, and a fixed PNG
beforeEach(() => {
  const ctx = new Proxy({}, { get: (_t, name) => (name === 'canvas' ? undefined : () => undefined), set: () => true });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => IMAGE);
});
afterEach(() => vi.restoreAllMocks());

function Pad({ actor }: { actor: SignatureRef }) {
  return <SignaturePad api={useSignatureChild(actor)} />;
}

function mount(agreement: boolean, save: () => Promise<{ documentId: string }>, lang: 'en' | 'ru' = 'en') {
  const images: string[] = [];
  const actor = createActor(
    signatureMachine.provide({
      actors: {
        saveSignature: fromPromise(async ({ input }) => {
          images.push(input.image);
          return save();
        }),
      },
    }),
    { input: { agreement } },
  ).start();
  render(
    <I18nProvider lang={lang} dict={lang === 'ru' ? ru : en}>
      <Pad actor={actor} />
    </I18nProvider>,
  );
  return { actor, images };
}

/** one stroke with a pen (pointer events, as a browser sends them) */
function stroke() {
  const canvas = screen.getByTestId('signature-canvas');
  const at = (x: number, y: number) => ({ pointerId: 1, isPrimary: true, pointerType: 'pen', button: 0, buttons: 1, clientX: x, clientY: y, pressure: 0.5 });
  fireEvent.pointerDown(canvas, at(10, 10));
  fireEvent.pointerMove(canvas, at(40, 30));
  fireEvent.pointerMove(canvas, at(80, 20));
  fireEvent.pointerUp(canvas, { ...at(80, 20), buttons: 0 });
}

describe('SignaturePad', () => {
  it("an empty pad says 'Cant save empty sign!'; a stroke clears it; Undo empties the pad again; Clear too", async () => {
    const { actor, images } = mount(false, async () => ({ documentId: 'doc-1' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect((screen.getByTestId('signature-undo') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('signature-save'));
    expect(screen.getByRole('alert').textContent).toBe('Cant save empty sign!');
    stroke();
    expect(actor.getSnapshot().context.empty).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('signature-undo'));
    expect(actor.getSnapshot().context.empty).toBe(true);
    stroke();
    fireEvent.click(screen.getByTestId('signature-clear'));
    expect(actor.getSnapshot().context.empty).toBe(true);
    expect(images).toEqual([]);
  });

  it('asks for the agreement, then saves the PNG: Saving… while it goes, the saved signature shown back', async () => {
    let done: (v: { documentId: string }) => void = () => {};
    const { actor, images } = mount(true, () => new Promise((resolve) => (done = resolve)));
    stroke();
    fireEvent.click(screen.getByTestId('signature-save'));
    expect(screen.getByRole('alert').textContent).toBe('Tick the box to accept the agreement.');
    fireEvent.click(screen.getByLabelText('I agree to the client agreement'));
    expect(actor.getSnapshot().context.agree).toBe(true);
    fireEvent.click(screen.getByTestId('signature-save'));
    expect(images).toEqual([IMAGE]);
    const save = screen.getByTestId('signature-save') as HTMLButtonElement;
    expect([save.textContent, save.disabled]).toEqual(['Saving…', true]);
    expect((screen.getByTestId('signature-clear') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => done({ documentId: 'doc-1' }));
    expect(screen.getByRole('status').textContent).toBe('Your signature is saved.');
    expect(screen.getByRole('img', { name: 'The signature you saved' }).getAttribute('src')).toBe(IMAGE);
  });

  it('a failed save says why in Russian and keeps the pad', async () => {
    const { actor } = mount(false, () => Promise.reject({ kind: 'network' }), 'ru');
    stroke();
    await act(async () => fireEvent.click(screen.getByTestId('signature-save')));
    expect(screen.getByRole('alert').textContent).toBe('Подпись не сохранена. Проверьте соединение и попробуйте снова.');
    expect(screen.getByTestId('signature-save').textContent).toBe('Сохранить подпись');
    expect(actor.getSnapshot().context.empty).toBe(false);
  });
});
