import { BrowserRouter } from 'react-router-dom';
import type { WithdrawOnly } from '../../../../core/contract/self-exclusion';
import { showPages } from '../../../app/routes';
import { useSession } from '../../../flows/session/session.hooks';
import { formatAmount } from '../../../flows/shared/money';
import { useLocationHash } from '../../../flows/shell/hash.hooks';
import { connectWithdrawOnly } from '../../../flows/trading/withdraw-only.connect';
import { registerMessages, useT } from '../../../i18n';
import { mainProps } from '../../../ui/SkipLink';
import { usePageMeta } from '../../../ui/usePageMeta';
import { SignedInTools } from '../../shell/SignedInTools';
import { routeTitleKey } from '../route-title';
import { messages } from './messages';
import './withdraw-only.css';

registerMessages(messages);

/**
 * /{lang}/trading for a session that can only withdraw (issue 30 §3): the break and its end, the
 * withdrawal, history and verification pages, the balance, language and log out. Its own chunk.
 */
export default function WithdrawOnlyPage({ paused }: { paused: WithdrawOnly }) {
  const { t, text, lang } = useT();
  const session = useSession();
  const view = connectWithdrawOnly({ paused, hash: useLocationHash() });
  usePageMeta(routeTitleKey(`/show/${view.route.page}`), 'description.trading');
  const Page = showPages[view.route.page];
  return (
    <BrowserRouter>
      <div className="shell" data-testid="withdraw-only">
        <header className="topbar withdraw-only__bar">
          <span className="brand">{t('app.name')}</span>
          <div className="topbar__balance" data-testid="balance">
            <span className="muted topbar__balance-label">{t('balance.label')}</span>
            <strong>{formatAmount(session.available, session.currency, lang)}</strong>
          </div>
          <div className="withdraw-only__tools">
            <SignedInTools />
          </div>
        </header>
        <main className="shell__main" {...mainProps()}>
          <section className="panel withdraw-only__notice" {...view.getRegionProps()}>
            <h1 {...view.getTitleProps()}>{t('withdraw_only.title')}</h1>
            <p {...view.getNoticeProps()} data-testid="withdraw-only-message">
              {text(view.message)}
            </p>
            <p className="muted">{t('withdraw_only.body')}</p>
            <nav className="withdraw-only__tabs" aria-label={t('withdraw_only.nav')}>
              {view.tabs.map((tab) => (
                <a key={tab.page} className="button button--ghost button--small" {...tab.props}>
                  {t(tab.label)}
                </a>
              ))}
            </nav>
          </section>
          <Page add={view.route.add} />
        </main>
      </div>
    </BrowserRouter>
  );
}
