import { usePasskeys } from '../../flows/security/passkeys.flow';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { SectionLoad } from './SectionLoad';

/** "Passkeys" on the security page (issue 31 §5): the trader's passkeys with Remove, and Add a passkey under a name; either after the password. */
export function PasskeysSection() {
  const { t, text } = useT();
  const view = usePasskeys();
  return (
    <section className="panel security__panel" {...view.getRegionProps()} data-testid="passkeys">
      <h2 {...view.getTitleProps()}>{t('passkeys.title')}</h2>
      <p className="muted">{t('passkeys.intro')}</p>
      <SectionLoad view={view} />
      {view.empty && <p className="muted">{t('passkeys.empty')}</p>}
      {view.items.length > 0 && (
        <ul className="sessions">
          {view.items.map((item) => (
            <li key={item.id} className="sessions__item" data-testid="passkey-row">
              <div>
                <strong {...item.getNameProps()}>{item.name}</strong>
                <p className="muted sessions__facts">
                  <span>{t('passkeys.added_at', { at: item.createdAt })}</span>
                  <span>{item.lastUsedAt ? t('passkeys.used_at', { at: item.lastUsedAt }) : t('passkeys.never_used')}</span>
                </p>
              </div>
              <button className="button button--ghost button--small" {...item.getRemoveProps()}>
                {t(item.removing ? 'passkeys.removing' : 'passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {view.canAdd && (
        <form key={view.formKey} {...view.getFormProps()} data-testid="passkey-form">
          <label className="field">
            <span>{t('passkeys.name_label')}</span>
            <input autoComplete="off" {...view.getNameFieldProps()} />
            <span className="muted small" {...view.getNameHintProps()}>
              {t('passkeys.name_hint', { max: String(view.nameMax) })}
            </span>
          </label>
          <button className="button" {...view.getSubmitProps()}>
            {t(view.adding ? 'passkeys.adding' : 'passkeys.add')}
          </button>
        </form>
      )}
      {(view.done || view.failed) && (
        <p {...view.getAnswerProps()} className={view.failed ? 'form-error' : 'form-note'} data-testid="passkeys-answer">
          {view.failed && view.error ? text(view.error) : t(`passkeys.done.${view.done}`)}
        </p>
      )}
      {view.confirm && (
        <Modal
          title={t(view.confirm.add ? 'passkeys.add_title' : 'passkeys.remove_title', { name: view.confirm.name })}
          onClose={view.cancelConfirm}
          closeLabel={t('common.close')}
          footer={null}
          testId={view.confirm.add ? 'passkey-add-dialog' : 'passkey-remove-dialog'}
        >
          <form {...view.getConfirmFormProps()}>
            <p>{t(view.confirm.add ? 'passkeys.add_body' : 'passkeys.remove_body')}</p>
            <label className="field">
              <span>{t('passkeys.password_label')}</span>
              <input type="password" autoComplete="current-password" data-autofocus {...view.getPasswordFieldProps()} />
            </label>
            {view.confirm.refused && view.error && <p className="form-error" {...view.getPasswordErrorProps()}>{text(view.error)}</p>}
            <div className="recovery-codes__actions">
              <button className="button button--ghost" {...view.getCancelProps()}>
                {t('passkeys.cancel')}
              </button>
              <button className="button" {...view.getConfirmSubmitProps()}>
                {view.confirm.add ? t(view.confirm.sending ? 'passkeys.adding' : 'passkeys.add_confirm') : t(view.confirm.sending ? 'passkeys.removing' : 'passkeys.remove_confirm')}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}
