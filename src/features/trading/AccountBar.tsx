import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { selectUser, sessionActor } from '../../flows/app';
import { formatAmount } from '../../flows/money';
import { useT } from '../../i18n';
import { LanguageSwitch } from '../shell/LanguageSwitch';

/** The trading shell's header: brand, navigation, balance, language and log out. */
export function AccountBar() {
  const { t, lang } = useT();
  const user = useSelector(sessionActor, selectUser);
  if (!user) return null;
  const current = user.balances.find((b) => b.accountId === user.current_accountId);
  const currency = current?.currency ?? user.currency;
  return (
    <header className="topbar">
      <span className="brand">{t('app.name')}</span>
      <nav className="topbar__nav" aria-label={t('nav.menu')}>
        <Link to={{ hash: '/home' }}>{t('nav.home')}</Link>
        <Link to={{ hash: '/show/funding' }}>{t('nav.funding')}</Link>
        <Link to={{ hash: '/show/personal' }}>{t('nav.personal')}</Link>
        <Link to={{ hash: '/show/withdrawal' }}>{t('nav.withdrawal')}</Link>
        <Link to={{ hash: '/show/reports' }}>{t('nav.reports')}</Link>
        <Link to={{ hash: '/show/accounts' }}>{t('nav.accounts')}</Link>
        <Link to={{ hash: '/show/security' }}>{t('nav.security')}</Link>
      </nav>
      <div className="topbar__balance" data-testid="balance">
        <span className="muted">{t('balance.label')}</span>
        <strong>{formatAmount(user.available, currency, lang)}</strong>
        {user.isDemo && <span className="badge">{t('user.demo_badge')}</span>}
      </div>
      <LanguageSwitch />
      <button type="button" className="button button--ghost" onClick={() => sessionActor.send({ type: 'session.logout' })}>
        {t('nav.logout')}
      </button>
    </header>
  );
}
