import type { CloseAccountRequest, CloseAccountResponse, ClosureBlocker, ClosureStatus } from '../../core/contract/closure';
import type { Msg } from '../../core/message';

/** The form's fields: the reason and the trader's own words are held here; the password only from the submit to the answer. */
export type ClosureField = 'reason' | 'text' | 'password';

export interface AccountClosureContext {
  /** what stops the closure, as the server last said (empty in the form: nothing does) */
  blockers: ClosureBlocker[];
  /** a reason of CLOSURE_REASONS, '' until one is chosen */
  reason: string;
  /** the trader's own words (optional; needed with "other"), as typed */
  text: string;
  /**
   * the password typed in the form, taken with the submit and kept only through the confirmation
   * and the call (emptied when the trader keeps the account and when the answer comes)
   */
  password: string;
  /** a field's problem: the machine's own check before sending, or the server's refusal of it */
  fieldErrors: Partial<Record<ClosureField, Msg>>;
  /** the status could not be read, the closure failed for another reason, or it was refused as blocked meanwhile */
  error: Msg | null;
  /** when the account was closed (ISO, the server's) */
  closedAt: string | null;
  /** each refused submit or failed closure: its message is announced and focused once more */
  shakes: number;
  /** each wrong password: the page empties the password field, to be typed again */
  passwordResets: number;
}

export type AccountClosureEvent =
  /** the status could not be read: read it again */
  | { type: 'retry' }
  /** "Check again" under the list of what stops the closure */
  | { type: 'status.check' }
  | { type: 'field.change'; field: 'reason' | 'text'; value: string }
  /** the password field was edited: its message goes (the value stays in the page until the submit) */
  | { type: 'password.edit' }
  /** "Close my account" under the form, with the password as typed: checked, then the confirmation */
  | { type: 'closure.submit'; password: string }
  /** the confirmation's "Close my account" */
  | { type: 'closure.confirm' }
  /** the confirmation's "Keep my account" (or Escape, or its close button) */
  | { type: 'closure.keep' };

export type { CloseAccountRequest, CloseAccountResponse, ClosureBlocker, ClosureStatus };
