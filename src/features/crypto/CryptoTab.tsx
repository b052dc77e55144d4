import type { FormEvent } from 'react';
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
      <section className="crypto-tab" aria-labelledby="crypto-demo-title">
        <div className="crypto-demo" role="alert">
          <h2 id="crypto-demo-title">{t('crypto.demo.title')}</h2>
          <p>{t('crypto.demo.body')}</p>
        </div>
      </section>
    );
  }
  if (d.isLoadFailed) {
    return (
      <section className="crypto-tab">
        <p className="form-error" role="alert">{text(d.error)}</p>
        <button type="button" className="button" onClick={d.onRetry}>{t('common.retry')}</button>
      </section>
    );
  }
  if (!d.isForm) return <section className="crypto-tab"><Spinner label={t('crypto.loading')} /></section>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    d.onSubmit();
  };

  return (
    <section className="crypto-tab" aria-labelledby={`crypto-title-${tab}`}>
      <h2 id={`crypto-title-${tab}`}>{t('crypto.tab.title', { name: d.name })}</h2>
      <p className="muted">{t('crypto.tab.intro', { name: d.name })}</p>
      <form onSubmit={submit} noValidate aria-busy={d.isBusy}>
        {d.tokens && (
          <label className="field">
            <span>{t('crypto.token.label')}</span>
            <select value={d.token} disabled={d.isBusy} onChange={(e) => d.onToken(e.target.value)}>
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
              <input type="radio" name={`crypto-mode-${tab}`} checked={mode.selected} onChange={mode.onSelect} />
              {mode.label}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('crypto.amount.label', { currency: d.unit })}</span>
          <input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={d.amount}
            disabled={d.isBusy}
            aria-invalid={d.error ? true : undefined}
            aria-describedby={`crypto-hint-${tab}`}
            onChange={(e) => d.onAmount(e.target.value)}
          />
        </label>
        <div id={`crypto-hint-${tab}`} className="crypto-hints">
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
          <p key={d.shakes} className="form-error shake" role="alert">
            {text(d.error)}
          </p>
        )}
        <button className="button button--wide" type="submit" disabled={d.isBusy}>
          {text(d.submitLabel)}
        </button>
      </form>
    </section>
  );
}
