import { type FormEvent } from 'react';
import type { AccountsApi } from '../../flows/accounts/accounts.hooks';
import { openDynamicModal } from '../../flows/shell/dynamic-open';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { messages } from './messages';

registerMessages(messages);

/** A button that opens the add-account dialog: the dynamic modal add_account, its code loaded with it. */
export function AddAccountButton() {
  const { t } = useT();
  return (
    <button type="button" className="button button--ghost button--small" onClick={() => openDynamicModal('add_account')}>
      {t('accounts.add')}
    </button>
  );
}

/** The add-account dialog: the currencies offered (spec 000 §5), or why there are none. */
export function AddAccountModal({ accounts }: { accounts: AccountsApi }) {
  const { t } = useT();
  if (!accounts.adding) return null;
  return (
    <Modal title={t('accounts.add.title')} onClose={accounts.closeAdd} closeLabel={t('common.close')} footer={null}>
      <AddAccountForm accounts={accounts} onCancel={accounts.closeAdd} />
    </Modal>
  );
}

/** The add-account form (in its own modal above, or in the dynamic modal add_account). */
export function AddAccountForm({ accounts, onCancel }: { accounts: AccountsApi; onCancel: () => void }) {
  const { t, text } = useT();
  const { creating, addError, offered } = accounts;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    accounts.create(String(new FormData(e.currentTarget).get('currency') ?? ''));
  };
  return offered.length === 0 ? (
    <p>{t('accounts.add.none')}</p>
  ) : (
    <form onSubmit={submit} noValidate>
      <label className="field">
        <span>{t('accounts.add.currency')}</span>
        <select name="currency" defaultValue="" disabled={creating} data-autofocus>
          <option value="">{t('accounts.add.choose')}</option>
          {offered.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {addError && (
        <p className="form-error" {...accounts.getAddErrorProps()}>
          {text(addError)}
        </p>
      )}
      <div className="modal__footer modal__footer--inline">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.close')}
        </button>
        <button type="submit" className="button" disabled={creating}>
          {t(accounts.createLabel)}
        </button>
      </div>
    </form>
  );
}
