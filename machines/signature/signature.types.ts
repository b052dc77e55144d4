import type { Msg } from '../../core/message';

export interface SignatureInput {
  /** the trader must also tick "I agree to the client agreement" (the trading block) */
  agreement: boolean;
}

export interface SignatureContext {
  /** the trader must tick the agreement before saving */
  agreement: boolean;
  /** the pad has no strokes */
  empty: boolean;
  /** the agreement is ticked */
  agree: boolean;
  error: Msg | null;
  /** the saved signature's document, once saved */
  documentId: string | null;
}

/** what the saveSignature actor takes: the drawn signature as a PNG data URL */
export interface SaveSignatureInput {
  image: string;
}

export interface SaveSignatureOutput {
  documentId: string;
}

export type SignatureOutput = SaveSignatureOutput;

export type SignatureEvent =
  /** a stroke, a clear or an undo: whether the pad is now empty */
  | { type: 'pad.changed'; empty: boolean }
  | { type: 'agree.set'; value: boolean }
  /** Save: the pad as a PNG data URL */
  | { type: 'sign.save'; image: string };
