import { TradingLink } from '../../ui/TradingLink';
import type { InvoiceView } from '../../flows/crypto/crypto.connect';
import { useInvoicePage } from '../../flows/crypto/crypto.hooks';
import { formatAmount } from '../../flows/shared/money';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import type { PageProps } from '../../app/page';
import { CopyButton } from './CopyButton';
import { Countdown } from './Countdown';
import { messages } from './messages';
import { QrCode } from './QrCode';
import { AskSupport } from '../support/AskSupport';
import './crypto.css';

registerMessages(messages);

/** An invoice that loaded: the connect() view with its details present. */
type Loaded = InvoiceView & { invoice: NonNullable<InvoiceView['invoice']> };

function SandboxControl({ v }: { v: Loaded }) {
  const { t, text } = useT();
  return (
    <aside className="crypto-sandbox" {...v.sandbox.getRegionProps()}>
      <h2 {...v.sandbox.getTitleProps()}>{t('crypto.sandbox.title')}</h2>
      <p>{t('crypto.sandbox.body')}</p>
      <div className="crypto-sandbox__buttons">
        {v.sandbox.buttons.map((b) => (
          <button key={b.kind} className="button button--ghost button--small" {...v.sandbox.getButtonProps(b)}>
            {text(b.label)}
          </button>
        ))}
      </div>
      {v.sandbox.isBusy && <Spinner label={t('crypto.sandbox.sending')} />}
      {v.sandbox.error && <p className="form-error" {...v.sandbox.getErrorProps()}>{text(v.sandbox.error)}</p>}
    </aside>
  );
}

function Waiting({ v }: { v: Loaded }) {
  const { t, lang } = useT();
  const invoice = v.invoice;
  return (
    <div className="crypto-invoice__grid">
      <div className="crypto-invoice__qr">
        <QrCode value={v.uri} label={t('crypto.invoice.qr_label')} />
        <p className="muted">{t('crypto.invoice.qr_hint')}</p>
        <a className="button button--ghost button--small" href={v.uri}>{t('crypto.invoice.open_wallet')}</a>
      </div>
      <div className="crypto-invoice__details">
        <Countdown expiresAt={v.expiresAt} startedAt={v.startedAt} running={v.isCounting} />
        {v.isConfirming && (
          <p className="form-note" data-testid="crypto-confirming" {...v.getConfirmingProps()}>
            {t('crypto.invoice.confirming', { amount: v.confirming.amount, n: v.confirming.n, m: v.confirming.m })}
          </p>
        )}
        {v.isPartial && (
          <p className="form-note" data-testid="crypto-partial" {...v.getPartialProps()}>
            {t('crypto.invoice.partial', { paid: v.coin.paid, due: v.coin.due })}
          </p>
        )}
        <div className="crypto-invoice__row">
          <span className="crypto-invoice__label">{t(v.isPartial ? 'crypto.invoice.send_rest' : 'crypto.invoice.send')}</span>
          <div className="crypto-invoice__value">
            <code data-testid="crypto-amount">{v.toSend}</code> <span>{invoice.asset}</span>
          </div>
          <CopyButton text={v.toSend} label={t('crypto.invoice.copy_amount')} done="crypto.amount_copied" />
        </div>
        <div className="crypto-invoice__row">
          <span className="crypto-invoice__label">{t('crypto.invoice.to_address', { chain: invoice.chainName })}</span>
          <div className="crypto-invoice__value">
            <code className="crypto-invoice__address" data-testid="crypto-address">{invoice.address}</code>
          </div>
          <CopyButton text={invoice.address} label={t('crypto.invoice.copy_address')} done="crypto.address_copied" />
        </div>
        <p className="crypto-invoice__network">
          {v.isErc20 ? t('crypto.invoice.erc20_note', { symbol: invoice.asset }) : t('crypto.invoice.network_note', { symbol: invoice.asset, chain: invoice.chainName })}
        </p>
        <p>{t('crypto.invoice.credit', { credit: formatAmount(invoice.creditAmount, invoice.creditCurrency, lang) })}</p>
        <p className="muted">
          {t('crypto.invoice.rate', { symbol: invoice.asset, rate: formatAmount(invoice.rate, invoice.rateCurrency, lang) })}
          {invoice.rateSource === 'sandbox' && <> {t('crypto.rate_sandbox')}</>}
        </p>
        <p className="muted">{t('crypto.invoice.waiting_note', { n: invoice.confirmations })}</p>
        <Explorer v={v} />
      </div>
    </div>
  );
}

function Explorer({ v }: { v: Loaded }) {
  const { t } = useT();
  return (
    <p className="crypto-invoice__explorer">
      <a href={v.invoice.explorerUrl} target="_blank" rel="noopener noreferrer">{t('crypto.invoice.explorer')}</a>
      {v.txUrl && (
        <>
          {' · '}
          <a href={v.txUrl} target="_blank" rel="noopener noreferrer">{t('crypto.invoice.explorer_tx')}</a>
        </>
      )}
      {v.invoice.sandbox && <span className="muted"> {t('crypto.invoice.explorer_sandbox')}</span>}
    </p>
  );
}

function Paid({ v }: { v: Loaded }) {
  const { t, lang } = useT();
  const invoice = v.invoice;
  return (
    <div className="crypto-result crypto-result--ok" data-testid="crypto-success" {...v.getResultProps()}>
      <div className="crypto-result__icon" aria-hidden="true">✓</div>
      <h2>{t('crypto.success.title')}</h2>
      <p>{t('crypto.success.body', { credit: formatAmount(invoice.creditAmount, invoice.creditCurrency, lang) })}</p>
      {v.hasLate && !v.hasExceptions && <p className="form-note">{t('crypto.success.extra', { late: v.coin.late })}</p>}
      <Explorer v={v} />
      <div className="crypto-result__actions">
        <TradingLink className="button" hash="/home">{t('crypto.success.trade')}</TradingLink>
        <TradingLink className="button button--ghost" hash="/show/funding">{t('crypto.success.another')}</TradingLink>
      </div>
    </div>
  );
}

function Expired({ v }: { v: Loaded }) {
  const { t } = useT();
  const invoice = v.invoice;
  return (
    <div className="crypto-result crypto-result--expired" data-testid="crypto-expired" {...v.getResultProps()}>
      <div className="crypto-result__icon" aria-hidden="true">⌛</div>
      <h2>{t('crypto.expired.title')}</h2>
      <p>{t('crypto.expired.body')}</p>
      {(v.hasPaid || v.hasLate) && (
        <div className="form-note" data-testid="crypto-kept">
          {v.hasPaid && <p>{t('crypto.expired.partial', { paid: v.coin.paid, amount: v.coin.amount })}</p>}
          {v.hasLate && <p>{t('crypto.expired.late', { late: v.coin.late })}</p>}
          {!v.hasExceptions && <p>{t('crypto.expired.next', { guid: invoice.guid })}</p>}
        </div>
      )}
      <div className="crypto-result__actions">
        <TradingLink className="button" hash="/show/funding">{t('crypto.expired.new')}</TradingLink>
      </div>
    </div>
  );
}

type ExceptionItem = Loaded['exceptions'][number];

/** One short, late or over payment: what happened, its outcome, and the trader's refund claim or credit. */
function ExceptionRow({ e }: { e: ExceptionItem }) {
  const { t, text } = useT();
  return (
    <li className="crypto-exception" data-testid="crypto-exception" data-kind={e.kind} data-outcome={e.status}>
      <strong>{text(e.title)}</strong>
      <p>{text(e.outcome)}</p>
      {e.refundTxUrl && (
        <p>
          <a href={e.refundTxUrl} target="_blank" rel="noopener noreferrer">{t('crypto.exception.refund_tx')}</a>
        </p>
      )}
      {(e.mayClaim || e.mayCredit) && (
        <div className="crypto-result__actions">
          {e.mayCredit && <button className="button button--small" {...e.getCreditButtonProps()}>{t('crypto.exception.credit')}</button>}
          {e.mayClaim && <button className="button button--ghost button--small" {...e.getClaimButtonProps()}>{t('crypto.exception.claim')}</button>}
        </div>
      )}
      {e.isClaimOpen && (
        <form className="crypto-exception__claim" {...e.getFormProps()}>
          <label htmlFor={e.addressId}>{t('crypto.exception.address_label')}</label>
          <input type="text" autoComplete="off" spellCheck={false} {...e.getAddressProps()} />
          {e.error && <p className="form-error" {...e.getAddressErrorProps()}>{text(e.error)}</p>}
          <p className="muted">{t('crypto.exception.address_hint')}</p>
          <div className="crypto-result__actions">
            <button className="button button--small" {...e.getSubmitProps()}>{t('crypto.exception.submit')}</button>
            <button className="button button--ghost button--small" {...e.getCancelProps()}>{t('crypto.exception.cancel')}</button>
          </div>
        </form>
      )}
    </li>
  );
}

/** The closed invoice's exceptions, each with its outcome; support is one link away. */
function Exceptions({ v }: { v: Loaded }) {
  const { t, text } = useT();
  return (
    <section className="crypto-exceptions" data-testid="crypto-exceptions" {...v.getExceptionsRegionProps()}>
      <h2 {...v.getExceptionsTitleProps()}>{t('crypto.exception.title')}</h2>
      {v.exceptionError && <p className="form-error" {...v.getExceptionErrorProps()}>{text(v.exceptionError)}</p>}
      <ul>
        {v.exceptions.map((e) => (
          <ExceptionRow key={e.id} e={e} />
        ))}
      </ul>
      <p className="muted">
        {t('crypto.exception.support')} <AskSupport about={{ kind: 'invoice', id: v.guid }} />
      </p>
    </section>
  );
}

function Ready({ v }: { v: Loaded }) {
  const { t, text } = useT();
  return (
    <>
      <div className={`crypto-status crypto-status--${v.phase}`} data-testid="crypto-status" data-phase={v.phase}>
        <span className="muted">{t('crypto.invoice.status_label')}</span>
        <strong>{text(v.status)}</strong>
        {v.isActive && <span className="spinner__dot" aria-hidden="true" />}
      </div>
      {v.isPaid ? <Paid v={v} /> : v.isExpired ? <Expired v={v} /> : <Waiting v={v} />}
      {v.hasExceptions && <Exceptions v={v} />}
      {v.sandbox.isShown && <SandboxControl v={v} />}
    </>
  );
}

/** The invoice page, #/show/invoice/{coin}/{guid} (the spec's /api/{coin}/invoice/{guid} redirects here). */
export default function InvoicePage({ add: coin = '', ng: guid = '' }: PageProps) {
  const { t, text, lang } = useT();
  const v = useInvoicePage(coin, guid, lang);
  return (
    <section className="panel crypto-invoice" {...v.getRegionProps()}>
      <p className="crypto-invoice__back">
        <TradingLink hash="/show/funding">← {t('crypto.invoice.back')}</TradingLink>
      </p>
      <h1 {...v.getTitleProps()}>{t('crypto.invoice.title', { name: v.name })}</h1>
      {v.invoice && (
        <p className="muted crypto-invoice__id">
          {t('crypto.invoice.id', { guid: v.guid })} <AskSupport about={{ kind: 'invoice', id: v.guid }} />
        </p>
      )}
      {v.isLoading && <Spinner label={t('crypto.invoice.loading')} />}
      {v.isFailed && (
        <>
          <p className="form-error" {...v.getErrorProps()}>{text(v.error)}</p>
          <button className="button" {...v.getRetryProps()}>{t('common.retry')}</button>
        </>
      )}
      {v.isNotFound && <p className="form-error" {...v.getErrorProps()}>{t('crypto.invoice.not_found')}</p>}
      {v.isReady && v.invoice && <Ready v={v as Loaded} />}
    </section>
  );
}
