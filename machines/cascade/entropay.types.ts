import type { Msg } from '../../core/message';
import type { ProcessorReply } from '../../core/cascade/processors';

export interface EntropayInput {
  /** which dialog Entropay asked for: its start dialog (return true) or the CVV dialog (return pin) */
  dialog: 'start' | 'cvv';
  paymentId: string;
  amount: string;
}

export interface EntropayContext extends EntropayInput {
  error: Msg | null;
  /** bumps on every refused CVV so the view can shake the message */
  shakes: number;
  reply: ProcessorReply | null;
  result: 'redirect' | 'rejected' | 'answered' | null;
}

export type EntropayEvent =
  | { type: 'entropay.confirm' }
  | { type: 'entropay.reject' }
  /** the CVV is sent with the event only: it never enters the context (nothing stores it) */
  | { type: 'cvv.submit'; cvv: string }
  | { type: 'cvv.change' };

export interface EntropayOutput {
  result: 'redirect' | 'rejected' | 'answered';
  /** where the start dialog's Confirm goes: GET /api/entro/redirect */
  url: string;
  /** POST /api/entro/cvv's answer */
  reply: ProcessorReply | null;
}
