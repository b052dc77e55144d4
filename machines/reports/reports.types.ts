import type { Msg } from '../../core/message';

/** history: the platform's transactions (limit 999, offset); reports: its orders (page size 100, skip) */
export type ReportsKind = 'history' | 'reports';

export interface ReportsInput {
  kind: ReportsKind;
  pageSize: number;
  /** DD.MM.YYYY */
  from: string;
  to: string;
}

export interface ReportsQuery {
  kind: ReportsKind;
  from: number;
  to: number;
  limit: number;
  offset: number;
  /** '' means every status */
  status: string;
  /** reports: the instrument; history: the transaction type; '' means all */
  filter: string;
}

export interface ReportsPage {
  /** the platform's rows, as the contract has them (the machine only counts them) */
  rows: unknown[];
  total: number;
}

export interface ReportsContext {
  kind: ReportsKind;
  pageSize: number;
  fromText: string;
  toText: string;
  status: string;
  filter: string;
  offset: number;
  /** the query the rows answer (null before the first valid one) */
  query: ReportsQuery | null;
  rows: unknown[];
  total: number;
  /** a date the trader typed that names no day, or a range that runs backwards */
  dateError: Msg | null;
  /** the last load failed ('Load data error' or the server's message) */
  error: Msg | null;
}

export type ReportsEvent =
  | { type: 'query.edit'; from?: string; to?: string }
  | { type: 'query.apply' }
  | { type: 'query.status'; status: string }
  | { type: 'query.filter'; filter: string }
  | { type: 'query.retry' }
  | { type: 'page.next' }
  | { type: 'page.prev' };
