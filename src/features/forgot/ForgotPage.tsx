import { useForgot } from '../../flows/forgot/forgot.flow';
import { registerMessages, useT } from '../../i18n';
import { AuthCard } from '../shell/AuthCard';
import { messages } from './messages';
import { usePageTitle } from './usePageTitle';

registerMessages(messages);

/** /{lang}/forgot (spec 001 §1-2): the email; the same answer whether or not it has an account. */
export default function ForgotPage() {
  const { t, text } = useT();
  const forgot = useForgot();
  usePageTitle('forget.page_title');

  return (
    <AuthCard title={t('forget.title')}>
      {forgot.sent ? (
        <>
          <p className="form-note" {...forgot.getResultProps()} data-testid="forgot-result">
            {text(forgot.sent)}
          </p>
          <p className="muted">{t('forget.sent_hint')}</p>
          <p className="auth__alt">
            <button type="button" className="button button--small" onClick={forgot.onAgain}>
              {t('forget.again')}
            </button>
          </p>
        </>
      ) : (
        <>
          <p className="muted">{t('forget.subtitle')}</p>
          <form {...forgot.getFormProps()}>
            <label className="field">
              <span>{t('forget.email_label')}</span>
              <input {...forgot.getEmailProps()} type="email" autoComplete="username" inputMode="email" data-testid="forgot-email" />
            </label>
            {forgot.emailError && (
              <p key={forgot.shakes} {...forgot.getEmailErrorProps()} className="form-error shake" data-testid="forgot-error">
                {text(forgot.emailError)}
              </p>
            )}
            {forgot.formError && (
              <p key={forgot.shakes} className="form-error shake" {...forgot.getFormErrorProps()} data-testid="forgot-error">
                {text(forgot.formError)}
              </p>
            )}
            <button className="button button--wide" {...forgot.getSubmitProps()} data-testid="forgot-submit">
              {forgot.canRetry ? t('common.retry') : text(forgot.submitLabel)}
            </button>
          </form>
        </>
      )}
      <p className="auth__alt">
        <a href={`/${forgot.lang}/login`} data-testid="forgot-login">
          {t('forget.back')}
        </a>
      </p>
    </AuthCard>
  );
}
