import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { selectSessionStatus, sessionActor } from '../../flows/app';
import { goTo } from '../../flows/navigation';
import { startPush } from '../../flows/push';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { AccountBar } from './AccountBar';
import { HashRoutes } from './HashRoutes';
import { TradingOverlays } from '../signals/TradingOverlays';

/** /{lang}/trading: the signed-in shell with its hash routes. */
export default function TradingPage() {
  const { t, lang } = useT();
  const status = useSelector(sessionActor, selectSessionStatus);
  useEffect(() => startPush(), []);
  // a page opened while signed out goes to login; a logout navigates by itself (session flow)
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (status === 'signedIn') wasSignedIn.current = true;
    else if (status === 'signedOut' && !wasSignedIn.current) goTo(`/${lang}/login?rd=${encodeURIComponent(window.location.hash)}`);
  }, [status, lang]);
  if (status !== 'signedIn') return <main className="centered"><Spinner label={t('common.loading')} /></main>;
  return (
    <BrowserRouter>
      <div className="shell">
        <AccountBar />
        <TradingOverlays />
        <main className="shell__main">
          <HashRoutes />
        </main>
      </div>
    </BrowserRouter>
  );
}
