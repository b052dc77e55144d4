import { useActorRef, useSelector } from '@xstate/react';
import { inspect } from '../../flows/inspector';
import { loginFlow } from '../../flows/login';
import { selectAsksFactor, selectAutologinFailed } from '../../flows/login-view';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { FactorStep } from './FactorStep';

/** /{lang}/autologin?key=…: signs in with values the server pre-filled; on failure back to login. */
export default function AutologinPage() {
  const { t } = useT();
  const key = new URLSearchParams(window.location.search).get('key') ?? '';
  const login = useActorRef(loginFlow, { input: { autologinKey: key || 'missing' }, inspect });
  const failed = useSelector(login, selectAutologinFailed);
  const factor = useSelector(login, selectAsksFactor);
  return (
    <main className="auth">
      <div className="auth__card" aria-live="polite">
        <h1>{t('autologin.title')}</h1>
        {factor ? <FactorStep login={login} /> : failed ? <p>{t('autologin.failed')}</p> : <Spinner label={t('common.loading')} />}
      </div>
    </main>
  );
}
