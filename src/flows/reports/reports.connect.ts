import type { EventFrom, SnapshotFrom } from 'xstate';
import type { reportsMachine } from '../../../machines/reports/reports.machine';
import type { HistoryEntry, ReportOrder } from '../../../core/contract';
import type { Msg } from '../../../core/message';
import { buttonProps, fieldErrorProps, fieldProps, formProps, labelProps, submitProps } from '../shared/props';

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
  /** the range the rows answer (epoch milliseconds, both ends included), null before the first valid query */
  range: { from: number; to: number } | null;
  editFrom: (from: string) => void;
  editTo: (to: string) => void;
  apply: () => void;
  setStatus: (status: string) => void;
  setFilter: (filter: string) => void;
  retry: () => void;
  next: () => void;
  prev: () => void;
  /** the page's section: busy while the rows are read */
  getRegionProps: () => { 'aria-busy': boolean };
  getQueryProps: () => ReturnType<typeof formProps>;
  getLabelProps: (part: QueryPart) => ReturnType<typeof labelProps>;
  /** the dates: refused together, read with the date message; the selects: the status and the second filter */
  getFieldProps: (part: QueryPart) => ReturnType<typeof fieldProps>;
  /** the date message, read with both dates */
  getDateErrorProps: () => ReturnType<typeof fieldErrorProps>;
  /** the page could not load */
  getLoadErrorProps: () => { role: 'alert' };
  getRetryProps: () => ReturnType<typeof buttonProps>;
  getApplyProps: () => ReturnType<typeof submitProps>;
  getPrevProps: () => ReturnType<typeof buttonProps>;
  getNextProps: () => ReturnType<typeof buttonProps>;
}

export type QueryPart = 'from' | 'to' | 'status' | 'filter';
const queryId = (part: QueryPart | 'date') => `rp-${part}`;

/** History and reports side by side (two tabs as links): the page shown is the current one. */
export const reportTabProps = (current: 'history' | 'reports', tab: 'history' | 'reports') => ({ 'aria-current': current === tab ? ('page' as const) : undefined });

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
    range: s.context.query ? { from: s.context.query.from, to: s.context.query.to } : null,
    editFrom: (from) => send({ type: 'query.edit', from }),
    editTo: (to) => send({ type: 'query.edit', to }),
    apply: () => send({ type: 'query.apply' }),
    setStatus: (status) => send({ type: 'query.status', status }),
    setFilter: (filter) => send({ type: 'query.filter', filter }),
    retry: () => send({ type: 'query.retry' }),
    next: () => send({ type: 'page.next' }),
    prev: () => send({ type: 'page.prev' }),
    getRegionProps: () => ({ 'aria-busy': loading }),
    getQueryProps: () => formProps({ onSubmit: () => send({ type: 'query.apply' }) }),
    getLabelProps: (part) => labelProps(queryId(part)),
    getFieldProps: (part) => {
      const query = selectQueryTexts(s);
      const date = part === 'from' || part === 'to';
      const field = fieldProps({
        id: queryId(part),
        value: query[part],
        onValue: (value) =>
          send(part === 'from' ? { type: 'query.edit', from: value } : part === 'to' ? { type: 'query.edit', to: value } : part === 'status' ? { type: 'query.status', status: value } : { type: 'query.filter', filter: value }),
      });
      // both dates are read with the one date message (its id is the range's, not a field's)
      return date ? { ...field, 'aria-invalid': dateError !== null || undefined, 'aria-describedby': dateError ? `${queryId('date')}-error` : undefined } : field;
    },
    getDateErrorProps: () => fieldErrorProps(queryId('date')),
    getLoadErrorProps: () => ({ role: 'alert' as const }),
    getRetryProps: () => buttonProps(() => send({ type: 'query.retry' })),
    getApplyProps: () => submitProps({ disabled: loading }),
    getPrevProps: () => buttonProps(() => send({ type: 'page.prev' }), { disabled: !paging.hasPrev }),
    getNextProps: () => buttonProps(() => send({ type: 'page.next' }), { disabled: !paging.hasNext }),
  };
}
