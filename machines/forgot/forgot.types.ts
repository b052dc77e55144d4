import type { Msg } from '../../core/message';

export interface ForgotContext {
  /** the email as typed */
  email: string;
  /** what the view says under the form: the field's problem, the limit, the failure */
  error: Msg | null;
  /** the server's answer once sent (the same whether or not the email has an account) */
  sent: Msg | null;
  /** failures shown so far (the view replays its shake on a new one) */
  shakes: number;
}

export type ForgotEvent =
  | { type: 'email.change'; value: string }
  | { type: 'forgot.submit' }
  | { type: 'forgot.retry' }
  | { type: 'forgot.again' };
