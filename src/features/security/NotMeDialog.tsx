import type { NotMeRef } from '../../flows/security/not-me.connect';
import { useNotMeChild } from '../../flows/security/sign-in-history.flow';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';

/** "This wasn't me" asked from the sign-in history (issue 31 §3): what it does, Confirm or Cancel; a failure says why. */
export function NotMeDialog({ actor }: { actor: NotMeRef }) {
  const { t, text } = useT();
  const view = useNotMeChild(actor);
  if (!view.asking) return null;
  return (
    <Modal
      title={t('not_me.title')}
      variant="warning"
      onClose={view.sending ? undefined : view.cancel}
      closeLabel={t('common.close')}
      testId="not-me-dialog"
      footer={
        <>
          <button className="button" {...view.getConfirmProps()} data-testid="not-me-confirm">
            {t(view.sending ? 'not_me.sending' : 'not_me.confirm')}
          </button>
          <button className="button button--ghost" {...view.getCancelProps()}>
            {t('not_me.cancel')}
          </button>
        </>
      }
    >
      <p>{t('not_me.body')}</p>
      {view.error && (
        <p className="form-error" {...view.getProblemProps()}>
          {text(view.error)}
        </p>
      )}
    </Modal>
  );
}
