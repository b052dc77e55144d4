import type { FormEvent } from 'react';
import { usePasswordReset } from '../../flows/forgot/forgot-reset.flow';
import { registerMessages, useT } from '../../i18n';
import { PasswordRules } from '../../ui/PasswordRules';
import { Spinner } from '../../ui/Spinner';
import { messages as passwordTexts } from '../register/messages';
import { AuthCard } from '../shell/AuthCard';
import { messages } from './messages';
import { usePageTitle } from './usePageTitle';
import './forgot.css';

registerMessages(messages);
// the password rules and the policy's refusals are registration's texts
registerMessages(passwordTexts);

/** /{lang}/reset?token=… : the link checked (nothing used up by opening it), the new password twice, then sign in. */
export default function ResetPage() {
  const { t, text } = useT();
  const reset = usePasswordReset();
  usePageTitle('forget.reset_page_title');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    reset.onSubmit(String(form.get('password') ?? ''), String(form.get('repeat') ?? ''));
  };
  const login = (
    <p className="auth__alt">
      <a href={`/${reset.lang}/login`} data-testid="reset-login">
        {reset.done ? t('forget.sign_in') : t('forget.back')}
      </a>
    </p>
  );

  if (reset.checking) {
    return (
      <AuthCard title={t('forget.reset_title')}>
        <Spinner label={t('forget.checking')} />
      </AuthCard>
    );
  }
  if (reset.invalidLink) {
    return (
      <AuthCard title={t('forget.reset_title')}>
        <p className="form-error" role="alert" data-testid="reset-invalid">
          {t('forget.link')}
        </p>
        <p className="auth__alt">
          <a className="button" href={`/${reset.lang}/forgot`} data-testid="reset-ask-new">
            {t('forget.ask_new')}
          </a>
        </p>
        {login}
      </AuthCard>
    );
  }
  if (reset.checkError) {
    return (
      <AuthCard title={t('forget.reset_title')}>
        <p className="form-error" role="alert" data-testid="reset-error">
          {text(reset.checkError)}
        </p>
        <button type="button" className="button button--wide" onClick={reset.onRetryCheck}>
          {t('common.retry')}
        </button>
      </AuthCard>
    );
  }
  if (reset.done) {
    return (
      <AuthCard title={t('forget.reset_title')}>
        <p className="form-note" role="status" data-testid="reset-result">
          {text(reset.done)}
        </p>
        {login}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forget.reset_title')}>
      <p className="muted">{t('forget.reset_subtitle')}</p>
      <form onSubmit={submit} noValidate aria-busy={reset.busy}>
        <fieldset className="forgot-fieldset" disabled={reset.busy}>
          <label className="field">
            <span>{t('forget.new_password')}</span>
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              required
              onChange={(e) => reset.onPassword(e.target.value)}
              aria-invalid={reset.passwordError ? true : undefined}
              aria-describedby={['reset-rules', reset.passwordError && 'reset-password-error'].filter(Boolean).join(' ')}
              data-testid="reset-password"
            />
          </label>
          <PasswordRules id="reset-rules" rules={reset.rules} />
          {reset.passwordError && (
            <p id="reset-password-error" key={reset.shakes} className="form-error shake" role="alert" data-testid="reset-error">
              {text(reset.passwordError)}
            </p>
          )}
          <label className="field">
            <span>{t('forget.repeat')}</span>
            <input
              name="repeat"
              type="password"
              autoComplete="new-password"
              required
              onChange={reset.onRepeat}
              aria-invalid={reset.repeatError ? true : undefined}
              aria-describedby={reset.repeatError ? 'reset-repeat-error' : undefined}
              data-testid="reset-repeat"
            />
          </label>
          {reset.repeatError && (
            <p id="reset-repeat-error" key={reset.shakes} className="form-error shake" role="alert" data-testid="reset-error">
              {text(reset.repeatError)}
            </p>
          )}
          {reset.formError && (
            <p key={reset.shakes} className="form-error shake" role="alert" data-testid="reset-error">
              {text(reset.formError)}
            </p>
          )}
          <button className="button button--wide" type="submit" data-testid="reset-submit">
            {text(reset.submitLabel)}
          </button>
        </fieldset>
      </form>
      {login}
    </AuthCard>
  );
}
