import { useId } from 'react';
import type { ReportsApi } from '../../flows/reports/reports.connect';
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
  const ids = { from: useId(), to: useId(), status: useId(), filter: useId(), error: useId() };
  const { query, dateError, loadError, loading } = reports;
  return (
    <>
      <form
        className="rp-query"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          reports.apply();
        }}
      >
        <label className="field" htmlFor={ids.from}>
          {t('reports.from')}
          <input
            id={ids.from}
            inputMode="numeric"
            placeholder="DD.MM.YYYY"
            value={query.from}
            aria-invalid={dateError !== null}
            aria-describedby={dateError ? ids.error : undefined}
            onChange={(e) => reports.editFrom(e.target.value)}
          />
        </label>
        <label className="field" htmlFor={ids.to}>
          {t('reports.to')}
          <input
            id={ids.to}
            inputMode="numeric"
            placeholder="DD.MM.YYYY"
            value={query.to}
            aria-invalid={dateError !== null}
            aria-describedby={dateError ? ids.error : undefined}
            onChange={(e) => reports.editTo(e.target.value)}
          />
        </label>
        <label className="field" htmlFor={ids.status}>
          {t('reports.status')}
          <select id={ids.status} value={query.status} onChange={(e) => reports.setStatus(e.target.value)}>
            {statuses.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field" htmlFor={ids.filter}>
          {filterLabel}
          <select id={ids.filter} value={query.filter} onChange={(e) => reports.setFilter(e.target.value)}>
            {filters.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button rp-query__apply" disabled={loading}>
          {t('reports.apply')}
        </button>
      </form>
      {dateError && (
        <p className="form-error" role="alert" id={ids.error}>
          {text(dateError)}
        </p>
      )}
      {loadError && (
        <p className="form-error rp-error" role="alert">
          {text(loadError)}{' '}
          <button type="button" className="button button--small" onClick={reports.retry}>
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
      <button type="button" className="button button--ghost button--small" disabled={!paging.hasPrev} onClick={reports.prev}>
        {t('reports.prev')}
      </button>
      <span>{t('reports.page', { first: paging.shown ? paging.offset + 1 : 0, last: paging.offset + paging.shown, total: paging.total })}</span>
      <button type="button" className="button button--ghost button--small" disabled={!paging.hasNext} onClick={reports.next}>
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
      <a href="#/show/reports" aria-current={current === 'reports' ? 'page' : undefined}>
        {t('reports.title')}
      </a>
      <a href="#/show/history" aria-current={current === 'history' ? 'page' : undefined}>
        {t('history.title')}
      </a>
    </nav>
  );
}
