import { useCryptoDeposit } from '../../flows/crypto/crypto.hooks';
import { formatAmount } from '../../flows/shared/money';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import type { FundingTabProps } from '../funding/tab-props';
import { messages } from './messages';
import './crypto.css';

registerMessages(messages);

/**
 * A crypto funding tab (bitcoin, litecoin, eth, bitcoin-cash, dash, zcash, usdt, altcoins):
 * the amount, its approximate value on the other side, then /api/{coin}/pay and the invoice.
 */
export default function CryptoTab({ tab }: FundingTabProps) {
  // one actor per coin: a new tab is a new deposit, never the previous coin's actor with its invoice
  return <CoinDeposit key={tab} tab={tab} />;
}

function CoinDeposit({ tab }: FundingTabProps) {
  const { t, text, lang } = useT();
  const d = useCryptoDeposit(tab, lang);

  if (d.isDemo) {
    return (
      <section className="crypto-tab" {...d.getRegionProps()}>
        <div className="crypto-demo" {...d.getDemoProps()}>
          <h2 {...d.getTitleProps()}>{t('crypto.demo.title')}</h2>
          <p>{t('crypto.demo.body')}</p>
        </div>
      </section>
    );
  }
  if (d.isLoadFailed) {
    return (
      <section className="crypto-tab">
        <p className="form-error" {...d.getLoadErrorProps()}>{text(d.error)}</p>
        <button className="button" {...d.getRetryProps()}>{t('common.retry')}</button>
      </section>
    );
  }
  if (!d.isForm) return <section className="crypto-tab"><Spinner label={t('crypto.loading')} /></section>;

  return (
    <section className="crypto-tab" {...d.getRegionProps()}>
      <h2 {...d.getTitleProps()}>{t('crypto.tab.title', { name: d.name })}</h2>
      <p className="muted">{t('crypto.tab.intro', { name: d.name })}</p>
      <form {...d.getFormProps()}>
        {d.tokens && (
          <label className="field">
            <span>{t('crypto.token.label')}</span>
            <select {...d.getFieldProps('token')}>
              {d.tokens.map((a) => (
                <option key={a.value} value={a.value}>{a.label}</option>
              ))}
            </select>
          </label>
        )}
        <fieldset className="crypto-mode" disabled={d.isBusy}>
          <legend>{t('crypto.mode.label')}</legend>
          {d.modes.map((mode) => (
            <label key={String(mode.fixed)} className={`crypto-mode__option${mode.selected ? ' crypto-mode__option--on' : ''}`}>
              <input {...d.getModeProps(mode)} />
              {mode.label}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('crypto.amount.label', { currency: d.unit })}</span>
          <input inputMode="decimal" autoComplete="off" {...d.getFieldProps('amount')} />
        </label>
        <div className="crypto-hints" {...d.getHintProps()}>
          {!d.isFixed && <p className="muted">{t('crypto.amount.min_hint', { min: d.minDepositText })}</p>}
          {d.estimate && <p className="crypto-estimate" data-testid="crypto-estimate">{t('crypto.estimate', { amount: d.estimate.text })}</p>}
          {d.rate && (
            <p className="crypto-rate">
              {t('crypto.rate_line', { symbol: d.rate.symbol, price: formatAmount(d.rate.price, d.currency, lang) })}
              {d.rate.sandbox && <> <span className="crypto-rate__sandbox">{t('crypto.rate_sandbox')}</span></>}
            </p>
          )}
        </div>
        {d.error && (
          <p key={d.shakes} className="form-error shake" {...d.getErrorProps()}>
            {text(d.error)}
          </p>
        )}
        <button className="button button--wide" {...d.getSubmitProps()}>
          {text(d.submitLabel)}
        </button>
      </form>
    </section>
  );
}
