import type { CodesPanelApi } from '../../flows/security/recovery-codes.connect';
import { useRecoveryCodes } from '../../flows/security/recovery-codes.flow';
import { RECOVERY_CODE_COUNT } from '../../../core/recovery-codes';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { CodeEntry } from '../two-factor/CodeEntry';
import './recovery-codes.css';

/**
 * The recovery codes on screen, once (issue 31 §4): after the authenticator was turned on, or new
 * codes were made. A step the trader must take (no close, no Escape): the codes exist nowhere else;
 * "Download" saves them as a .txt made in the browser, "I have saved them" lets them go.
 */
export function RecoveryCodesDialog({ panel }: { panel: CodesPanelApi }) {
  const { t } = useT();
  return (
    <Modal
      title={t('recovery.dialog_title')}
      mandatory
      closeLabel={t('common.close')}
      testId="recovery-codes-dialog"
      footer={
        <div className="recovery-codes__actions">
          <button className="button button--ghost" {...panel.getDownloadProps()}>
            {t('recovery.download')}
          </button>
          <button className="button" {...panel.getSavedProps()}>
            {t('recovery.saved')}
          </button>
        </div>
      }
    >
      <p {...panel.getHintProps()}>{t('recovery.dialog_body', { count: RECOVERY_CODE_COUNT })}</p>
      <ol className="recovery-codes__list" {...panel.getListProps()} data-testid="recovery-codes">
        {panel.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="muted">{t('recovery.dialog_keep')}</p>
    </Modal>
  );
}

/** Recovery codes on the security page while the authenticator is on: how many are left, and new ones. */
export function RecoveryCodesSection() {
  const { t, text } = useT();
  const view = useRecoveryCodes();
  return (
    <div className="recovery-codes" {...view.getRegionProps()} data-testid="recovery-codes-section">
      <h3 {...view.getTitleProps()}>{t('recovery.title')}</h3>
      <p className="muted">{t('recovery.intro')}</p>
      {view.step === 'loading' && <Spinner label={t('common.loading')} />}
      {view.step === 'failed' && (
        <p className="form-error" {...view.getErrorProps()}>
          {text(view.error)}{' '}
          <button className="button button--small" {...view.getRetryProps()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {view.left !== null && (
        <p {...view.getCountProps()} data-testid="recovery-left">
          {view.left === 0 ? t('recovery.none_left') : t('recovery.left', { count: view.left })}
          {view.madeAt && <span className="muted"> {t('recovery.made', { at: view.madeAt })}</span>}
        </p>
      )}
      {view.error && view.step !== 'failed' && (
        <p className="form-error" {...view.getErrorProps()}>
          {text(view.error)}
        </p>
      )}
      <button className="button button--ghost button--small" {...view.getRenewProps()}>
        {t(view.step === 'issuing' ? 'recovery.renewing' : 'recovery.renew')}
      </button>
      {view.factorEntry && (
        <Modal title={t('recovery.confirm_title')} onClose={view.cancel} closeLabel={t('common.close')} footer={null}>
          <p>{t('recovery.confirm_body')}</p>
          <CodeEntry entry={view.factorEntry} onCancel={view.cancel} />
        </Modal>
      )}
      {view.codes && <RecoveryCodesDialog panel={view.codes} />}
    </div>
  );
}
