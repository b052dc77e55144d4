import { lazy, Suspense, useState } from 'react';
import { bellButtonProps } from '../../flows/notifications/bell.connect';
import { useUnreadNotifications } from '../../flows/notifications/notifications-badge.hooks';
import { registerMessages, useT } from '../../i18n';
import { BellFace } from './bell/BellFace';
import { messages } from './bell/messages';
import './bell/bell.css';

registerMessages(messages);

// the dropdown, its machine and its texts load on the first click: the trading page carries only this button
const NotificationsMenu = lazy(() => import('./NotificationsMenu'));

/**
 * The trading header's bell (spec 001 §3 Notification: the new count). Until the
 * first click it is a plain button with the unread count; then NotificationsMenu (its own chunk)
 * takes its place and opens the list.
 */
export function NotificationBell() {
  const { t } = useT();
  const unread = useUnreadNotifications();
  const [asked, setAsked] = useState(false);
  const label = unread > 0 ? t('bell.label', { count: unread }) : t('bell.label');
  return (
    <div className="topbar__bell">
      {asked ? (
        <Suspense
          fallback={
            <button {...bellButtonProps({ open: false, busy: true })} className="icon-button call-button" data-testid="bell" aria-label={label}>
              <BellFace unread={unread} />
            </button>
          }
        >
          <NotificationsMenu />
        </Suspense>
      ) : (
        <button {...bellButtonProps({ open: false, onClick: () => setAsked(true) })} className="icon-button call-button" data-testid="bell" aria-label={label} title={label}>
          <BellFace unread={unread} />
        </button>
      )}
    </div>
  );
}
