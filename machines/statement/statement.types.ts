import type { CallFailure } from '../../core/failure';
import type { Msg } from '../../core/message';
import type { StatementFormat } from '../../core/statement';

/** What one statement asks for: the range (epoch milliseconds, both ends included), the file's format and its language. */
export interface StatementRequest {
  format: StatementFormat;
  from: number;
  to: number;
  lang: 'en' | 'ru';
}

/** A statement made and held in the page: its name, a URL the page saves it from (the flow makes it), its size. */
export interface StatementFile {
  name: string;
  url: string;
  bytes: number;
  format: StatementFormat;
}

export interface StatementContext {
  /** the last statement asked for (a retry asks it again) */
  request: StatementRequest | null;
  /** bytes received so far, and the size when the server said it */
  received: number;
  total: number | null;
  /** the statement made last, while the page may save it again */
  file: StatementFile | null;
  /** a range the rules refuse, or why the last one could not be made */
  error: Msg | null;
  /** each answer (made, failed or a range refused): its message takes the focus once */
  answers: number;
}

export type StatementEvent =
  | ({ type: 'statement.download' } & StatementRequest)
  | { type: 'statement.retry' }
  | { type: 'statement.cancel' }
  // sent by the download actor
  | { type: 'statement.progress'; received: number; total: number | null }
  | { type: 'statement.ready'; file: StatementFile }
  | { type: 'statement.failed'; error: CallFailure };
