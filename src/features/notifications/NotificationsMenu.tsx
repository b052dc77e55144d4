import { useEffect, useRef, useState } from 'react';
import { connectBellMenu, type BellMenu } from '../../flows/notifications/bell.connect';
import { formatDateTime } from '../../flows/shared/dates';
import { useNotifications } from '../../flows/notifications/notifications.flow';
import { useUnreadNotifications } from '../../flows/notifications/notifications-badge.hooks';
import { registerMessages, useT } from '../../i18n';
import { BellFace } from './bell/BellFace';
import { messages } from './messages';
import { notificationLink, wordNotification } from './words';
import './notifications.css';

registerMessages(messages);

/**
 * The bell's dropdown (spec 001 §3-4, §9): the newest 3, 'Show more' for the rest,
 * read one, read all; 'could not be loaded' with a retry. Loaded by the first click, it opens at
 * once; its machine stays while the page lives, so a pushed notification reads the list again.
 */
export default function NotificationsMenu() {
  const tr = useT();
  const { t, text } = tr;
  const notes = useNotifications();
  const unread = useUnreadNotifications();
  const [state, setState] = useState<BellMenu>({ open: true, escaped: 0 });
  const menu = connectBellMenu(state, setState);
  const { open } = menu;
  const root = useRef<HTMLDivElement>(null);
  const label = unread > 0 ? t('bell.label', { count: unread }) : t('bell.label');

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setState((m) => ({ ...m, open: false }));
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <div ref={root} className="notes" {...menu.getRootProps()}>
      <button {...menu.getTriggerProps()} className="icon-button call-button" data-testid="bell" aria-label={label} title={label}>
        <BellFace unread={unread} />
      </button>
      {open && (
        <div {...menu.getMenuProps()} className="notes-menu" data-testid="notifications">
          <div className="notes-menu__head">
            <h2 {...menu.getTitleProps()}>{t('notifications.title')}</h2>
            <button {...menu.getCloseProps()} className="icon-button" aria-label={t('notifications.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {notes.loading && <p className="muted">{t('notifications.loading')}</p>}
          {notes.failed && (
            <div {...notes.getProblemProps()}>
              <p className="form-error">{text(notes.error)}</p>
              <button {...notes.getRetryProps()} className="button button--small">
                {t('notifications.retry')}
              </button>
            </div>
          )}
          {notes.shown && (
            <>
              <div className="notes-menu__bar">
                <span {...notes.getUnreadProps()} className="muted small" data-testid="notifications-unread">
                  {notes.unread > 0 ? t('notifications.unread', { count: notes.unread }) : t('notifications.all_read')}
                </span>
                {notes.canReadAll && (
                  <button {...notes.getReadAllProps()} className="link-button small" data-testid="notifications-read-all">
                    {t('notifications.read_all')}
                  </button>
                )}
              </div>
              {notes.error && (
                <p {...notes.getProblemProps()} className="form-error">
                  {text(notes.error)}
                </p>
              )}
              {notes.empty && <p className="muted">{t('notifications.empty')}</p>}
              <ul {...notes.getListProps()} className="notes-list">
                {notes.items.map((n) => {
                  const link = notificationLink(n);
                  return (
                  <li key={n.id} className={n.read ? 'notes-item' : 'notes-item notes-item--unread'} data-testid="notification" data-kind={n.kind} data-read={n.read}>
                    <p>{wordNotification(n, tr)}</p>
                    {link && (
                      <p>
                        <a href={link.href} data-testid="notification-link">
                          {t(link.label)}
                        </a>
                      </p>
                    )}
                    <div className="notes-item__foot">
                      <time className="muted" dateTime={n.created_at}>
                        {formatDateTime(n.created_at)}
                      </time>
                      {!n.read && (
                        <button {...notes.getReadProps(n.id)} className="link-button">
                          {t('notifications.read')}
                        </button>
                      )}
                    </div>
                  </li>
                  );
                })}
              </ul>
              {notes.canShowMore && (
                <button {...notes.getMoreProps()} className="button button--ghost button--small notes-menu__more" data-testid="notifications-more">
                  {t('notifications.more')}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
