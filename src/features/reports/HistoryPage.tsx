import { useMemo, useState } from 'react';
import { formatDateTime } from '../../flows/shared/dates';
import { useHistory, type HistoryEntry } from '../../flows/reports/reports.flow';
import { describeHistoryEntry, formatBalanceAfter, formatSignedAmount, HISTORY_TYPES } from '../../flows/reports/reports-history';
import { registerMessages, useT } from '../../i18n';
import { AskSupport } from '../support/AskSupport';
import { sortRows, totalsByCurrency, type SortDir } from './format';
import { messages } from './messages';
import { Pager, QueryBar, ReportTabs, SortableTable, type Column } from './QueryBar';
import { resultClass } from './ReportsPage';
import { StatementSection } from './StatementSection';
import './reports.css';

registerMessages(messages);

const STATUSES = ['completed', 'pending', 'cancelled'];
const DECIMAL_KEYS: (keyof HistoryEntry)[] = ['amount', 'balanceAfter'];

/**
 * #/show/history: every money movement since registration, up to 999 at a time (001 §3): our
 * deposits, withdrawals and tips with the platform's stakes and payouts; a statement of the same
 * range as CSV or PDF (issue 30 §9).
 */
export default function HistoryPage() {
  const { t, lang } = useT();
  const history = useHistory();
  const { rows: entries } = history;
  const [sort, setSort] = useState<{ field: keyof HistoryEntry & string; dir: SortDir }>({ field: 'createdAt', dir: 'desc' });
  const sorted = useMemo(() => sortRows(entries, sort.field, sort.dir, DECIMAL_KEYS), [entries, sort]);
  const totals = totalsByCurrency(entries);
  const statusLabel = (s: string) => t(`history.status.${s}`);
  const texts = useMemo(() => new Map(entries.map((e) => [e.id, describeHistoryEntry(e, t)])), [entries, t]);
  const said = (e: HistoryEntry) => texts.get(e.id) ?? describeHistoryEntry(e, t);
  const columns: Column<HistoryEntry>[] = [
    { field: 'createdAt', label: t('history.col.date'), render: (e) => formatDateTime(e.createdAt) },
    { field: 'type', label: t('history.col.type'), render: (e) => said(e).what },
    { field: 'status', label: t('history.col.status'), render: (e) => said(e).status },
    {
      field: 'amount',
      label: t('history.col.amount'),
      numeric: true,
      render: (e) => <strong className={resultClass(e.amount)}>{formatSignedAmount(e.amount, e.currency, lang)}</strong>,
    },
    { field: 'balanceAfter', label: t('history.col.balance'), numeric: true, render: (e) => formatBalanceAfter(e, t, lang) },
    {
      field: 'note',
      label: t('history.col.note'),
      render: (e) => (
        <>
          {said(e).detail}
          {e.ref && <AskSupport about={e.ref} />}
        </>
      ),
    },
  ];
  return (
    <section {...history.getRegionProps()} className="panel rp">
      <ReportTabs current="history" />
      <h1>{t('history.title')}</h1>
      <p className="muted">{t('history.intro')}</p>
      <QueryBar
        reports={history}
        statuses={[{ value: '', label: t('reports.status.all') }, ...STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))]}
        filterLabel={t('history.type')}
        filters={[{ value: '', label: t('history.type.all') }, ...HISTORY_TYPES.map((s) => ({ value: s, label: t(`history.type.${s}`) }))]}
      />
      <StatementSection range={history.range} />
      {history.empty && <p className="muted rp-empty">{t('reports.empty')}</p>}
      {entries.length > 0 && (
        <>
          <div className="rp-totals" aria-label={t('reports.totals')}>
            <strong>{t('reports.totals')}</strong>
            {totals.map((s) => (
              <span key={s.currency} className={resultClass(s.total)}>
                {t('history.total_amount', { amount: formatSignedAmount(s.total, s.currency, lang) })}
              </span>
            ))}
          </div>
          <SortableTable
            rows={sorted}
            columns={columns}
            sort={sort}
            testId="history-table"
            onSort={(field) => setSort((s) => ({ field, dir: s.field === field && s.dir === 'desc' ? 'asc' : 'desc' }))}
          />
          <Pager reports={history} />
        </>
      )}
    </section>
  );
}
