import type { Msg } from '../../../core/message';
import type { LimitRow as Row, TraderLimitsApi } from '../../flows/limits/limits.connect';
import { formatDateTime } from '../../flows/shared/dates';
import { useT } from '../../i18n';
import { LimitEditor } from './LimitEditor';

/** a message that names a moment: the date written in the trader's zone */
const dated = (message: Msg, at: string | null): Msg => (at ? { ...message, params: { ...message.params, date: formatDateTime(at) } } : message);

/** One limit: the limit in force, what its window holds, a waiting change, the result of a save, and its editor. */
export function LimitRow({ page, row }: { page: TraderLimitsApi; row: Row }) {
  const { t, text } = useT();
  const title = text(row.title);
  return (
    <li className="limits__row" data-testid={`limit-${row.id}`}>
      <section {...page.getRowProps(row.kind, row.period)} className="limits__card">
        <div className="limits__head">
          <h3 {...page.getRowTitleProps(row.kind, row.period)} className="limits__period">
            {title}
          </h3>
          <p className="limits__value" data-testid={`limit-${row.id}-value`}>
            <span className="muted small">{t('limits.in_force')}</span> <strong>{row.limit ?? t('limits.none')}</strong>
          </p>
        </div>
        {row.usedMessage && (
          <p className="limits__used" data-testid={`limit-${row.id}-used`}>
            {text(row.usedMessage)}
            {row.left !== null && <span className="muted"> · {t('limits.left', { left: row.left })}</span>}
          </p>
        )}
        {row.percent !== null && (
          <div className="limits__bar" aria-hidden="true">
            <span className={row.percent >= 100 ? 'limits__fill limits__fill--full' : 'limits__fill'} style={{ width: `${row.percent}%` }} />
          </div>
        )}
        {row.pending && (
          <p className="limits__pending" data-testid={`limit-${row.id}-pending`}>
            {text(dated(row.pending.message, row.pending.from))}
          </p>
        )}
        {row.saved && (
          <p {...page.getSavedProps()} className="limits__saved" data-testid={`limit-${row.id}-saved`}>
            {text(dated(row.saved.message, row.saved.from))}
            {row.saved.platformUnreachable && <> {t('limits.saved.platform_unreachable')}</>}
          </p>
        )}
        {row.editing ? (
          <LimitEditor page={page} period={title} />
        ) : (
          <button {...page.getEditProps(row.kind, row.period)} className="button button--ghost button--small limits__edit" data-testid={`limit-${row.id}-edit`}>
            {row.limit === null ? t('limits.set') : t('limits.change')}{' '}
            <span className="visually-hidden">{t('limits.for_period', { period: title })}</span>
          </button>
        )}
      </section>
    </li>
  );
}
