import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { selectUser, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import { historyInput, reportsFlow, selectEntries, selectDateError, selectLoadError, selectLoading, type HistoryEntry } from '../../flows/reports';
import { registerMessages, useT } from '../../i18n';
import { formatReportAmount, formatSigned, sortRows, totalsByCurrency, type SortDir } from './format';
import { messages } from './messages';
import { Pager, QueryBar, ReportTabs, SortableTable, type Column } from './QueryBar';
import { dateTime, resultClass } from './ReportsPage';
import './reports.css';

registerMessages(messages);

const TYPES = ['deposit', 'withdrawal', 'trade', 'payout', 'refund'];
const DECIMAL_KEYS: (keyof HistoryEntry)[] = ['amount', 'balanceAfter'];

/** #/show/history: the platform's transactions since registration, up to 999 at a time (001 §3). */
export default function HistoryPage() {
  const { t, lang } = useT();
  const regTime = useSelector(sessionActor, (s) => selectUser(s)?.regTime ?? '');
  const actor = useActorRef(reportsFlow, { input: historyInput(regTime), inspect });
  const entries = useSelector(actor, selectEntries);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadError);
  const dateError = useSelector(actor, selectDateError);
  const [sort, setSort] = useState<{ field: keyof HistoryEntry & string; dir: SortDir }>({ field: 'createdAt', dir: 'desc' });
  const sorted = useMemo(() => sortRows(entries, sort.field, sort.dir, DECIMAL_KEYS), [entries, sort]);
  const totals = totalsByCurrency(entries);
  const typeLabel = (type: string) => (TYPES.includes(type) ? t(`history.type.${type}`) : type);
  const statusLabel = (s: string) => (['completed', 'pending', 'cancelled'].includes(s) ? t(`history.status.${s}`) : s);
  const columns: Column<HistoryEntry>[] = [
    { field: 'createdAt', label: t('history.col.date'), render: (e) => dateTime(e.createdAt, lang) },
    { field: 'type', label: t('history.col.type'), render: (e) => typeLabel(e.type) },
    { field: 'status', label: t('history.col.status'), render: (e) => statusLabel(e.status) },
    {
      field: 'amount',
      label: t('history.col.amount'),
      numeric: true,
      render: (e) => <strong className={e.amount.startsWith('-') ? 'rp-loss' : 'rp-gain'}>{`${formatSigned(e.amount, e.currency, lang)} ${e.currency}`}</strong>,
    },
    { field: 'balanceAfter', label: t('history.col.balance'), numeric: true, render: (e) => (e.balanceAfter === null ? '—' : `${formatReportAmount(e.balanceAfter, e.currency, lang)} ${e.currency}`) },
    { field: 'note', label: t('history.col.note'), render: (e) => e.note || '—' },
  ];
  return (
    <section className="panel rp" aria-busy={loading}>
      <ReportTabs current="history" />
      <h1>{t('history.title')}</h1>
      <p className="muted">{t('history.intro')}</p>
      <QueryBar
        actor={actor}
        statuses={[{ value: '', label: t('reports.status.all') }, ...['completed', 'pending', 'cancelled'].map((s) => ({ value: s, label: statusLabel(s) }))]}
        filterLabel={t('history.type')}
        filters={[{ value: '', label: t('history.type.all') }, ...TYPES.map((s) => ({ value: s, label: typeLabel(s) }))]}
      />
      {!loading && !failed && !dateError && entries.length === 0 && <p className="muted rp-empty">{t('reports.empty')}</p>}
      {entries.length > 0 && (
        <>
          <div className="rp-totals" aria-label={t('reports.totals')}>
            <strong>{t('reports.totals')}</strong>
            {totals.map((s) => (
              <span key={s.currency} className={resultClass(s.total)}>
                {t('history.total_amount', { amount: formatSigned(s.total, s.currency, lang), currency: s.currency })}
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
          <Pager actor={actor} />
        </>
      )}
    </section>
  );
}
