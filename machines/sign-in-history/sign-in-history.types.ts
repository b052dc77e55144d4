import type { SignInEvent, SignInPage } from '../../core/contract/sign-in-history';
import type { Msg } from '../../core/message';

export interface SignInHistoryContext {
  /** the sign-ins read so far, newest first */
  events: SignInEvent[];
  /** where the next page starts; null: all read */
  next: string | null;
  /** the first page could not be read, or a further page */
  error: Msg | null;
  /** the new-device sign-in the trader is asked about ("this wasn't me") */
  asking: string | null;
}

export type SignInHistoryEvent =
  | { type: 'retry' }
  /** the next page (older sign-ins) */
  | { type: 'history.more' }
  /** a new-device sign-in was not the trader */
  | { type: 'history.notMe'; event: string };

export type { SignInEvent, SignInPage };
