import type { CallTime } from '../../core/contract/support';
import type { Msg } from '../../core/message';

export interface CallBackInput {
  /** the start of every idempotency key this dropdown sends (letters, digits, _ and -) */
  keySeed: string;
}

/** what one call-back request sends (POST /api/call) */
export interface CallBackRequest {
  phone: string;
  time: CallTime;
  key: string;
}

export interface CallBackContext {
  keySeed: string;
  /** the phone as typed (kept after a refusal or a failure) */
  phone: string;
  time: CallTime;
  /** the number in the idempotency key: a new one after a success, or when the phone or time changes after a failure */
  keyNo: number;
  /** the refusal or failure shown under the form */
  error: Msg | null;
  /** the desk's ticket for the call-back, once it is requested */
  ticket: string | null;
  shakes: number;
}

export type CallBackEvent =
  | { type: 'call.open' }
  | { type: 'call.close' }
  | { type: 'call.toggle' }
  | { type: 'phone.change'; value: string }
  | { type: 'time.change'; value: CallTime }
  | { type: 'call.submit' }
  | { type: 'call.retry' }
  | { type: 'call.again' };
