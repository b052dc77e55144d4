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
        <p className="form-error" {...reset.getAlertProps()} data-testid="reset-invalid">
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
        <p className="form-error" {...reset.getAlertProps()} data-testid="reset-error">
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
        <p className="form-note" {...reset.getDoneProps()} data-testid="reset-result">
          {text(reset.done)}
        </p>
        {login}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forget.reset_title')}>
      <p className="muted">{t('forget.reset_subtitle')}</p>
      <form {...reset.getFormProps()}>
        <fieldset className="forgot-fieldset" disabled={reset.busy}>
          <label className="field">
            <span>{t('forget.new_password')}</span>
            <input {...reset.getPasswordProps()} type="password" autoComplete="new-password" data-testid="reset-password" />
          </label>
          <PasswordRules {...reset.getRulesProps()} rules={reset.rules} />
          {reset.passwordError && (
            <p key={reset.shakes} {...reset.getErrorProps('password')} className="form-error shake" data-testid="reset-error">
              {text(reset.passwordError)}
            </p>
          )}
          <label className="field">
            <span>{t('forget.repeat')}</span>
            <input {...reset.getRepeatProps()} type="password" autoComplete="new-password" data-testid="reset-repeat" />
          </label>
          {reset.repeatError && (
            <p key={reset.shakes} {...reset.getErrorProps('repeat')} className="form-error shake" data-testid="reset-error">
              {text(reset.repeatError)}
            </p>
          )}
          {reset.formError && (
            <p key={reset.shakes} className="form-error shake" {...reset.getAlertProps()} data-testid="reset-error">
              {text(reset.formError)}
            </p>
          )}
          <button className="button button--wide" {...reset.getSubmitProps()} data-testid="reset-submit">
            {text(reset.submitLabel)}
          </button>
        </fieldset>
      </form>
      {login}
    </AuthCard>
  );
}
