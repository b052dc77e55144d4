import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { Msg } from '../../../core/message';
import type { signatureMachine } from '../../../machines/signature/signature.machine';
import type { SignatureEvent } from '../../../machines/signature/signature.types';

export type SignatureRef = ActorRefFrom<typeof signatureMachine>;
export type SignatureSnapshot = SnapshotFrom<typeof signatureMachine>;

/** The signature child a parent runs under the invoke id 'signature' (undefined when none). */
export const selectSignatureChild = (s: { children: Record<string, AnyActorRef | undefined> }): SignatureRef | undefined =>
  s.children.signature as SignatureRef | undefined;

export interface SignatureApi {
  /** the image is on its way: the pad and the buttons wait */
  saving: boolean;
  /** the signature is stored */
  saved: boolean;
  /** the pad has no strokes */
  empty: boolean;
  error: Msg | null;
  /** the "I agree to the client agreement" tick is shown (the trading block) */
  agreementNeeded: boolean;
  /** the tick is set */
  agree: boolean;
  saveLabel: 'signature.saving' | 'signature.save';
  /** after each stroke, clear or undo: whether the pad is empty now */
  changed: (empty: boolean) => void;
  setAgree: (value: boolean) => void;
  /** Save: the pad as a PNG data URL */
  save: (image: string) => void;
  /** the pad's fieldset: busy while the image is on its way */
  getFieldsetProps: () => { 'aria-busy': true | undefined };
  /** the hint under the title, read with the pad */
  getHintProps: () => { id: string };
  /** the canvas: an image (named by the view) read with the hint, and with the problem when there is one */
  getCanvasProps: () => { role: 'img'; 'aria-describedby': string };
  /**
   * Clear, Undo and Save: buttons that rest while saving (Undo also on an empty pad); their click
   * is the view's, since it acts on the canvas pad itself (strokes, the PNG)
   */
  getClearProps: () => PadToolProps;
  getUndoProps: () => PadToolProps;
  getSaveProps: () => PadToolProps;
  /** the agreement tick */
  getAgreeProps: () => { type: 'checkbox'; checked: boolean; disabled: true | undefined; onChange: (e: { target: { checked: boolean } }) => void };
  /** the problem: said at once, found by the canvas's `aria-describedby` */
  getErrorProps: () => { id: string; role: 'alert' };
  /** saved: announced */
  getSavedProps: () => { role: 'status' };
}

/** a button of the pad whose click the view gives */
export interface PadToolProps {
  type: 'button';
  disabled: true | undefined;
}
const padTool = (disabled: boolean): PadToolProps => ({ type: 'button', disabled: disabled || undefined });

/**
 * The drawn signature for its view (the trading block's modal, the personal page). `idBase`: a
 * page-unique base for the ids of its hint and message (the hook gives one per pad).
 */
export function connectSignature(s: SignatureSnapshot, send: (event: SignatureEvent) => void, idBase = 'signature'): SignatureApi {
  const saving = s.matches('saving');
  const hintId = `${idBase}-hint`;
  const errorId = `${idBase}-error`;
  const setAgree = (value: boolean) => send({ type: 'agree.set', value });
  return {
    getFieldsetProps: () => ({ 'aria-busy': saving || undefined }),
    getHintProps: () => ({ id: hintId }),
    getCanvasProps: () => ({ role: 'img', 'aria-describedby': s.context.error ? `${hintId} ${errorId}` : hintId }),
    getClearProps: () => padTool(saving),
    getUndoProps: () => padTool(saving || s.context.empty),
    getSaveProps: () => padTool(saving),
    getAgreeProps: () => ({ type: 'checkbox', checked: s.context.agree, disabled: saving || undefined, onChange: (e) => setAgree(e.target.checked) }),
    getErrorProps: () => ({ id: errorId, role: 'alert' }),
    getSavedProps: () => ({ role: 'status' }),
    saving,
    saved: s.matches('saved'),
    empty: s.context.empty,
    error: s.context.error,
    agreementNeeded: s.context.agreement,
    agree: s.context.agree,
    saveLabel: saving ? 'signature.saving' : 'signature.save',
    changed: (empty) => send({ type: 'pad.changed', empty }),
    setAgree,
    save: (image) => send({ type: 'sign.save', image }),
  };
}
