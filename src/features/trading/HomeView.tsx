import { lazy, Suspense } from 'react';
import { usePlatformFrame } from '../../flows/shell/shell.hooks';
import { hasFirst } from '../../flows/shell/navigation';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import { TradingBlock } from './TradingBlock';
import { lazyPage } from '../../ui/lazyPage';
import './trading.css';

registerMessages(messages);

// the first visit's welcome (its machine and view) loads only when the address has `first`
const WelcomePanel = lazy(() => import('./WelcomePanel'));
// what stops trading now (issue 30 §4: a stake or loss limit used up), above the platform: its own chunk, nothing while it loads
const CashierLocks = lazyPage(() => import('../cashier-locks/CashierLocks'), 'none');

/** #/home: the embedded trading platform (minimum height 700, spec 000 §9; its messages: src/flows/shell/shell.hooks.ts), the trading block over it and, on the first visit (`?first`), the welcome. */
export function HomeView() {
  const { t, lang } = useT();
  const frame = usePlatformFrame(lang);
  return (
    <section className="platform">
      <CashierLocks action="trading" />
      {frame.otherAccount && (
        <p className="form-note" role="note" data-testid="platform-account">
          {t('home.platform_account', frame.otherAccount)}
        </p>
      )}
      {/* the welcome's corner is the platform's, below what stops trading: the next step it names stays in view */}
      <div className="platform__stage">
        <iframe
          className="platform__frame"
          title={t('home.platform_title')}
          src={frame.src}
          style={frame.minHeight ? { minHeight: frame.minHeight } : undefined}
        />
        {hasFirst(window.location.search) && (
          <Suspense fallback={null}>
            <WelcomePanel />
          </Suspense>
        )}
      </div>
      <TradingBlock />
    </section>
  );
}
