import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { reportsMachine } from '../../machines/reports/reports.machine';
import type { ReportsQuery } from '../../machines/reports/reports.types';
import { HistoryQuery, HistoryType, OrderStatus, TransactionStatus, type HistoryEntry, type ReportOrder } from '../../core/contract';
import { loadHistory, loadReports } from '../api/trading-history';
import type { Msg } from '../../core/message';
import { formatDate } from './dates';
import { inspect } from './inspector';
import { useSessionPick } from './session';

export type { HistoryEntry, ReportOrder };

const DAY = 86_400_000;

/** history: limit 999 with offset (001 §3); reports: page size 100 with skip (001 §9) */
export const HISTORY_LIMIT = 999;
export const REPORTS_PAGE = 100;

async function loadPage(query: ReportsQuery) {
  const range = { DateFrom: query.from, DateTo: query.to, limit: query.limit };
  if (query.kind === 'history') {
    const request: HistoryQuery = { ...range, offset: query.offset };
    const status = TransactionStatus.safeParse(query.status);
    if (status.success) request.Status = status.data;
    const type = HistoryType.safeParse(query.filter);
    if (type.success) request.trType = type.data;
    const answer = await loadHistory(request);
    return { rows: answer.hits, total: answer.total };
  }
  const status = OrderStatus.safeParse(query.status);
  const answer = await loadReports({
    ...range,
    skip: query.offset,
    ...(status.success && { Status: status.data }),
    ...(/^[A-Z]{3,10}$/.test(query.filter) && { Sumbol: query.filter }),
  });
  return { rows: answer.hits, total: answer.total };
}

export const reportsFlow = reportsMachine.provide({ actors: { loadPage: fromPromise(({ input }) => loadPage(input)) } });

/** history starts at the registration date; reports yesterday (001 §3, §9); both end today */
export function historyInput(regTime: string, now = Date.now()) {
  const registered = Date.parse(regTime);
  return { kind: 'history' as const, pageSize: HISTORY_LIMIT, from: formatDate(Number.isFinite(registered) ? registered : now), to: formatDate(now) };
}
export function reportsInput(now = Date.now()) {
  return { kind: 'reports' as const, pageSize: REPORTS_PAGE, from: formatDate(now - DAY), to: formatDate(now) };
}

type Snapshot = SnapshotFrom<typeof reportsMachine>;
export const selectLoading = (s: Snapshot): boolean => s.matches('loading') || s.matches('validating');
export const selectLoadError = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
export const selectDateError = (s: Snapshot) => s.context.dateError;
export const selectOrders = (s: Snapshot) => s.context.rows as ReportOrder[];
export const selectEntries = (s: Snapshot) => s.context.rows as HistoryEntry[];
export const selectPaging = (s: Snapshot) => ({
  offset: s.context.offset,
  pageSize: s.context.pageSize,
  total: s.context.total,
  shown: s.context.rows.length,
  hasPrev: s.matches('ready') && s.context.offset > 0,
  hasNext: s.matches('ready') && s.context.offset + s.context.pageSize < s.context.total,
});
export const selectQueryTexts = (s: Snapshot) => ({ from: s.context.fromText, to: s.context.toText, status: s.context.status, filter: s.context.filter });

export interface ReportsApi<Row> {
  rows: Row[];
  loading: boolean;
  /** the page could not load: why (with a retry), else null */
  loadError: Msg | null;
  /** a date the trader typed is not a date, or the range is backwards */
  dateError: Msg | null;
  /** loaded, and nothing in the range */
  empty: boolean;
  paging: ReturnType<typeof selectPaging>;
  /** the pager shows when there is more than one page */
  pagerShown: boolean;
  query: ReturnType<typeof selectQueryTexts>;
  editFrom: (from: string) => void;
  editTo: (to: string) => void;
  apply: () => void;
  setStatus: (status: string) => void;
  setFilter: (filter: string) => void;
  retry: () => void;
  next: () => void;
  prev: () => void;
}

/** The reports flow (the history or the orders) for its page. */
export function connectReports<Row>(s: Snapshot, send: (event: EventFrom<typeof reportsMachine>) => void): ReportsApi<Row> {
  const loading = selectLoading(s);
  const loadError = selectLoadError(s);
  const dateError = selectDateError(s);
  const rows = s.context.rows as Row[];
  const paging = selectPaging(s);
  return {
    rows,
    loading,
    loadError,
    dateError,
    empty: !loading && !loadError && !dateError && rows.length === 0,
    paging,
    pagerShown: !(paging.total <= paging.pageSize && paging.offset === 0),
    query: selectQueryTexts(s),
    editFrom: (from) => send({ type: 'query.edit', from }),
    editTo: (to) => send({ type: 'query.edit', to }),
    apply: () => send({ type: 'query.apply' }),
    setStatus: (status) => send({ type: 'query.status', status }),
    setFilter: (filter) => send({ type: 'query.filter', filter }),
    retry: () => send({ type: 'query.retry' }),
    next: () => send({ type: 'page.next' }),
    prev: () => send({ type: 'page.prev' }),
  };
}

/** #/show/history: from the trader's registration date to today. */
export function useHistory(): ReportsApi<HistoryEntry> {
  const regTime = useSessionPick((s) => s.user?.regTime ?? '');
  const [input] = useState(() => historyInput(regTime));
  const actor = useActorRef(reportsFlow, { input, inspect });
  return connectReports<HistoryEntry>(useSelector(actor, (s) => s), actor.send);
}

/** #/show/reports: the platform's orders from yesterday to today. */
export function useReports(): ReportsApi<ReportOrder> {
  const [input] = useState(() => reportsInput());
  const actor = useActorRef(reportsFlow, { input, inspect });
  return connectReports<ReportOrder>(useSelector(actor, (s) => s), actor.send);
}
