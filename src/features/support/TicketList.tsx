import type { ActorRefFrom } from 'xstate';
import { formatDateTime } from '../../flows/shared/dates';
import { useTicketList, type ticketListFlow } from '../../flows/support/support.flow';
import { useT } from '../../i18n';

/** The trader's tickets: subject, status in their language, last activity, unread replies marked. */
export function TicketList({ list, openId, onOpen }: { list: ActorRefFrom<typeof ticketListFlow>; openId: string | null; onOpen: (id: string) => void }) {
  const { t, text } = useT();
  const tickets = useTicketList(list);
  return (
    <section {...tickets.getRegionProps()} className="sp-list">
      <h2 {...tickets.getTitleProps()}>{t('support.list.title')}</h2>
      {tickets.loading && <p className="muted">{t('support.list.loading')}</p>}
      {tickets.error && (
        <p {...tickets.getProblemProps()} className="form-error">
          {text(tickets.error)}{' '}
          {tickets.failed && (
            <button {...tickets.getRetryProps()} className="button button--small">
              {t('support.retry')}
            </button>
          )}
        </p>
      )}
      {tickets.empty && <p className="muted">{t('support.list.empty')}</p>}
      <ul className="sp-list__rows">
        {tickets.rows.map((row) => (
          <li key={row.id}>
            <button
              {...tickets.getRowProps(row.id, openId, onOpen)}
              className={`sp-row${row.unread ? ' sp-row--unread' : ''}${row.id === openId ? ' sp-row--open' : ''}`}
              data-testid="support-ticket-row"
              data-ticket={row.id}
              data-status={row.statusId}
              data-unread={row.unread}
            >
              <span className="sp-row__subject">
                {row.unread && (
                  <span className="sp-dot" data-testid="support-ticket-unread">
                    <span className="visually-hidden">{t('support.list.unread')}: </span>
                  </span>
                )}
                {row.subject}
              </span>
              <span className={`sp-status sp-status--${row.statusId}`}>{text(row.status)}</span>
              <span className="muted small">
                <span className="visually-hidden">{t('support.list.col.activity')}: </span>
                <time dateTime={row.activity}>{formatDateTime(row.activity)}</time>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
