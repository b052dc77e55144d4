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
      {v.hasLate && <p className="form-note">{t('crypto.success.extra', { late: v.coin.late })}</p>}
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
          <p>{t('crypto.expired.next', { guid: invoice.guid })}</p>
        </div>
      )}
      <div className="crypto-result__actions">
        <TradingLink className="button" hash="/show/funding">{t('crypto.expired.new')}</TradingLink>
      </div>
    </div>
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
