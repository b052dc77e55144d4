import { useNotMeLink } from '../../flows/security/sign-in-history.flow';
import { registerMessages, useT } from '../../i18n';
import { AuthCard } from '../shell/AuthCard';
import { usePageTitle } from '../forgot/usePageTitle';
import { messages } from './messages';

registerMessages(messages);

/**
 * /{lang}/not-me?token=… (issue 31 §3): the new-device email's "this wasn't me". Opening it changes
 * nothing; the button ends every session of the account and emails a reset link; then the way
 * to the sign-in page.
 */
export default function NotMePage() {
  const { t, text } = useT();
  const view = useNotMeLink();
  usePageTitle('not_me.page_title');
  const login = (
    <p className="auth__alt">
      <a href={`/${view.lang}/login`} data-testid="not-me-login">
        {t('not_me.sign_in')}
      </a>
    </p>
  );
  if (view.secured) {
    return (
      <AuthCard title={t('not_me.page_title')}>
        <p className="form-note" {...view.getDoneProps()} data-testid="not-me-done">
          {t(view.result?.resetSent === false ? 'not_me.done_limited' : 'not_me.done')}
        </p>
        {login}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('not_me.page_title')}>
      <p>{t('not_me.page_intro')}</p>
      <p>{t('not_me.body')}</p>
      {view.error && (
        <p className="form-error" {...view.getProblemProps()} data-testid="not-me-error">
          {text(view.error)}
        </p>
      )}
      <button className="button button--block" {...view.getConfirmProps()} data-testid="not-me-confirm">
        {t(view.sending ? 'not_me.sending' : 'not_me.confirm')}
      </button>
      {login}
    </AuthCard>
  );
}
