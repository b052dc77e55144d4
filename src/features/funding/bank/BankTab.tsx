import type { FormEvent } from 'react';
import { useBankReport } from '../../../flows/bank-report';
import { registerMessages, useT } from '../../../i18n';
import { Spinner } from '../../../ui/Spinner';
import { messages as cryptoMessages } from '../../crypto/messages';
import { messages as verificationMessages } from '../../verification/messages';
import type { FundingTabProps } from '../tabs';
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
  return <BankReport key={tab} method={tab === 'fiat' ? 'fiat' : 'bank'} />;
}

function BankReport({ method }: { method: 'bank' | 'fiat' }) {
  const { t, text } = useT();
  const b = useBankReport(method);

  if (b.isLoading) return <section className="bank-tab"><Spinner label={t('bank.loading')} /></section>;

  if (b.isReceived && b.deposit) {
    return (
      <section className="bank-tab" aria-labelledby="bank-received-title" data-testid="bank-received">
        <h2 id="bank-received-title">{t('bank.received.title')}</h2>
        <p className="bank-ok" role="status">{t('bank.received.body', { amount: b.deposit.amount, currency: b.deposit.currency, reference: b.deposit.reference })}</p>
        <button type="button" className="button button--ghost" onClick={b.onNew}>{t('bank.new')}</button>
      </section>
    );
  }

  if (b.isPending && b.deposit) {
    return (
      <section className="bank-tab" aria-labelledby="bank-pending-title" data-testid="bank-pending">
        <h2 id="bank-pending-title">{t('bank.pending.title')}</h2>
        <p className="muted">{t('bank.pending.body')}</p>
        {b.sandbox && <p className="bank-sandbox">{t('bank.sandbox')}</p>}
        <BankDetailsCard lines={b.details} />
        <ReceiptUpload item={b.receipt} attached={b.hasReceipt} />
        {b.isChecking && <p className="muted small" aria-live="polite">{t('bank.checking')}</p>}
        <button type="button" className="button button--ghost button--small" onClick={b.onNew}>{t('bank.new')}</button>
      </section>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    b.onSubmit();
  };
  return (
    <section className="bank-tab" aria-labelledby={`bank-title-${method}`}>
      <h2 id={`bank-title-${method}`}>{t(method === 'fiat' ? 'fiat.title' : 'bank.title')}</h2>
      <p className="muted">{t('bank.intro')}</p>
      <form onSubmit={submit} noValidate aria-busy={b.isBusy}>
        <label className="field">
          <span>{t('bank.amount.label', { currency: b.currency })}</span>
          <input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={b.amount}
            disabled={b.isBusy}
            aria-invalid={b.error ? true : undefined}
            onChange={(e) => b.onAmount(e.target.value)}
          />
        </label>
        <p className="muted small">{t('bank.amount.min_hint', { min: b.minDeposit, currency: b.currency })}</p>
        {b.error && (
          <p key={b.shakes} className="form-error shake" role="alert">
            {text(b.error)}
          </p>
        )}
        <button className="button button--wide" type="submit" disabled={b.isBusy}>
          {text(b.submitLabel)}
        </button>
      </form>
    </section>
  );
}
