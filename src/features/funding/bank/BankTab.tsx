import { useBankReport } from '../../../flows/funding/bank-report.flow';
import type { FundingActor } from '../../../flows/funding/funding.hooks';
import { registerMessages, useT } from '../../../i18n';
import { Spinner } from '../../../ui/Spinner';
import { messages as cryptoMessages } from '../../crypto/messages';
import { messages as verificationMessages } from '../../verification/messages';
import { useFundingActor } from '../context';
import type { FundingTabProps } from '../tab-props';
import { BankDetailsCard } from './BankDetailsCard';
import { ReceiptUpload } from './ReceiptUpload';
import { messages } from './messages';
import './bank.css';

registerMessages(messages);
// the copy toasts and the upload control's texts
registerMessages(cryptoMessages);
registerMessages(verificationMessages);

/** The bank transfer and fiat tabs (spec 001 §2, §5, §7): the amount, then the reference and bank details, the receipt, received. */
export default function BankTab({ tab }: FundingTabProps) {
  const { t } = useT();
  const funding = useFundingActor();
  if (!funding) return <Spinner label={t('funding.loading')} />;
  return <BankReport key={tab} method={tab === 'fiat' ? 'fiat' : 'bank'} funding={funding} />;
}

function BankReport({ method, funding }: { method: 'bank' | 'fiat'; funding: FundingActor }) {
  const { t, text, lang } = useT();
  const b = useBankReport(method, funding, lang);

  if (b.isLoading) return <section className="bank-tab"><Spinner label={t('bank.loading')} /></section>;

  if (b.isReceived && b.deposit) {
    return (
      <section className="bank-tab" data-testid="bank-received" {...b.getRegionProps()}>
        <h2 {...b.getTitleProps()}>{t('bank.received.title')}</h2>
        <p className="bank-ok" {...b.getReceivedProps()}>{t('bank.received.body', { amount: b.depositAmount, reference: b.deposit.reference })}</p>
        <button className="button button--ghost" {...b.getNewProps()}>{t('bank.new')}</button>
      </section>
    );
  }

  if (b.isPending && b.deposit) {
    return (
      <section className="bank-tab" data-testid="bank-pending" {...b.getRegionProps()}>
        <h2 {...b.getTitleProps()}>{t('bank.pending.title')}</h2>
        <p className="muted">{t('bank.pending.body')}</p>
        {b.sandbox && <p className="bank-sandbox">{t('bank.sandbox')}</p>}
        <BankDetailsCard lines={b.details} />
        <ReceiptUpload item={b.receipt} attached={b.hasReceipt} />
        {b.isChecking && <p className="muted small" {...b.getCheckingProps()}>{t('bank.checking')}</p>}
        <button className="button button--ghost button--small" {...b.getNewProps()}>{t('bank.new')}</button>
      </section>
    );
  }

  return (
    <section className="bank-tab" {...b.getRegionProps()}>
      <h2 {...b.getTitleProps()}>{t(method === 'fiat' ? 'fiat.title' : 'bank.title')}</h2>
      <p className="muted">{t('bank.intro')}</p>
      <form {...b.getFormProps()}>
        {/* the amount, the bonus and the promo code are the funding page's amount line beside this form */}
        {b.error && (
          <p key={b.shakes} className="form-error shake" {...b.getErrorProps()}>
            {text(b.error)}
          </p>
        )}
        <button className="button button--wide" {...b.getSubmitProps()}>
          {text(b.submitLabel)}
        </button>
      </form>
    </section>
  );
}
