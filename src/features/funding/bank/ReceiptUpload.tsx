import type { ReceiptItemRef } from '../../../flows/funding/bank-report.flow';
import { megabytes, UPLOAD_MAX_BYTES } from '../../../../core/upload';
import { useT } from '../../../i18n';
import { UploadControl } from '../../verification/UploadControl';
import '../../verification/verification.css';

/** The transfer receipt's upload control (the verification area's control, on this transfer's child actor). */
export function ReceiptUpload({ item, attached }: { item: ReceiptItemRef | undefined; attached: boolean }) {
  const { t } = useT();
  return (
    <div className="bank-receipt" data-testid="bank-receipt">
      <h3>{t('bank.receipt.title')}</h3>
      <p className="muted small">{t('bank.receipt.body', { mb: megabytes(UPLOAD_MAX_BYTES) })}</p>
      {attached && <p className="bank-ok" data-testid="receipt-attached">{t('bank.receipt.attached')}</p>}
      {item && <UploadControl item={item} title={t('bank.receipt.title')} open={!attached} />}
    </div>
  );
}
