import type { ExclusionChoice, ExclusionKind } from '../../core/self-exclusion';
import type { ExcludeRequest, ExcludeResponse } from '../../core/contract/self-exclusion';
import type { Msg } from '../../core/message';

/** What the page asks: how long (one of core's choices), then the password to confirm. */
export type SelfExclusionField = 'choice' | 'password';

export interface SelfExclusionContext {
  /** a choice of EXCLUSION_CHOICES, '' until one is picked */
  choice: ExclusionChoice | '';
  /** the end of the break (ISO): computed from the flow's clock when the trader goes on to confirm, then the server's once it is in force */
  until: string | null;
  /** a timeout or a self-exclusion: the chosen one's kind, then the server's once it is in force */
  kind: ExclusionKind | null;
  /** the password typed, taken with the confirmation and kept only through the call (emptied when the answer comes) */
  password: string;
  /** a field's problem: the machine's own check before sending, or the server's refusal of it */
  fieldErrors: Partial<Record<SelfExclusionField, Msg>>;
  /** the call failed for another reason (too many tries, a lost connection, a server error) */
  error: Msg | null;
  /** each refused step or failed call: its message is announced and focused once more */
  shakes: number;
  /** each wrong password: the page empties the password field, to be typed again */
  passwordResets: number;
}

export type SelfExclusionEvent =
  /** a radio of the choices was picked */
  | { type: 'choice.pick'; choice: string }
  /** "Continue" under the choices, with the page's clock (the machine reads none): the end is computed from it */
  | { type: 'choice.continue'; now: number }
  /** "Change my choice" on the confirmation: back to the choices (the password typed is forgotten) */
  | { type: 'exclusion.back' }
  /** the password field was edited: its message goes (the value stays in the page until it is sent) */
  | { type: 'password.edit' }
  /** the confirmation's button (or "Try again" after a failure), with the password as typed */
  | { type: 'exclusion.confirm'; password: string };

export type { ExcludeRequest, ExcludeResponse, ExclusionChoice, ExclusionKind };
