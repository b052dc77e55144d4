import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { selectUser, sessionActor } from '../../flows/app';
import { cryptoDepositFlow } from '../../flows/crypto';
import { selectDeposit, selectDepositAsset, selectDepositPhase, selectEstimate, selectTokens, TAB_COINS, type CryptoTabId } from '../../flows/crypto-view';
import { inspect } from '../../flows/inspector';
import { formatAmount } from '../../flows/money';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import type { FundingTabProps } from '../funding/tabs';
import { messages } from './messages';
import './crypto.css';

registerMessages(messages);

/** Coin names before the options arrive (the server's names replace them). */
const NAMES: Record<string, string> = { btc: 'Bitcoin', ltc: 'Litecoin', eth: 'Ethereum', bch: 'Bitcoin Cash', dash: 'Dash', zcash: 'Zcash', usdt: 'Tether (USDT)', token: 'ERC-20 tokens' };

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
  const coin = TAB_COINS[tab as CryptoTabId] ?? 'btc';
  const demo = useSelector(sessionActor, (s) => selectUser(s)?.isDemo ?? false);
  const actor = useActorRef(cryptoDepositFlow, { input: { tab, coin, demo }, inspect });
  const phase = useSelector(actor, selectDepositPhase);
  const state = useSelector(actor, selectDeposit);
  const asset = useSelector(actor, selectDepositAsset);
  const tokens = useSelector(actor, selectTokens);
  const estimate = useSelector(actor, selectEstimate);
  const name = coin === 'token' ? NAMES.token : (asset?.name ?? NAMES[coin]);

  if (phase === 'demo') {
    return (
      <section className="crypto-tab" aria-labelledby="crypto-demo-title">
        <div className="crypto-demo" role="alert">
          <h2 id="crypto-demo-title">{t('crypto.demo.title')}</h2>
          <p>{t('crypto.demo.body')}</p>
        </div>
      </section>
    );
  }
  if (phase === 'loading') return <section className="crypto-tab"><Spinner label={t('crypto.loading')} /></section>;
  if (phase === 'loadFailed') {
    return (
      <section className="crypto-tab">
        <p className="form-error" role="alert">{text(state.error)}</p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'deposit.retry' })}>{t('common.retry')}</button>
      </section>
    );
  }

  const options = state.options!;
  const busy = phase === 'paying' || phase === 'redirecting';
  const symbol = asset?.symbol ?? (coin === 'token' ? state.token : coin.toUpperCase());
  const unit = state.fixed ? symbol : options.currency;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'deposit.submit' });
  };

  return (
    <section className="crypto-tab" aria-labelledby={`crypto-title-${tab}`}>
      <h2 id={`crypto-title-${tab}`}>{t('crypto.tab.title', { name })}</h2>
      <p className="muted">{t('crypto.tab.intro', { name })}</p>
      <form onSubmit={submit} noValidate aria-busy={busy}>
        {coin === 'token' && (
          <label className="field">
            <span>{t('crypto.token.label')}</span>
            <select value={state.token} disabled={busy} onChange={(e) => actor.send({ type: 'token.change', token: e.target.value })}>
              {tokens.map((a) => (
                <option key={a.symbol} value={a.symbol}>{`${a.symbol} · ${a.name}`}</option>
              ))}
            </select>
          </label>
        )}
        <fieldset className="crypto-mode" disabled={busy}>
          <legend>{t('crypto.mode.label')}</legend>
          {[false, true].map((fixed) => (
            <label key={String(fixed)} className={`crypto-mode__option${state.fixed === fixed ? ' crypto-mode__option--on' : ''}`}>
              <input type="radio" name={`crypto-mode-${tab}`} checked={state.fixed === fixed} onChange={() => actor.send({ type: 'mode.change', fixed })} />
              {fixed ? symbol : options.currency}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('crypto.amount.label', { currency: unit })}</span>
          <input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={state.amount}
            disabled={busy}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={`crypto-hint-${tab}`}
            onChange={(e) => actor.send({ type: 'amount.change', value: e.target.value })}
          />
        </label>
        <div id={`crypto-hint-${tab}`} className="crypto-hints">
          {!state.fixed && <p className="muted">{t('crypto.amount.min_hint', { min: options.minDeposit, currency: options.currency })}</p>}
          {estimate && <p className="crypto-estimate" data-testid="crypto-estimate">{t('crypto.estimate', estimate)}</p>}
          {asset && asset.price !== '0' && (
            <p className="crypto-rate">
              {t('crypto.rate_line', { symbol: asset.symbol, price: formatAmount(asset.price, options.currency, lang) })}
              {options.rateSource === 'sandbox' && <> <span className="crypto-rate__sandbox">{t('crypto.rate_sandbox')}</span></>}
            </p>
          )}
        </div>
        {state.error && (
          <p key={state.shakes} className="form-error shake" role="alert">
            {text(state.error)}
          </p>
        )}
        <button className="button button--wide" type="submit" disabled={busy}>
          {phase === 'paying' ? t('crypto.submitting') : phase === 'redirecting' ? t('crypto.redirecting') : t('crypto.submit', { symbol })}
        </button>
      </form>
    </section>
  );
}
