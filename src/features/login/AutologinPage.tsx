import { useAutologin } from '../../flows/login/autologin.flow';
import { useT } from '../../i18n';
import { mainProps } from '../../ui/SkipLink';
import { Spinner } from '../../ui/Spinner';
import { FactorStep } from './FactorStep';

/** /{lang}/autologin?key=…: signs in with values the server pre-filled; on failure back to login. */
export default function AutologinPage() {
  const { t } = useT();
  const login = useAutologin();
  return (
    <main className="auth" {...mainProps()}>
      <div className="auth__card" {...login.getLiveProps()}>
        <h1>{t('autologin.title')}</h1>
        {login.asksFactor ? <FactorStep {...login} /> : login.autologinFailed ? <p>{t('autologin.failed')}</p> : <Spinner label={t('common.loading')} />}
      </div>
    </main>
  );
}
