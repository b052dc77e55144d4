import { lazy, Suspense, useState, type ReactNode } from 'react';
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
import { TermsLabelText, TermsNewTabHint } from '../legal/TermsLabel';
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

/** A demo account is open: the login the server made, how to sign in again, then the trading page. */
function DemoOpened({ login, continuing, onContinue, statusProps }: { login: string; continuing: boolean; onContinue: () => void; statusProps: { role: 'status' } }) {
  const { t } = useT();
  return (
    <AuthCard title={t('register.demo.opened')}>
      <div {...statusProps} data-testid="demo-opened">
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
  const { values, errors, formError, shakes, busy, submitting, usNotice, sandboxDemo, countries } = reg;
  const input = reg.getFieldProps;
  const label = reg.getLabelProps;
  const error = (field: RegisterFormField | 'usNotice' | 'terms'): ReactNode =>
    errors[field] ? (
      <p {...reg.getErrorProps(field)} className="reg-error" data-testid={`error-${field}`}>
        {text(errors[field])}
      </p>
    ) : null;

  if (reg.demoLogin) return <DemoOpened login={reg.demoLogin} continuing={reg.demoContinuing} onContinue={reg.continueDemo} statusProps={reg.getDemoOpenedProps()} />;

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
      <form className="reg" {...reg.getFormProps()}>
        <fieldset disabled={submitting}>
          <div className="field">
            <label {...label('country')}>{t('register.country')}</label>
            <select {...input('country')} autoComplete="country">
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

          {values.country === 'US' && <UsStateField field={input('state')} label={label('state')} error={error('state')} />}

          <div className="field">
            <label {...label('currency')}>{t('register.currency')}</label>
            <select {...input('currency')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <small {...reg.getHintProps('currency')} className="reg-hint">
              {t('register.currency_hint')}
            </small>
            {error('currency')}
          </div>

          {!reg.demo && (
            <div className="field">
              <label {...label('login')}>{t('register.email')}</label>
              <input {...input('login')} type="email" autoComplete="email" inputMode="email" spellCheck={false} autoCapitalize="none" maxLength={254} />
              {error('login')}
            </div>
          )}

          <div className="field">
            <label {...label('password')}>{t('register.password')}</label>
            <div className="reg-password">
              <input {...input('password')} type={reg.passwordShown ? 'text' : 'password'} autoComplete="new-password" maxLength={128} />
              <button className="button button--ghost button--small" {...reg.getPasswordToggleProps()} title={t('register.password_toggle')}>
                {reg.passwordShown ? t('register.password_hide') : t('register.password_show')}
              </button>
            </div>
            <PasswordRules {...reg.getRulesProps()} rules={reg.rules} />
            {error('password')}
          </div>

          <div className="reg-row">
            <div className="field">
              <label {...label('firstName')}>{t('register.first_name')}</label>
              <input {...input('firstName')} autoComplete="given-name" maxLength={50} />
              {error('firstName')}
            </div>
            <div className="field">
              <label {...label('lastName')}>{t('register.last_name')}</label>
              <input {...input('lastName')} autoComplete="family-name" maxLength={50} />
              {error('lastName')}
            </div>
          </div>

          <div className="reg-row reg-row--phone">
            <div className="field">
              <label {...label('phone_prefix')}>{t('register.phone_prefix')}</label>
              <div className="reg-prefix">
                <span aria-hidden="true">+</span>
                <input {...input('phone_prefix')} type="text" inputMode="numeric" autoComplete="tel-country-code" maxLength={5} />
              </div>
              {error('phone_prefix')}
            </div>
            <div className="field">
              <label {...label('phone')}>{t('register.phone')}</label>
              <input {...input('phone')} type="tel" autoComplete="tel-national" inputMode="tel" maxLength={40} />
              {error('phone')}
            </div>
          </div>
          {!errors.phone && (
            <small {...reg.getHintProps('phone')} className="reg-hint reg-hint--row">
              {t(reg.phoneHintKey)}
            </small>
          )}

          <div className="field">
            <label {...label('promo')}>{t('register.promo')}</label>
            <input {...input('promo')} autoComplete="off" spellCheck={false} autoCapitalize="characters" maxLength={32} />
            {error('promo')}
          </div>

          <div className="field reg-terms">
            <label className="reg-check">
              <input {...reg.getTermsProps()} data-testid="register-terms" />
              <span>
                <TermsLabelText />
              </span>
            </label>
            <TermsNewTabHint {...reg.getTermsHintProps()} />
            {error('terms')}
          </div>
        </fieldset>

        {formError && (
          <p key={shakes} className="form-error shake" {...reg.getFormErrorProps()}>
            {text(formError)}
          </p>
        )}
        <p className="reg-status" {...reg.getCheckingProps()}>
          {reg.checkingNote ? t('register.checking') : ''}
        </p>
        <button className="button button--wide" {...reg.getSubmitProps()}>
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
