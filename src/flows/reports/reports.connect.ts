import type { EventFrom, SnapshotFrom } from 'xstate';
import type { reportsMachine } from '../../../machines/reports/reports.machine';
import type { HistoryEntry, ReportOrder } from '../../../core/contract';
import type { Msg } from '../../../core/message';

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
