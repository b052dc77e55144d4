import type { NotMeResponse } from '../../core/contract/sign-in-history';
import type { Msg } from '../../core/message';

/** which sign-in the trader says was not them: one of their new-device sign-ins (signed in), or the email link's token */
export type NotMeInput = { event: string; token?: undefined } | { token: string; event?: undefined };

export interface NotMeContext {
  input: NotMeInput;
  /** the last try failed: why (the confirmation stays) */
  error: Msg | null;
  /** the server's answer: every session ended, a reset link emailed (or not) */
  result: NotMeResponse | null;
}

export type NotMeEvent = { type: 'notMe.confirm' } | { type: 'notMe.cancel' };

/** the parent reads it: secured (every session ended) or cancelled */
export interface NotMeOutput {
  secured: boolean;
}

export type { NotMeResponse };
