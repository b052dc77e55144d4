import { useSelector } from '@xstate/react';
import { modalActor } from '../../flows/app';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { dynamicModals } from './dynamic-modals';

/** Shows the modal manager's current modal: alert, confirm or a registered dynamic one. */
export function ModalHost() {
  const { t, text } = useT();
  const current = useSelector(modalActor, (s) => s.context.current);
  const kind = useSelector(modalActor, (s) => (s.matches('confirm') ? 'confirm' : s.matches('alert') ? 'alert' : s.matches('dynamic') ? 'dynamic' : null));
  if (!current || !kind) return null;
  const close = () => modalActor.send({ type: 'modal.close' });
  const title = current.title ? text(current.title) : kind === 'alert' && current.variant === 'error' ? t('error.title') : '';
  if (kind === 'dynamic') {
    const View = current.name ? dynamicModals[current.name] : undefined;
    return (
      <Modal title={title} onClose={close} closeLabel={t('common.close')} footer={null}>
        {View ? <View {...(current.props ?? {})} onClose={close} /> : <p>{t('not_found')}</p>}
      </Modal>
    );
  }
  const footer =
    kind === 'confirm' ? (
      <>
        <button type="button" className="button button--ghost" onClick={() => modalActor.send({ type: 'modal.no' })}>
          {current.no ? text(current.no) : t('common.no')}
        </button>
        <button type="button" className="button" data-autofocus onClick={() => modalActor.send({ type: 'modal.yes' })}>
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
