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
      <section className="voucher-tab" {...v.getRegionProps()}>
        <div className="crypto-demo" {...v.getDemoProps()}>
          <h2 {...v.getTitleProps()}>{t('vload.demo.title')}</h2>
          <p>{t('vload.demo.body')}</p>
        </div>
      </section>
    );
  }
  if (v.isRedeemed && v.redeemed) {
    return (
      <section className="voucher-tab" data-testid="vload-redeemed">
        <p {...v.getRedeemedProps()}>{t('vload.redeemed', { amount: v.redeemedText })}</p>
        <button className="button button--ghost" {...v.getAgainProps()}>{t('vload.again')}</button>
      </section>
    );
  }
  return (
    <section className="voucher-tab" {...v.getRegionProps()}>
      <h2 {...v.getTitleProps()}>{t('vload.title')}</h2>
      <p className="muted">{t('vload.intro', { floor: v.floor })}</p>
      <form {...v.getFormProps()}>
        <label className="field">
          <span>{t('vload.pin.label')}</span>
          <input inputMode="numeric" autoComplete="off" placeholder="0000 0000 0000 0000" {...v.getFieldProps('pin')} />
        </label>
        {v.error && (
          <p key={v.shakes} className="form-error shake" {...v.getErrorProps()}>
            {text(v.error)}
          </p>
        )}
        <button className="button button--wide" {...v.getSubmitProps()}>
          {text(v.submitLabel)}
        </button>
      </form>
    </section>
  );
}
