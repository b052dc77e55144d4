import { useEffect, useRef, useState } from 'react';
import SignaturePadLib from 'signature_pad';
import type { SignatureApi } from '../../../flows/trading/signature.connect';
import { registerMessages, useT } from '../../../i18n';
import { messages } from './messages';
import './signature.css';

registerMessages(messages);

export interface SignaturePadProps {
  /** what `connectSignature` returns (`useSignatureChild`, `useSignature`) */
  api: SignatureApi;
}

/** Fits the canvas's drawing buffer to its box at the screen's pixel ratio, keeping the strokes. */
function fitCanvas(canvas: HTMLCanvasElement, pad: SignaturePadLib): void {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const width = Math.round(canvas.offsetWidth * ratio);
  const height = Math.round(canvas.offsetHeight * ratio);
  if (!width || !height || (canvas.width === width && canvas.height === height)) return;
  const strokes = pad.toData().slice();
  // a new size clears the canvas and its scale: set both, then draw the strokes again
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  if (strokes.length) pad.fromData(strokes);
}

/**
 * The drawn signature (spec 001 §3-8): a pad sized to its box (pointer, pen or finger), Clear and
 * Undo, the agreement tick when asked, and Save, which sends the pad as a PNG. The machine says
 * whether it may be saved ('Cant save empty sign!') and what went wrong.
 */
export function SignaturePad({ api }: SignaturePadProps) {
  const { t, text } = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  // the handlers are new on every render; the pad's listener reads the latest
  const changedRef = useRef(api.changed);
  useEffect(() => {
    changedRef.current = api.changed;
  });
  // what was sent, shown back once saved
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadLib(canvas, { penColor: '#152033', minWidth: 0.8, maxWidth: 2.8 });
    padRef.current = pad;
    const fit = () => fitCanvas(canvas, pad);
    const report = () => changedRef.current(pad.isEmpty());
    fit();
    pad.addEventListener('endStroke', report);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    // the pixel ratio changes with the browser's zoom and when the window moves to another screen
    window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, []);

  // the pad rests while the image is on its way
  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (api.saving || api.saved) pad.off();
    else pad.on();
  }, [api.saving, api.saved]);

  const busy = api.saving;
  const clear = () => {
    const pad = padRef.current;
    if (!pad) return;
    pad.clear();
    api.changed(true);
  };
  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const strokes = pad.toData().slice();
    strokes.pop();
    pad.fromData(strokes);
    api.changed(pad.isEmpty());
  };
  const save = () => {
    const pad = padRef.current;
    if (!pad) return;
    const image = pad.toDataURL('image/png');
    setSent(image);
    api.save(image);
  };

  return (
    <fieldset className="signature" {...api.getFieldsetProps()}>
      <legend>{t('signature.title')}</legend>
      <p className="signature__hint muted" {...api.getHintProps()}>
        {t('signature.hint')}
      </p>
      {api.saved && sent ? (
        <>
          <p {...api.getSavedProps()}>{t('signature.saved')}</p>
          <img className="signature__saved" src={sent} alt={t('signature.saved_image')} />
        </>
      ) : (
        <>
          <div className={`signature__box${busy ? ' signature__box--busy' : ''}`}>
            <canvas ref={canvasRef} className="signature__canvas" data-testid="signature-canvas" aria-label={t('signature.canvas')} {...api.getCanvasProps()} />
            <div className="signature__line" aria-hidden="true" />
          </div>
          <div className="signature__tools">
            <button className="button button--ghost" data-testid="signature-clear" {...api.getClearProps()} onClick={clear}>
              {t('signature.clear')}
            </button>
            <button className="button button--ghost" data-testid="signature-undo" {...api.getUndoProps()} onClick={undo}>
              {t('signature.undo')}
            </button>
          </div>
          {api.agreementNeeded && (
            <label className="signature__check">
              <input {...api.getAgreeProps()} /> {t('signature.agree')}
            </label>
          )}
          {api.error && (
            <p className="form-error" {...api.getErrorProps()}>
              {text(api.error)}
            </p>
          )}
          <div className="signature__actions">
            <button className="button" data-testid="signature-save" {...api.getSaveProps()} onClick={save}>
              {t(api.saveLabel)}
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}
