import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { RegisterFormField } from '../../../machines/register/register.types';
import { useRegister } from '../../flows/register/register.flow';
import { CURRENCIES } from '../../flows/register/register.connect';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { PasswordRules } from '../../ui/PasswordRules';
import { Spinner } from '../../ui/Spinner';
import { VisitorChat } from '../chat-launcher/VisitorChat';
import { AuthCard } from '../shell/AuthCard';
import { messages } from './messages';
import { UsStateField } from './UsStateField';
import './register.css';

registerMessages(messages);

// the return of a social sign-in with a new email (?social=1): its own chunk
const SocialRegister = lazy(() => import('./SocialRegister'));

/** /{lang}/register: the form, or (?social=1) the remaining questions after a social sign-in. */
export default function RegisterPage() {
  const [social] = useState(() => new URLSearchParams(window.location.search).get('social') === '1');
  if (!social) return <RegisterForm />;
  return (
    <Suspense fallback={<Spinner label="" />}>
      <SocialRegister />
    </Suspense>
  );
}

const id = (field: string) => `reg-${field}`;

/** A demo account is open: the login the server made, how to sign in again, then the trading page. */
function DemoOpened({ login, continuing, onContinue }: { login: string; continuing: boolean; onContinue: () => void }) {
  const { t } = useT();
  return (
    <AuthCard title={t('register.demo.opened')}>
      <div role="status" data-testid="demo-opened">
        <p>{t('register.demo.opened_text')}</p>
        <p className="reg-demo-login">
          {t('register.demo.login')} <strong data-testid="demo-login">{login}</strong>
        </p>
        <p>{t('register.demo.again')}</p>
      </div>
      <button type="button" className="button button--wide reg-demo-continue" onClick={onContinue} disabled={continuing} data-autofocus data-testid="demo-continue">
        {continuing ? <Spinner label={t('register.demo.continuing')} /> : t('register.demo.continue')}
      </button>
    </AuthCard>
  );
}

/** /{lang}/register (spec 001 §3–§5, §8): the registration form, the US notice, then autologin. */
function RegisterForm() {
  const { t, text, lang } = useT();
  const reg = useRegister();
  const { values, errors, formError, shakes, busy, submitting, usNotice, sandboxDemo, countries, firstBadField } = reg;
  const [showPassword, setShowPassword] = useState(false);

  // a refused submit: focus the first field that needs a correction
  useEffect(() => {
    if (shakes === 0) return;
    if (firstBadField && firstBadField !== 'usNotice') document.getElementById(id(firstBadField))?.focus();
    // only on a new refusal, as the trader corrects the fields the focus stays where it is
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shakes]);

  const change = (field: RegisterFormField) => (e: { target: { value: string } }) => reg.change(field, e.target.value);
  const blur = (field: RegisterFormField) => () => reg.blur(field);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reg.submit();
  };

  /** the props every input shares: value from the machine, errors described beside it */
  const input = (field: RegisterFormField, hint?: string) => ({
    id: id(field),
    name: field,
    value: values[field],
    onChange: change(field),
    onBlur: blur(field),
    'aria-invalid': field in errors || undefined,
    'aria-describedby': [field in errors && `${id(field)}-error`, hint && `${id(field)}-hint`].filter(Boolean).join(' ') || undefined,
  });
  const error = (field: string): ReactNode =>
    errors[field] ? (
      <p id={`${id(field)}-error`} className="reg-error" data-testid={`error-${field}`}>
        {text(errors[field])}
      </p>
    ) : null;

  if (reg.demoLogin) return <DemoOpened login={reg.demoLogin} continuing={reg.demoContinuing} onContinue={reg.continueDemo} />;

  return (
    <AuthCard title={t(reg.demo ? 'register.demo.heading' : 'register.heading')} tools={<VisitorChat />}>
      <p className="muted">{t(reg.demo ? 'register.demo.subtitle' : 'register.subtitle')}</p>
      <p className="reg-mode">
        {reg.demo ? (
          <button type="button" className="link-button" onClick={reg.leaveDemo} disabled={busy} data-testid="register-real">
            {t('register.demo.leave')}
          </button>
        ) : (
          <>
            {t('register.demo.offer')}{' '}
            <button type="button" className="link-button" onClick={reg.chooseDemo} disabled={busy} data-testid="register-demo">
              {t('register.demo.choose')}
            </button>
          </>
        )}
      </p>
      <form className="reg" onSubmit={submit} noValidate aria-busy={busy}>
        <fieldset disabled={submitting}>
          <div className="field">
            <label htmlFor={id('country')}>{t('register.country')}</label>
            <select
              {...input('country')}
              autoComplete="country"
              onChange={(e) => reg.chooseCountry(e.target.value)}
              aria-describedby={[errors.country && `${id('country')}-error`, errors.usNotice && `${id('usNotice')}-error`].filter(Boolean).join(' ') || undefined}
            >
              <option value="">{t('register.country_choose')}</option>
              {countries.map((c) => (
                <option key={c.iso} value={c.iso}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('country')}
            {error('usNotice')}
          </div>

          {values.country === 'US' && <UsStateField value={values.state ?? ''} onChange={(v) => reg.change('state', v)} error={error('state')} invalid={'state' in errors} />}

          <div className="field">
            <label htmlFor={id('currency')}>{t('register.currency')}</label>
            <select {...input('currency', 'hint')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <small id={`${id('currency')}-hint`} className="reg-hint">
              {t('register.currency_hint')}
            </small>
            {error('currency')}
          </div>

          {!reg.demo && (
            <div className="field">
              <label htmlFor={id('login')}>{t('register.email')}</label>
              <input {...input('login')} type="email" autoComplete="email" inputMode="email" spellCheck={false} autoCapitalize="none" maxLength={254} />
              {error('login')}
            </div>
          )}

          <div className="field">
            <label htmlFor={id('password')}>{t('register.password')}</label>
            <div className="reg-password">
              <input {...input('password', 'rules')} aria-describedby={[errors.password && `${id('password')}-error`, `${id('password')}-rules`].filter(Boolean).join(' ')} type={showPassword ? 'text' : 'password'} autoComplete="new-password" maxLength={128} />
              <button type="button" className="button button--ghost button--small" aria-pressed={showPassword} title={t('register.password_toggle')} onClick={() => setShowPassword((v) => !v)}>
                {showPassword ? t('register.password_hide') : t('register.password_show')}
              </button>
            </div>
            <PasswordRules id={`${id('password')}-rules`} rules={reg.rules} />
            {error('password')}
          </div>

          <div className="reg-row">
            <div className="field">
              <label htmlFor={id('firstName')}>{t('register.first_name')}</label>
              <input {...input('firstName')} autoComplete="given-name" maxLength={50} />
              {error('firstName')}
            </div>
            <div className="field">
              <label htmlFor={id('lastName')}>{t('register.last_name')}</label>
              <input {...input('lastName')} autoComplete="family-name" maxLength={50} />
              {error('lastName')}
            </div>
          </div>

          <div className="reg-row reg-row--phone">
            <div className="field">
              <label htmlFor={id('phone_prefix')}>{t('register.phone_prefix')}</label>
              <div className="reg-prefix">
                <span aria-hidden="true">+</span>
                <input {...input('phone_prefix')} type="text" inputMode="numeric" autoComplete="tel-country-code" maxLength={5} />
              </div>
              {error('phone_prefix')}
            </div>
            <div className="field">
              <label htmlFor={id('phone')}>{t('register.phone')}</label>
              <input {...input('phone', 'hint')} type="tel" autoComplete="tel-national" inputMode="tel" maxLength={40} />
              {error('phone')}
            </div>
          </div>
          {!errors.phone && (
            <small id={`${id('phone')}-hint`} className="reg-hint reg-hint--row">
              {t(reg.phoneHintKey)}
            </small>
          )}

          <div className="field">
            <label htmlFor={id('promo')}>{t('register.promo')}</label>
            <input {...input('promo')} autoComplete="off" spellCheck={false} autoCapitalize="characters" maxLength={32} />
            {error('promo')}
          </div>
        </fieldset>

        {formError && (
          <p key={shakes} className="form-error shake" role="alert">
            {text(formError)}
          </p>
        )}
        <p className="reg-status" aria-live="polite">
          {reg.checkingNote ? t('register.checking') : ''}
        </p>
        <button className="button button--wide" type="submit" disabled={busy}>
          {submitting ? <Spinner label={t('register.submitting')} /> : t(reg.demo ? 'register.demo.submit' : 'register.submit')}
        </button>
        <p className="reg-sandbox muted">{t(reg.demo ? 'register.demo.note' : 'register.sandbox_note')}</p>
      </form>
      {reg.socialName && (
        <p className="auth__alt">
          <a className="button button--ghost button--wide" href={`/api/oidc/start?lang=${lang}`} data-testid="social-register">
            {t('social.register_with', { name: reg.socialName })}
          </a>
        </p>
      )}
      <p className="auth__alt">
        {t('register.have_account')} <a href={`/${lang}/login`}>{t('register.sign_in')}</a>
      </p>
      <p className="auth__alt">
        <a href={`/${lang}/contacts`} data-testid="contact-link">{t('login.contact_link')}</a>
      </p>
      {sandboxDemo && <p className="auth__demo">{t('register.demo_hint', { email: sandboxDemo.email, password: sandboxDemo.password })}</p>}

      {usNotice && (
        <Modal
          title={t('register.us.title')}
          variant="warning"
          closeLabel={t('common.close')}
          onClose={reg.declineUs}
          footer={
            <>
              <button type="button" className="button button--ghost" onClick={reg.declineUs}>
                {t('register.us.back')}
              </button>
              <button type="button" className="button" data-autofocus onClick={reg.agreeUs}>
                {t('register.us.agree')}
              </button>
            </>
          }
        >
          <p>{t('register.us.text')}</p>
        </Modal>
      )}
    </AuthCard>
  );
}
