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
}

/** The drawn signature for its view (the trading block's modal, the personal page). */
export function connectSignature(s: SignatureSnapshot, send: (event: SignatureEvent) => void): SignatureApi {
  const saving = s.matches('saving');
  return {
    saving,
    saved: s.matches('saved'),
    empty: s.context.empty,
    error: s.context.error,
    agreementNeeded: s.context.agreement,
    agree: s.context.agree,
    saveLabel: saving ? 'signature.saving' : 'signature.save',
    changed: (empty) => send({ type: 'pad.changed', empty }),
    setAgree: (value) => send({ type: 'agree.set', value }),
    save: (image) => send({ type: 'sign.save', image }),
  };
}
