import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatDateTime } from '../../flows/shared/dates';
import { useNotifications } from '../../flows/notifications/notifications.flow';
import { useUnreadNotifications } from '../../flows/notifications/notifications-badge.hooks';
import { registerMessages, useT } from '../../i18n';
import { BellFace } from './bell/BellFace';
import { messages } from './messages';
import { wordNotification } from './words';
import './notifications.css';

registerMessages(messages);

/**
 * The bell's dropdown (issue 17; spec 001 §3-4, §9): the newest 3, 'Show more' for the rest,
 * read one, read all; 'could not be loaded' with a retry. Loaded by the first click, it opens at
 * once; its machine stays while the page lives, so a pushed notification reads the list again.
 */
export default function NotificationsMenu() {
  const tr = useT();
  const { t, text } = tr;
  const notes = useNotifications();
  const unread = useUnreadNotifications();
  const [open, setOpen] = useState(true);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const label = unread > 0 ? t('bell.label', { count: unread }) : t('bell.label');

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const escape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div ref={root} className="notes" onKeyDown={escape}>
      <button
        ref={button}
        type="button"
        className="icon-button call-button"
        data-testid="bell"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
      >
        <BellFace unread={unread} />
      </button>
      {open && (
        <div id={`${id}-menu`} className="notes-menu" role="dialog" aria-labelledby={`${id}-title`} data-testid="notifications">
          <div className="notes-menu__head">
            <h2 id={`${id}-title`}>{t('notifications.title')}</h2>
            <button type="button" className="icon-button" aria-label={t('notifications.close')} onClick={() => setOpen(false)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {notes.loading && <p className="muted">{t('notifications.loading')}</p>}
          {notes.failed && (
            <div role="alert">
              <p className="form-error">{text(notes.error)}</p>
              <button type="button" className="button button--small" onClick={notes.onRetry}>
                {t('notifications.retry')}
              </button>
            </div>
          )}
          {notes.shown && (
            <>
              <div className="notes-menu__bar">
                <span className="muted small" data-testid="notifications-unread" aria-live="polite">
                  {notes.unread > 0 ? t('notifications.unread', { count: notes.unread }) : t('notifications.all_read')}
                </span>
                {notes.canReadAll && (
                  <button type="button" className="link-button small" data-testid="notifications-read-all" onClick={notes.onReadAll}>
                    {t('notifications.read_all')}
                  </button>
                )}
              </div>
              {notes.error && (
                <p className="form-error" role="alert">
                  {text(notes.error)}
                </p>
              )}
              {notes.empty && <p className="muted">{t('notifications.empty')}</p>}
              <ul className="notes-list" aria-busy={notes.busy || undefined}>
                {notes.items.map((n) => (
                  <li key={n.id} className={n.read ? 'notes-item' : 'notes-item notes-item--unread'} data-testid="notification" data-kind={n.kind} data-read={n.read}>
                    <p>{wordNotification(n, tr)}</p>
                    <div className="notes-item__foot">
                      <time className="muted" dateTime={n.created_at}>
                        {formatDateTime(n.created_at)}
                      </time>
                      {!n.read && (
                        <button type="button" className="link-button" onClick={() => notes.onRead(n.id)} disabled={notes.busy}>
                          {t('notifications.read')}
                        </button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              {notes.canShowMore && (
                <button type="button" className="button button--ghost button--small notes-menu__more" data-testid="notifications-more" onClick={notes.onShowMore} disabled={notes.busy} aria-busy={notes.loadingMore || undefined}>
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
