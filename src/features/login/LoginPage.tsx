import { lazy, Suspense } from 'react';
import { useLogin } from '../../flows/login/login.flow';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { VisitorChat } from '../chat-launcher/VisitorChat';
import { AuthCard } from '../shell/AuthCard';

// the second step (and its code entry) loads only when an account asks for it: the login page stays small
const FactorStep = lazy(() => import('./FactorStep').then((m) => ({ default: m.FactorStep })));
// a break's or self-exclusion's notice (issue 30 §3) loads only when there is one: its texts and the date formatter stay out of the first load
const ExcludedNotice = lazy(() => import('./excluded/ExcludedNotice'));
// "Sign in with a passkey" (issue 31 §5) is a chunk of its own, and the WebAuthn library a further one loaded on its click
const PasskeySignIn = lazy(() => import('./passkey/PasskeySignIn'));

/** /{lang}/login: email and password; platform login, then the product session. */
export default function LoginPage() {
  const { t, text, lang } = useT();
  const login = useLogin();
  const { error, shakes, demo } = login;

  if (login.asksFactor) {
    return (
      <AuthCard title={t('login.title')} tools={<VisitorChat />}>
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <FactorStep {...login} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')} tools={<VisitorChat />}>
        <p className="muted">{t('login.subtitle')}</p>
        {login.socialFailed && (
          <p className="form-error" {...login.getErrorProps()} data-testid="social-failed">
            {t('login.social_failed')}
          </p>
        )}
        {login.notMeNotice && (
          <p className="form-note" {...login.getNoticeProps()} data-testid="login-not-me">
            {t('login.not_me')}
          </p>
        )}
        {login.sessionLimitNotice && (
          <p className="form-note" {...login.getNoticeProps()} data-testid="login-session-limit">
            {t('login.session_limit')}
          </p>
        )}
        {login.closedNotice && (
          <p className="form-note" {...login.getNoticeProps()} data-testid="login-closed-notice">
            {t('login.account_closed')}
          </p>
        )}
        {login.pausedNotice && (
          <Suspense fallback={null}>
            <ExcludedNotice paused={login.pausedNotice} />
          </Suspense>
        )}
        {login.autologinNotice && (
          <p className="form-note" {...login.getNoticeProps()}>
            {t('autologin.failed')}
          </p>
        )}
        <form {...login.getFormProps()}>
          <label className="field">
            <span>{t('login.email')}</span>
            <input {...login.getFieldProps('email')} type="email" autoComplete="username" inputMode="email" />
          </label>
          <label className="field">
            <span>{t('login.password_label')}</span>
            <input {...login.getFieldProps('password')} type="password" autoComplete="current-password" />
          </label>
          {error && login.excluded && (
            // until its chunk is in, the server's own words (not announced twice)
            <Suspense key={shakes} fallback={<p className="form-error">{text(error)}</p>}>
              <ExcludedNotice refusal={error} withdraw={login} />
            </Suspense>
          )}
          {error && !login.excluded && (
            <p key={shakes} className="form-error shake" {...login.getErrorProps()}>
              {text(error)}
            </p>
          )}
          <button className="button button--wide" {...login.getSubmitProps()}>
            {t(login.submitLabel)}
          </button>
        </form>
        {login.passkeys && (
          // the button's place is kept while its chunk loads: the links under it do not move (issue 33 §3)
          <Suspense
            fallback={
              <p className="auth__alt" aria-hidden="true">
                <span className="button button--ghost button--wide auth__placeholder" />
              </p>
            }
          >
            <PasskeySignIn />
          </Suspense>
        )}
        {login.socialName && (
          <p className="auth__alt">
            <a className="button button--ghost button--wide" href={`/api/oidc/start?lang=${lang}`} data-testid="social-sign-in">
              {t('login.social', { name: login.socialName })}
            </a>
          </p>
        )}
        <p className="auth__alt">
          <a href={`/${lang}/forgot`} data-testid="login-forgot">{t('login.forgot_link')}</a>
        </p>
        <p className="auth__alt">
          {t('login.no_account')} <a href={`/${lang}/register`}>{t('login.register_link')}</a>{' '}
          <a href={`/${lang}/register?demo=1`} data-testid="login-demo">{t('login.demo_link')}</a>
        </p>
        <p className="auth__alt">
          <a href={`/${lang}/contacts`} data-testid="contact-link">{t('login.contact_link')}</a>
        </p>
        {demo && <p className="auth__demo">{t('login.demo_hint', { email: demo.email, password: demo.password })}</p>}
    </AuthCard>
  );
}
