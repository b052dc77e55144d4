import { useTermsAcceptance } from '../../flows/legal/terms.flow';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { messages } from './messages';
import { TermsToAccept } from './TermsParts';
import './legal.css';

registerMessages(messages);

/**
 * A new version of a legal document asks again (issue 30 §5), mounted once for a signed-in
 * trader: when the arbiter grants it (never over a money flow), the dialog shows what changed and
 * the documents in full; "I have read and accept" records the versions shown; "Later" closes it,
 * with deposits and trading still paused. It renders nothing otherwise.
 */
export default function TermsDialog() {
  const { t, text } = useT();
  const terms = useTermsAcceptance();
  if (!terms.open) return null;
  return (
    <Modal
      title={t('legal.dialog.title')}
      variant="warning"
      mandatory
      closeLabel={t('common.close')}
      className="terms-dialog"
      testId="terms-dialog"
      footer={
        <div className="terms-actions">
          <button {...terms.getAcceptProps()} className="button" data-testid="terms-accept">
            {terms.busy ? t('legal.accepting') : t('legal.accept')}
          </button>
          <button {...terms.getLaterProps()} className="button button--ghost" data-testid="terms-later">
            {t('legal.later')}
          </button>
        </div>
      }
    >
      <p>{t('legal.dialog.intro')}</p>
      {terms.error && (
        <p {...terms.getErrorProps()} className="form-error" data-testid="terms-error">
          {text(terms.error)}
        </p>
      )}
      <TermsToAccept terms={terms} idPrefix="terms-dialog" />
      <p className="muted small">{t('legal.later_hint')}</p>
    </Modal>
  );
}
