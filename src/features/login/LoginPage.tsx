import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type FormEvent } from 'react';
import { selectSessionStatus, selectSettings, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import { loginFlow } from '../../flows/login';
import { selectAsksFactor, selectLoginBusy, selectLoginError, selectShakes } from '../../flows/login-view';
import { goTo, safeHash } from '../../flows/navigation';
import { useT } from '../../i18n';
import { AuthCard } from '../shell/AuthCard';
import { FactorStep } from './FactorStep';

/** /{lang}/login: email and password; platform login, then the product session. */
export default function LoginPage() {
  const { t, text, lang } = useT();
  const query = new URLSearchParams(window.location.search);
  const rd = query.get('rd') ?? '';
  const autologinFailed = query.get('autologin') === 'failed';
  const login = useActorRef(loginFlow, { input: { rd }, inspect });
  const busy = useSelector(login, selectLoginBusy);
  const error = useSelector(login, selectLoginError);
  const shakes = useSelector(login, selectShakes);
  const status = useSelector(sessionActor, selectSessionStatus);
  const demo = useSelector(sessionActor, (s) => selectSettings(s)?.demoLogin);
  const factor = useSelector(login, selectAsksFactor);

  useEffect(() => {
    if (status === 'signedIn') goTo(`/${lang}/trading${safeHash(rd)}`);
  }, [status, lang, rd]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    login.send({ type: 'login.submit', email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  };

  if (factor) {
    return (
      <AuthCard title={t('login.title')}>
        <FactorStep login={login} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')}>
        <p className="muted">{t('login.subtitle')}</p>
        {autologinFailed && !error && (
          <p className="form-note" role="status">
            {t('autologin.failed')}
          </p>
        )}
        <form onSubmit={submit} noValidate aria-busy={busy} onChange={() => error && login.send({ type: 'login.edit' })}>
          <label className="field">
            <span>{t('login.email')}</span>
            <input name="email" type="email" autoComplete="username" inputMode="email" required disabled={busy} />
          </label>
          <label className="field">
            <span>{t('login.password_label')}</span>
            <input name="password" type="password" autoComplete="current-password" required disabled={busy} />
          </label>
          {error && (
            <p key={shakes} className="form-error shake" role="alert">
              {text(error)}
            </p>
          )}
          <button className="button button--wide" type="submit" disabled={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className="auth__alt">
          {t('login.no_account')} <a href={`/${lang}/register`}>{t('login.register_link')}</a>
        </p>
        {demo && <p className="auth__demo">{t('login.demo_hint', { email: demo.email, password: demo.password })}</p>}
    </AuthCard>
  );
}
