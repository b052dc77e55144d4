import { useAddressConfirm } from '../../flows/security/address-book.flow';
import { registerMessages, useT } from '../../i18n';
import { AuthCard } from '../shell/AuthCard';
import { usePageTitle } from '../forgot/usePageTitle';
import { messages } from './messages';

registerMessages(messages);

/** /{lang}/confirm-address?token=… (issue 31 §6): the address book's emailed link. Opening it changes nothing; Confirm does. */
export default function ConfirmAddressPage() {
  const { t, text } = useT();
  const view = useAddressConfirm();
  usePageTitle('confirm_address.title');
  const login = (
    <p className="auth__alt">
      <a href={`/${view.lang}/login`}>{t('confirm_address.sign_in')}</a>
    </p>
  );
  if (view.confirmed) {
    const { label, wallet, usableAt } = view.confirmed;
    return (
      <AuthCard title={t('confirm_address.title')}>
        <p className="form-note" {...view.getDoneProps()} data-testid="confirm-address-done">
          {t('confirm_address.done', { label, wallet, at: usableAt })}
        </p>
        {login}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('confirm_address.title')}>
      <p>{t('confirm_address.intro')}</p>
      {view.error && (
        <p className="form-error" {...view.getProblemProps()} data-testid="confirm-address-error">
          {text(view.error)}
        </p>
      )}
      <button className="button button--block" {...view.getConfirmProps()} data-testid="confirm-address">
        {t(view.sending ? 'confirm_address.sending' : 'confirm_address.confirm')}
      </button>
      {login}
    </AuthCard>
  );
}
