import type { FormEvent } from 'react';
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    forgot.onSubmit();
  };

  return (
    <AuthCard title={t('forget.title')}>
      {forgot.sent ? (
        <>
          <p className="form-note" role="status" data-testid="forgot-result">
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
          <form onSubmit={submit} noValidate aria-busy={forgot.busy}>
            <label className="field">
              <span>{t('forget.email_label')}</span>
              <input
                name="email"
                type="email"
                autoComplete="username"
                inputMode="email"
                required
                value={forgot.email}
                onChange={(e) => forgot.onEmail(e.target.value)}
                disabled={forgot.busy}
                aria-invalid={forgot.emailError ? true : undefined}
                aria-describedby={forgot.emailError ? 'forgot-email-error' : undefined}
                data-testid="forgot-email"
              />
            </label>
            {forgot.emailError && (
              <p id="forgot-email-error" key={forgot.shakes} className="form-error shake" role="alert" data-testid="forgot-error">
                {text(forgot.emailError)}
              </p>
            )}
            {forgot.formError && (
              <p key={forgot.shakes} className="form-error shake" role="alert" data-testid="forgot-error">
                {text(forgot.formError)}
              </p>
            )}
            <button className="button button--wide" type="submit" disabled={forgot.busy} data-testid="forgot-submit">
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
