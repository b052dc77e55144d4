import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { useTradingShell } from '../../flows/shell/shell.hooks';
import { useT } from '../../i18n';
import { mainProps } from '../../ui/SkipLink';
import { Spinner } from '../../ui/Spinner';
import { AccountBar } from './AccountBar';
import { HashRoutes } from './HashRoutes';
import { TradingOverlays } from '../signals/TradingOverlays';
import { preloadRoute } from '../../app/routes';

// the page the address opens on (#/show/funding) loads with this chunk, not after the shell's first render
preloadRoute(window.location.hash);

// a session that can only withdraw (a break runs: issue 30 §3) gets a page of its own, in its own chunk
const WithdrawOnlyPage = lazy(() => import('./withdraw-only/WithdrawOnlyPage'));

/** /{lang}/trading: the signed-in shell with its hash routes. */
export default function TradingPage() {
  const { t } = useT();
  const shell = useTradingShell();
  const loading = <main className="centered" {...mainProps()}><Spinner label={t('common.loading')} /></main>;
  if (!shell.ready) return loading;
  if (shell.withdrawOnly) {
    return (
      <Suspense fallback={loading}>
        <WithdrawOnlyPage paused={shell.withdrawOnly} />
      </Suspense>
    );
  }
  return (
    <BrowserRouter>
      <div className="shell">
        <AccountBar />
        <TradingOverlays />
        <main className="shell__main" {...mainProps()}>
          <HashRoutes />
        </main>
      </div>
    </BrowserRouter>
  );
}
