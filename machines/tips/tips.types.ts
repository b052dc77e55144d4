import type { Msg } from '../../core/message';

export interface TipsInput {
  /** the chat host who receives tips (the provider's host id) */
  host: string;
}

export interface TipsContext {
  host: string;
  /** what the trader typed (kept on every error: nothing typed is lost) */
  value: string;
  /** the exact amount that will be deducted, as a decimal string with two decimals ('' before a valid submit) */
  amount: string;
  /** the amount the trader confirmed (a tip over 40), sent with the tip as `confirm`; '' when none */
  confirmed: string;
  /** the server's thanks, shown for 10 s */
  message: Msg | null;
  error: Msg | null;
}

export type TipsEvent =
  | { type: 'tip.change'; value: string }
  | { type: 'tip.submit' }
  /** the trader confirms the exact amount of a tip over 40 */
  | { type: 'tip.confirm' }
  /** no to the confirmation, or stop during the 3 s wait */
  | { type: 'tip.cancel' }
  | { type: 'tip.dismiss' };

/** POST /api/triggers/tips answer */
export interface TipSent {
  amount: string;
  currency: string;
  message: string;
}
