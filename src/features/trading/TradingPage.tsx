import { BrowserRouter } from 'react-router-dom';
import { useTradingShell } from '../../flows/shell/shell.hooks';
import { useT } from '../../i18n';
import { mainProps } from '../../ui/SkipLink';
import { Spinner } from '../../ui/Spinner';
import { AccountBar } from './AccountBar';
import { HashRoutes } from './HashRoutes';
import { TradingOverlays } from '../signals/TradingOverlays';

/** /{lang}/trading: the signed-in shell with its hash routes. */
export default function TradingPage() {
  const { t } = useT();
  const shell = useTradingShell();
  if (!shell.ready) return <main className="centered" {...mainProps()}><Spinner label={t('common.loading')} /></main>;
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
