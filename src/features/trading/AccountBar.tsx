import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../flows/session/session.hooks';
import { formatAmount } from '../../flows/shared/money';
import { topbarMenuButtonProps, topbarMenuProps } from '../../flows/trading/topbar.connect';
import { useT } from '../../i18n';
import { SignedInTools } from '../shell/SignedInTools';
import { CallBackButton } from '../contact/CallBackButton';
import { NotificationBell } from '../notifications/Bell';
import { openNews } from '../../flows/news/news-open';
import { openLadder } from '../../flows/ladder/ladder-open';

/** The id of the header's chat slot: the chat launcher sits there, beside the balance, never over the page. */
export const CHAT_SLOT_ID = 'topbar-chat';

/**
 * The trading shell's header: brand, navigation, balance, chat, language and log out. On a phone
 * it is one row (brand, balance, chat, menu button); the menu button opens the navigation,
 * language and log out below it.
 */
export function AccountBar() {
  const { t, lang } = useT();
  const session = useSession();
  const userId = session.user?.userId;
  // not offered incentives now (GET /api/me incentivesOff): no contest, ladder or promotions links, no weekend contest modal
  const offered = !session.user?.incentivesOff;
  const [menuOpen, setMenuOpen] = useState(false);
  // a followed link (or the back button) closes the menu
  useEffect(() => {
    const close = () => setMenuOpen(false);
    window.addEventListener('hashchange', close);
    return () => window.removeEventListener('hashchange', close);
  }, []);
  // the weekend contest modal, at most once a day while one is held (its code loads on its own)
  useEffect(() => void (userId && offered && import('../../flows/contests/tourney-weekend.flow').then((m) => m.offerWeekendContest(userId))), [userId, offered]);
  if (!session.user) return null;
  const unread = session.user.support_unread ?? 0;
  const close = () => setMenuOpen(false);
  return (
    <header className={`topbar${menuOpen ? ' topbar--menu-open' : ''}`} onKeyDown={(e) => e.key === 'Escape' && close()}>
      <span className="brand">{t('app.name')}</span>
      <div className="topbar__balance" data-testid="balance">
        <span className="muted topbar__balance-label">{t('balance.label')}</span>
        <strong>{formatAmount(session.available, session.currency, lang)}</strong>
        {session.isDemo && <span className="badge">{t('user.demo_badge')}</span>}
      </div>
      <div className="topbar__chat" id={CHAT_SLOT_ID} />
      <CallBackButton />
      <NotificationBell />
      <button {...topbarMenuButtonProps(menuOpen, () => setMenuOpen((open) => !open))} className="topbar__menu-button icon-button" aria-label={t('nav.menu')}>
        <span aria-hidden="true">{menuOpen ? '×' : '☰'}</span>
      </button>
      <div {...topbarMenuProps()} className="topbar__menu">
        <nav className="topbar__nav" aria-label={t('nav.menu')} onClick={close}>
          <Link to={{ hash: '/home' }}>{t('nav.home')}</Link>
          <Link to={{ hash: '/show/funding' }}>{t('nav.funding')}</Link>
          <Link to={{ hash: '/show/personal' }} data-testid="nav-verification" data-verified={session.verified}>
            {t('nav.personal')}
            <span className={session.verified ? 'nav-mark nav-mark--ok' : 'nav-mark'} title={t(session.verified ? 'nav.verified' : 'nav.not_verified')} aria-hidden="true">
              {session.verified ? '✓' : '!'}
            </span>
            <span className="visually-hidden">{t(session.verified ? 'nav.verified' : 'nav.not_verified')}</span>
          </Link>
          <Link to={{ hash: '/show/withdrawal' }}>{t('nav.withdrawal')}</Link>
          <Link to={{ hash: '/show/reports' }}>{t('nav.reports')}</Link>
          <Link to={{ hash: '/show/accounts' }}>{t('nav.accounts')}</Link>
          <Link to={{ hash: '/show/security' }}>{t('nav.security')}</Link>
          {offered && (
            <>
              <Link to={{ hash: '/show/contest' }} data-testid="nav-contest">{t('nav.contest')}</Link>
              <button type="button" className="topbar__nav-button" onClick={openLadder} data-testid="nav-ladder">
                {t('nav.ladder')}
              </button>
              <Link to={{ hash: '/show/promotions' }} data-testid="nav-promotions">{t('nav.promotions')}</Link>
            </>
          )}
          <button type="button" className="topbar__nav-button" onClick={openNews} data-testid="nav-news">
            {t('nav.news')}
          </button>
          <Link to={{ hash: '/show/support' }} data-testid="nav-support">
            {t('nav.support')}
            {unread > 0 && (
              <span className="nav-mark" data-testid="nav-support-badge">
                <span aria-hidden="true">{unread}</span>
                <span className="visually-hidden">{t('nav.support_unread', { count: unread })}</span>
              </span>
            )}
          </Link>
        </nav>
        <SignedInTools />
      </div>
    </header>
  );
}
