import type { AccountClosureApi } from '../../flows/closure/closure.connect';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';

/** "This cannot be undone": the app's modal, the safe choice first in the focus; it rests while the closure is sent. */
export function ConfirmClosure({ page }: { page: AccountClosureApi }) {
  const { t, text } = useT();
  return (
    <Modal
      {...page.getDialogOptions()}
      title={t('closure.confirm.title')}
      variant="warning"
      closeLabel={t('common.close')}
      testId="closure-confirm"
      footer={
        <div className="closure__confirm-actions">
          <button {...page.getKeepProps()} className="button button--ghost" data-testid="closure-keep">
            {t('closure.confirm.no')}
          </button>
          <button {...page.getConfirmProps()} className="button closure__danger" data-testid="closure-confirm-yes">
            {text(page.confirmLabel)}
          </button>
        </div>
      }
    >
      <p className="closure__undone">{t('closure.confirm.undone')}</p>
      <p>{t('closure.confirm.body')}</p>
    </Modal>
  );
}
