import type { SocialField } from '../../../machines/social-sign-in/social-sign-in.types';
import { CURRENCIES } from '../../flows/register/register.connect';
import { useSocialSignIn } from '../../flows/login/social-sign-in.flow';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { AuthCard } from '../shell/AuthCard';
import { UsStateField } from './UsStateField';
import { TermsLabelText, TermsNewTabHint } from '../legal/TermsLabel';

/** /{lang}/register?social=1: the registration's remaining questions after a social sign-in, the email locked. */
export default function SocialRegister() {
  const { t, text, lang } = useT();
  const s = useSocialSignIn();
  const error = (field: SocialField) =>
    s.errors[field] ? (
      <p {...s.getErrorProps(field)} className="reg-error" data-testid={`error-${field}`}>
        {text(s.errors[field])}
      </p>
    ) : null;
  const bind = s.getFieldProps;
  const label = s.getLabelProps;

  if (s.loading) return <AuthCard title={t('register.heading')}><Spinner label={t('common.loading')} /></AuthCard>;
  if (s.failed) {
    return (
      <AuthCard title={t('register.heading')}>
        <p className="form-error" {...s.getAlertProps()} data-testid="social-failed">
          {t('social.failed')}
        </p>
        <p className="auth__alt">
          <a href={`/${lang}/login`}>{t('register.sign_in')}</a>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('social.heading')}>
      <p className="muted">{t('social.intro', { provider: s.provider })}</p>
      <form className="reg" {...s.getFormProps()}>
        <fieldset disabled={s.submitting}>
          <div className="field">
            <label {...label('login')}>{t('register.email')}</label>
            <input {...s.getEmailProps()} type="email" data-testid="social-email" />
            <small className="reg-hint">{t('social.email_locked', { provider: s.provider })}</small>
          </div>
          <div className="field">
            <label {...label('country')}>{t('register.country')}</label>
            <select {...bind('country')} autoComplete="country">
              <option value="">{t('register.country_choose')}</option>
              {s.countries.map((c) => (
                <option key={c.iso} value={c.iso}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('country')}
          </div>
          {s.asksState && <UsStateField field={bind('state')} label={label('state')} error={error('state')} />}
          {s.asksState && (
            <div className="field">
              <label>
                <input {...s.getUsNoticeProps()} /> {t('social.us_notice')}
              </label>
              {error('usNotice')}
            </div>
          )}
          <div className="field">
            <label {...label('currency')}>{t('register.currency')}</label>
            <select {...bind('currency')}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {error('currency')}
          </div>
          <div className="reg-row">
            <div className="field">
              <label {...label('firstName')}>{t('register.first_name')}</label>
              <input {...bind('firstName')} autoComplete="given-name" maxLength={50} />
              {error('firstName')}
            </div>
            <div className="field">
              <label {...label('lastName')}>{t('register.last_name')}</label>
              <input {...bind('lastName')} autoComplete="family-name" maxLength={50} />
              {error('lastName')}
            </div>
          </div>
          <div className="reg-row reg-row--phone">
            <div className="field">
              <label {...label('phone_prefix')}>{t('register.phone_prefix')}</label>
              <input {...bind('phone_prefix')} inputMode="numeric" autoComplete="tel-country-code" maxLength={5} />
              {error('phone_prefix')}
            </div>
            <div className="field">
              <label {...label('phone')}>{t('register.phone')}</label>
              <input {...bind('phone')} type="tel" autoComplete="tel-national" maxLength={40} />
              {error('phone')}
            </div>
          </div>
          <div className="field reg-terms">
            <label className="reg-check">
              <input {...s.getTermsProps()} data-testid="register-terms" />
              <span>
                <TermsLabelText />
              </span>
            </label>
            <TermsNewTabHint {...s.getTermsHintProps()} />
            {error('terms')}
          </div>
        </fieldset>
        {s.formError && (
          <p key={s.shakes} className="form-error shake" {...s.getAlertProps()}>
            {text(s.formError)}
          </p>
        )}
        <button className="button button--wide" {...s.getSubmitProps()}>
          {s.submitting ? <Spinner label={t('register.submitting')} /> : text(s.submitLabel)}
        </button>
      </form>
    </AuthCard>
  );
}
