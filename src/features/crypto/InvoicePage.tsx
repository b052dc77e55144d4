import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { invoiceMachine } from '../../../machines/invoice/invoice.machine';
import type { InvoiceDetails } from '../../../machines/invoice-page/invoice-page.types';
import { invoicePageFlow } from '../../flows/crypto';
import {
  isZero,
  selectInvoiceActor,
  selectInvoiceContext,
  selectInvoicePhase,
  selectLoaded,
  selectPageError,
  selectPagePhase,
  selectSandboxBusy,
  selectSandboxError,
  trimAmount,
  type InvoicePhase,
} from '../../flows/crypto-view';
import { inspect } from '../../flows/inspector';
import { formatAmount } from '../../flows/money';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import type { PageProps } from '../trading/pages';
import { CopyButton } from './CopyButton';
import { Countdown } from './Countdown';
import { messages } from './messages';
import { QrCode } from './QrCode';
import './crypto.css';

registerMessages(messages);

type SandboxActor = ActorRefFrom<typeof invoicePageFlow>;

const STATUS_KEY: Record<InvoicePhase, string> = {
  starting: 'crypto.status.wt',
  waiting: 'crypto.status.wt',
  checking: 'crypto.status.checking',
  overdue: 'crypto.status.overdue',
  paid: 'crypto.status.su',
  expired: 'crypto.status.ex',
};

function SandboxControl({ page, phase }: { page: SandboxActor; phase: InvoicePhase }) {
  const { t, text } = useT();
  const busy = useSelector(page, selectSandboxBusy);
  const error = useSelector(page, selectSandboxError);
  const open = phase !== 'paid' && phase !== 'expired';
  const buttons = [
    ['full', 'crypto.sandbox.full'],
    ['partial', 'crypto.sandbox.partial'],
    ['late', 'crypto.sandbox.late'],
    ['expire', 'crypto.sandbox.expire'],
  ] as const;
  return (
    <aside className="crypto-sandbox" aria-labelledby="crypto-sandbox-title">
      <h2 id="crypto-sandbox-title">{t('crypto.sandbox.title')}</h2>
      <p>{t('crypto.sandbox.body')}</p>
      <div className="crypto-sandbox__buttons">
        {buttons.map(([kind, label]) => (
          <button
            key={kind}
            type="button"
            className="button button--ghost button--small"
            disabled={busy || (!open && kind !== 'full')}
            onClick={() => page.send({ type: 'sandbox.send', kind })}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {busy && <Spinner label={t('crypto.sandbox.sending')} />}
      {error && <p className="form-error" role="alert">{text(error)}</p>}
    </aside>
  );
}

function Waiting({ invoice, child, expiresAt, startedAt, phase }: { invoice: InvoiceDetails; child: ActorRefFrom<typeof invoiceMachine>; expiresAt: number; startedAt: number; phase: InvoicePhase }) {
  const { t, lang } = useT();
  const live = useSelector(child, selectInvoiceContext);
  const paid = live.paid !== '0' && live.paid !== '' ? live.paid : invoice.paid;
  const due = live.due !== '' ? live.due : invoice.due;
  const partial = !isZero(paid) && !isZero(due);
  const toSend = trimAmount(partial ? due : invoice.amount);
  const uri = live.uri || invoice.paymentUri;
  const erc20 = invoice.contract !== undefined;
  return (
    <div className="crypto-invoice__grid">
      <div className="crypto-invoice__qr">
        <QrCode value={uri} label={t('crypto.invoice.qr_label')} />
        <p className="muted">{t('crypto.invoice.qr_hint')}</p>
        <a className="button button--ghost button--small" href={uri}>{t('crypto.invoice.open_wallet')}</a>
      </div>
      <div className="crypto-invoice__details">
        <Countdown expiresAt={expiresAt} startedAt={startedAt} running={phase !== 'starting'} />
        {partial && (
          <p className="form-note" role="status" data-testid="crypto-partial">
            {t('crypto.invoice.partial', { paid: trimAmount(paid), due: trimAmount(due), symbol: invoice.asset })}
          </p>
        )}
        <div className="crypto-invoice__row">
          <span className="crypto-invoice__label">{t(partial ? 'crypto.invoice.send_rest' : 'crypto.invoice.send')}</span>
          <div className="crypto-invoice__value">
            <code data-testid="crypto-amount">{toSend}</code> <span>{invoice.asset}</span>
          </div>
          <CopyButton text={toSend} label={t('crypto.invoice.copy_amount')} done="crypto.amount_copied" />
        </div>
        <div className="crypto-invoice__row">
          <span className="crypto-invoice__label">{t('crypto.invoice.to_address', { chain: invoice.chainName })}</span>
          <div className="crypto-invoice__value">
            <code className="crypto-invoice__address" data-testid="crypto-address">{invoice.address}</code>
          </div>
          <CopyButton text={invoice.address} label={t('crypto.invoice.copy_address')} done="crypto.address_copied" />
        </div>
        <p className="crypto-invoice__network">
          {erc20 ? t('crypto.invoice.erc20_note', { symbol: invoice.asset }) : t('crypto.invoice.network_note', { symbol: invoice.asset, chain: invoice.chainName })}
        </p>
        <p>{t('crypto.invoice.credit', { credit: formatAmount(invoice.creditAmount, invoice.creditCurrency, lang) })}</p>
        <p className="muted">
          {t('crypto.invoice.rate', { symbol: invoice.asset, rate: formatAmount(invoice.rate, invoice.rateCurrency, lang) })}
          {invoice.rateSource === 'sandbox' && <> {t('crypto.rate_sandbox')}</>}
        </p>
        <p className="muted">{t('crypto.invoice.waiting_note', { n: invoice.confirmations })}</p>
        <Explorer invoice={invoice} hash={live.hash} />
      </div>
    </div>
  );
}

function Explorer({ invoice, hash }: { invoice: InvoiceDetails; hash: string }) {
  const { t } = useT();
  const current = hash || invoice.hash;
  const txUrl = current ? invoice.txUrlTemplate.replace('{hash}', encodeURIComponent(current)) : '';
  return (
    <p className="crypto-invoice__explorer">
      <a href={invoice.explorerUrl} target="_blank" rel="noopener noreferrer">{t('crypto.invoice.explorer')}</a>
      {txUrl && (
        <>
          {' · '}
          <a href={txUrl} target="_blank" rel="noopener noreferrer">{t('crypto.invoice.explorer_tx')}</a>
        </>
      )}
      {invoice.sandbox && <span className="muted"> {t('crypto.invoice.explorer_sandbox')}</span>}
    </p>
  );
}

function Paid({ invoice, child }: { invoice: InvoiceDetails; child: ActorRefFrom<typeof invoiceMachine> }) {
  const { t, lang } = useT();
  const live = useSelector(child, selectInvoiceContext);
  const late = live.late !== '' ? live.late : invoice.late;
  return (
    <div className="crypto-result crypto-result--ok" role="status" data-testid="crypto-success">
      <div className="crypto-result__icon" aria-hidden="true">✓</div>
      <h2>{t('crypto.success.title')}</h2>
      <p>{t('crypto.success.body', { credit: formatAmount(invoice.creditAmount, invoice.creditCurrency, lang) })}</p>
      {!isZero(late) && <p className="form-note">{t('crypto.success.extra', { late: trimAmount(late), symbol: invoice.asset })}</p>}
      <Explorer invoice={invoice} hash={live.hash} />
      <div className="crypto-result__actions">
        <Link className="button" to={{ hash: '/home' }}>{t('crypto.success.trade')}</Link>
        <Link className="button button--ghost" to={{ hash: '/show/funding' }}>{t('crypto.success.another')}</Link>
      </div>
    </div>
  );
}

function Expired({ invoice, child }: { invoice: InvoiceDetails; child: ActorRefFrom<typeof invoiceMachine> }) {
  const { t } = useT();
  const live = useSelector(child, selectInvoiceContext);
  const paid = live.paid !== '0' && live.paid !== '' ? live.paid : invoice.paid;
  const late = live.late !== '' ? live.late : invoice.late;
  const kept = !isZero(paid) || !isZero(late);
  return (
    <div className="crypto-result crypto-result--expired" role="status" data-testid="crypto-expired">
      <div className="crypto-result__icon" aria-hidden="true">⌛</div>
      <h2>{t('crypto.expired.title')}</h2>
      <p>{t('crypto.expired.body')}</p>
      {kept && (
        <div className="form-note" data-testid="crypto-kept">
          {!isZero(paid) && <p>{t('crypto.expired.partial', { paid: trimAmount(paid), amount: trimAmount(invoice.amount), symbol: invoice.asset })}</p>}
          {!isZero(late) && <p>{t('crypto.expired.late', { late: trimAmount(late), symbol: invoice.asset })}</p>}
          <p>{t('crypto.expired.next', { guid: invoice.guid })}</p>
        </div>
      )}
      <div className="crypto-result__actions">
        <Link className="button" to={{ hash: '/show/funding' }}>{t('crypto.expired.new')}</Link>
      </div>
    </div>
  );
}

function Ready({ page, child, invoice, expiresAt, startedAt }: { page: SandboxActor; child: ActorRefFrom<typeof invoiceMachine>; invoice: InvoiceDetails; expiresAt: number; startedAt: number }) {
  const { t } = useT();
  const phase = useSelector(child, selectInvoicePhase);
  const closed = phase === 'paid' || phase === 'expired';
  return (
    <>
      <div className={`crypto-status crypto-status--${phase}`} data-testid="crypto-status" data-phase={phase}>
        <span className="muted">{t('crypto.invoice.status_label')}</span>
        <strong>{t(STATUS_KEY[phase])}</strong>
        {(phase === 'checking' || phase === 'overdue' || phase === 'waiting') && <span className="spinner__dot" aria-hidden="true" />}
      </div>
      {phase === 'paid' ? <Paid invoice={invoice} child={child} /> : phase === 'expired' ? <Expired invoice={invoice} child={child} /> : <Waiting invoice={invoice} child={child} expiresAt={expiresAt} startedAt={startedAt} phase={phase} />}
      {invoice.sandbox && !closed && <SandboxControl page={page} phase={phase} />}
    </>
  );
}

/** The invoice page, #/show/invoice/{coin}/{guid} (the spec's /api/{coin}/invoice/{guid} redirects here). */
export default function InvoicePage({ add: coin = '', ng: guid = '' }: PageProps) {
  const { t, text } = useT();
  const page = useActorRef(invoicePageFlow, { input: { coin, guid }, inspect });
  const phase = useSelector(page, selectPagePhase);
  const loaded = useSelector(page, selectLoaded);
  const error = useSelector(page, selectPageError);
  const child = useSelector(page, selectInvoiceActor);
  const name = loaded?.invoice.assetName ?? coin.toUpperCase();
  return (
    <section className="panel crypto-invoice" aria-labelledby="crypto-invoice-title">
      <p className="crypto-invoice__back">
        <Link to={{ hash: '/show/funding' }}>← {t('crypto.invoice.back')}</Link>
      </p>
      <h1 id="crypto-invoice-title">{t('crypto.invoice.title', { name })}</h1>
      {loaded && <p className="muted crypto-invoice__id">{t('crypto.invoice.id', { guid: loaded.invoice.guid })}</p>}
      {phase === 'loading' && <Spinner label={t('crypto.invoice.loading')} />}
      {phase === 'failed' && (
        <>
          <p className="form-error" role="alert">{text(error)}</p>
          <button type="button" className="button" onClick={() => page.send({ type: 'page.retry' })}>{t('common.retry')}</button>
        </>
      )}
      {phase === 'notFound' && <p className="form-error" role="alert">{t('crypto.invoice.not_found')}</p>}
      {phase === 'ready' && loaded && child && <Ready page={page} child={child} invoice={loaded.invoice} expiresAt={loaded.expiresAt} startedAt={loaded.now} />}
    </section>
  );
}
