import type { DetailLine } from '../../../flows/funding/bank-report.connect';
import { useT } from '../../../i18n';
import { CopyButton } from '../../crypto/CopyButton';

/** The reference and the bank details, each with a copy button where a bank form asks for it. */
export function BankDetailsCard({ lines }: { lines: DetailLine[] }) {
  const { t } = useT();
  return (
    <dl className="bank-details" data-testid="bank-details">
      {lines.map((line) => (
        <div key={line.label} className="bank-details__row" data-detail={line.label.replace('bank.detail.', '')}>
          <dt>{t(line.label)}</dt>
          <dd>
            <span className={line.label === 'bank.detail.reference' ? 'bank-details__reference' : undefined}>{line.value}</span>
            {line.copy && <CopyButton text={line.copyValue ?? line.value} label={t('bank.copy')} done="bank.copied" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
