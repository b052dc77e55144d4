import type { IqState } from '../../core/contract/iq';
import type { Msg } from '../../core/message';

export interface IqMiningContext {
  /** the server's state of the quiz (null before the first answer from start) */
  state: IqState | null;
  /** the answer being sent (kept for a retry after a failure) */
  pending: { n: number; answer: string } | null;
  /** why the last call failed (the server's message when it gave one) */
  error: Msg | null;
}

export type IqMiningEvent =
  /** after reading the terms: start, or continue where the server says the trader was */
  | { type: 'iq.start' }
  /** the answer to the question shown (option id) */
  | { type: 'iq.answer'; answer: string }
  /** after a failure: send again what failed */
  | { type: 'iq.retry' };
