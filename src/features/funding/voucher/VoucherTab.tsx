import type { FormEvent } from 'react';
import { useVoucher } from '../../../flows/funding/voucher.flow';
import { registerMessages, useT } from '../../../i18n';
import { messages } from './messages';

registerMessages(messages);

/** The Vload tab (spec 001 §2, §6-§9): the voucher pin, redeemed once, then the voucher finish page. */
export default function VoucherTab() {
  const { t, text, lang } = useT();
  const v = useVoucher(lang);

  if (v.isDemo) {
    return (
      <section className="voucher-tab" aria-labelledby="vload-demo-title">
        <div className="crypto-demo" role="alert">
          <h2 id="vload-demo-title">{t('vload.demo.title')}</h2>
          <p>{t('vload.demo.body')}</p>
        </div>
      </section>
    );
  }
  if (v.isRedeemed && v.redeemed) {
    return (
      <section className="voucher-tab" data-testid="vload-redeemed">
        <p role="status">{t('vload.redeemed', { amount: v.redeemedText })}</p>
        <button type="button" className="button button--ghost" onClick={v.onAgain}>{t('vload.again')}</button>
      </section>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    v.onSubmit();
  };
  return (
    <section className="voucher-tab" aria-labelledby="vload-title">
      <h2 id="vload-title">{t('vload.title')}</h2>
      <p className="muted">{t('vload.intro', { floor: v.floor })}</p>
      <form onSubmit={submit} noValidate aria-busy={v.isBusy}>
        <label className="field">
          <span>{t('vload.pin.label')}</span>
          <input
            name="pin"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0000 0000 0000 0000"
            value={v.pin}
            disabled={v.isBusy}
            aria-invalid={v.error ? true : undefined}
            onChange={(e) => v.onPin(e.target.value)}
          />
        </label>
        {v.error && (
          <p key={v.shakes} className="form-error shake" role="alert">
            {text(v.error)}
          </p>
        )}
        <button className="button button--wide" type="submit" disabled={v.isBusy}>
          {text(v.submitLabel)}
        </button>
      </form>
    </section>
  );
}
