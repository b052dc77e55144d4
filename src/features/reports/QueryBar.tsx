import { reportTabProps, type ReportsApi } from '../../flows/reports/reports.connect';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';

type Reports = ReportsApi<unknown>;

export interface Choice {
  value: string;
  label: string;
}

/** The date range (DD.MM.YYYY), the status and the second filter; errors and the retry. */
export function QueryBar({ reports, statuses, filterLabel, filters }: { reports: Reports; statuses: Choice[]; filterLabel: string; filters: Choice[] }) {
  const { t, text } = useT();
  const { dateError, loadError, loading } = reports;
  return (
    <>
      <form {...reports.getQueryProps()} className="rp-query">
        <label {...reports.getLabelProps('from')} className="field">
          {t('reports.from')}
          <input {...reports.getFieldProps('from')} inputMode="numeric" placeholder="DD.MM.YYYY" />
        </label>
        <label {...reports.getLabelProps('to')} className="field">
          {t('reports.to')}
          <input {...reports.getFieldProps('to')} inputMode="numeric" placeholder="DD.MM.YYYY" />
        </label>
        <label {...reports.getLabelProps('status')} className="field">
          {t('reports.status')}
          <select {...reports.getFieldProps('status')}>
            {statuses.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label {...reports.getLabelProps('filter')} className="field">
          {filterLabel}
          <select {...reports.getFieldProps('filter')}>
            {filters.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button {...reports.getApplyProps()} className="button rp-query__apply">
          {t('reports.apply')}
        </button>
      </form>
      {dateError && (
        <p {...reports.getDateErrorProps()} className="form-error">
          {text(dateError)}
        </p>
      )}
      {loadError && (
        <p {...reports.getLoadErrorProps()} className="form-error rp-error">
          {text(loadError)}{' '}
          <button {...reports.getRetryProps()} className="button button--small">
            {t('reports.retry')}
          </button>
        </p>
      )}
      {loading && <Spinner label={t('reports.loading')} />}
    </>
  );
}

/** Rows x–y of n, previous and next page. */
export function Pager({ reports }: { reports: Reports }) {
  const { t } = useT();
  const { paging } = reports;
  if (!reports.pagerShown) return null;
  return (
    <nav className="rp-pager" aria-label={t('reports.page', { first: paging.offset + 1, last: paging.offset + paging.shown, total: paging.total })}>
      <button {...reports.getPrevProps()} className="button button--ghost button--small">
        {t('reports.prev')}
      </button>
      <span>{t('reports.page', { first: paging.shown ? paging.offset + 1 : 0, last: paging.offset + paging.shown, total: paging.total })}</span>
      <button {...reports.getNextProps()} className="button button--ghost button--small">
        {t('reports.next')}
      </button>
    </nav>
  );
}

export interface Column<T> {
  field: keyof T & string;
  label: string;
  numeric?: boolean;
  render: (row: T) => React.ReactNode;
}

/** A sortable table that turns into cards on a phone (each cell labelled). */
export function SortableTable<T extends { id: string }>({
  rows,
  columns,
  sort,
  onSort,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  sort: { field: string; dir: 'asc' | 'desc' };
  onSort: (key: keyof T & string) => void;
  testId: string;
}) {
  const { t } = useT();
  return (
    <table className="rp-table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th
              key={c.field}
              scope="col"
              className={c.numeric ? 'num' : undefined}
              aria-sort={sort.field === c.field ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button type="button" className="rp-sort" title={t('reports.sort_by', { column: c.label })} onClick={() => onSort(c.field)}>
                {c.label}
                <span aria-hidden="true">{sort.field === c.field ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-id={row.id}>
            {columns.map((c) => (
              <td key={c.field} data-label={c.label} className={c.numeric ? 'num' : undefined}>
                {c.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** History and reports side by side: one entry in the menu, two tabs here. */
export function ReportTabs({ current }: { current: 'history' | 'reports' }) {
  const { t } = useT();
  return (
    <nav className="rp-tabs" aria-label={t('nav.reports')}>
      {/* plain hash links: inside the hash routes a router Link would resolve against the hash path */}
      <a href="#/show/reports" {...reportTabProps(current, 'reports')}>
        {t('reports.title')}
      </a>
      <a href="#/show/history" {...reportTabProps(current, 'history')}>
        {t('history.title')}
      </a>
    </nav>
  );
}
