import { useMemo, useState } from 'react';
import { formatDateTime } from '../../flows/shared/dates';
import { useReports, type ReportOrder } from '../../flows/reports/reports.flow';
import { registerMessages, useT } from '../../i18n';
import { formatReportAmount, formatSigned, sortRows, totalsByCurrency, type SortDir } from './format';
import { messages } from './messages';
import { Pager, QueryBar, ReportTabs, SortableTable, type Column } from './QueryBar';
import './reports.css';

registerMessages(messages);

/** the sandbox platform's instruments */
const SYMBOLS = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'BTCUSD'];
const DECIMAL_KEYS: (keyof ReportOrder)[] = ['amount', 'profit', 'payout'];

/** green for a gain, red for a loss, grey for zero */
export const resultClass = (total: string) => (/^-/.test(total) ? 'rp-loss' : /[1-9]/.test(total) ? 'rp-gain' : 'rp-neutral');

/** #/show/reports: the platform's orders, 100 a page with skip paging, from yesterday (001 §9). */
export default function ReportsPage() {
  const { t, lang } = useT();
  const reports = useReports();
  const { rows: orders } = reports;
  const [sort, setSort] = useState<{ field: keyof ReportOrder & string; dir: SortDir }>({ field: 'openedAt', dir: 'desc' });
  const sorted = useMemo(() => sortRows(orders, sort.field, sort.dir, DECIMAL_KEYS), [orders, sort]);
  const stakes = totalsByCurrency(orders);
  const results = totalsByCurrency(orders.filter((o) => o.status !== 'open').map((o) => ({ amount: o.profit, currency: o.currency })));
  const count = (status: string) => orders.filter((o) => o.status === status).length;
  const statusLabel = (s: string) => t(`reports.status.${s}`);
  const columns: Column<ReportOrder>[] = [
    { field: 'openedAt', label: t('reports.col.opened'), render: (o) => formatDateTime(o.openedAt) },
    { field: 'symbol', label: t('reports.col.symbol'), render: (o) => o.symbol },
    { field: 'direction', label: t('reports.col.direction'), render: (o) => <span className={`rp-dir rp-dir--${o.direction}`}>{o.direction === 'up' ? `▲ ${t('reports.up')}` : `▼ ${t('reports.down')}`}</span> },
    { field: 'amount', label: t('reports.col.amount'), numeric: true, render: (o) => formatReportAmount(o.amount, o.currency, lang) },
    { field: 'openPrice', label: t('reports.col.open_price'), numeric: true, render: (o) => o.openPrice },
    { field: 'closePrice', label: t('reports.col.close_price'), numeric: true, render: (o) => o.closePrice ?? '—' },
    { field: 'status', label: t('reports.col.status'), render: (o) => <span className={`rp-status rp-status--${o.status}`}>{statusLabel(o.status)}</span> },
    {
      field: 'profit',
      label: t('reports.col.profit'),
      numeric: true,
      render: (o) =>
        o.status === 'open' ? (
          <span className="rp-neutral">—</span>
        ) : (
          <strong className={o.status === 'lost' ? 'rp-loss' : o.status === 'won' ? 'rp-gain' : 'rp-neutral'}>{formatSigned(o.profit, o.currency, lang)}</strong>
        ),
    },
  ];
  return (
    <section {...reports.getRegionProps()} className="panel rp">
      <ReportTabs current="reports" />
      <h1>{t('reports.title')}</h1>
      <p className="muted">{t('reports.intro')} {t('reports.sandbox')}</p>
      <QueryBar
        reports={reports}
        statuses={['', 'open', 'won', 'lost', 'tie'].map((s) => ({ value: s, label: statusLabel(s || 'all') }))}
        filterLabel={t('reports.symbol')}
        filters={[{ value: '', label: t('reports.symbol.all') }, ...SYMBOLS.map((s) => ({ value: s, label: s }))]}
      />
      {reports.empty && <p className="muted rp-empty">{t('reports.empty')}</p>}
      {orders.length > 0 && (
        <>
          <div className="rp-totals" aria-label={t('reports.totals')}>
            <strong>{t('reports.totals')}</strong>
            <span>{t('reports.counts', { won: count('won'), lost: count('lost'), open: count('open') })}</span>
            {stakes.map((s) => (
              <span key={`s-${s.currency}`}>{t('reports.total_stake', { amount: formatReportAmount(s.total, s.currency, lang) })}</span>
            ))}
            {results.map((r) => (
              <span key={`r-${r.currency}`} className={resultClass(r.total)}>
                {t('reports.total_result', { amount: formatSigned(r.total, r.currency, lang) })}
              </span>
            ))}
          </div>
          <SortableTable
            rows={sorted}
            columns={columns}
            sort={sort}
            testId="reports-table"
            onSort={(field) => setSort((s) => ({ field, dir: s.field === field && s.dir === 'desc' ? 'asc' : 'desc' }))}
          />
          <Pager reports={reports} />
        </>
      )}
    </section>
  );
}
