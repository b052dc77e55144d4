import { useModal } from '../../flows/shell/modal.hooks';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { dynamicModals } from './dynamic-modals';

/** Shows the modal manager's current modal: alert, confirm or a registered dynamic one. */
export function ModalHost() {
  const { t, text } = useT();
  const modal = useModal();
  const { shown, close } = modal;
  if (!shown) return null;
  const { request: current } = shown;
  const title = modal.title ? text(modal.title) : '';
  if (modal.dynamic) {
    const View = current.name ? dynamicModals[current.name] : undefined;
    return (
      <Modal title={title} onClose={close} closeLabel={t('common.close')} footer={null}>
        {View ? <View {...(current.props ?? {})} onClose={close} /> : <p>{t('not_found')}</p>}
      </Modal>
    );
  }
  const footer =
    modal.confirm ? (
      <>
        <button type="button" className="button button--ghost" onClick={modal.no}>
          {current.no ? text(current.no) : t('common.no')}
        </button>
        <button type="button" className="button" data-autofocus onClick={modal.yes}>
          {current.yes ? text(current.yes) : t('common.yes')}
        </button>
      </>
    ) : (
      <button type="button" className="button" data-autofocus onClick={close}>
        {t('common.ok')}
      </button>
    );
  return (
    <Modal title={title} variant={current.variant} onClose={close} closeLabel={t('common.close')} footer={footer}>
      {current.text && <p>{text(current.text)}</p>}
    </Modal>
  );
}

export default ModalHost;
