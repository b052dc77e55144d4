import type { SnapshotFrom } from 'xstate';
import { msg, type Msg } from '../../../core/message';
import { assetOf } from '../../../machines/crypto-deposit/crypto-deposit.machine';
import type { cryptoDepositMachine } from '../../../machines/crypto-deposit/crypto-deposit.machine';
import type { CryptoDepositEvent } from '../../../machines/crypto-deposit/crypto-deposit.types';
import type { invoicePageMachine } from '../../../machines/invoice-page/invoice-page.machine';
import type { InvoicePageEvent, SandboxKind } from '../../../machines/invoice-page/invoice-page.types';
import type { invoiceMachine } from '../../../machines/invoice/invoice.machine';
import { isZero, selectEstimate, selectTokens, trimAmount } from './crypto.select';
import { formatAmount } from '../shared/money';
import { formatDateTime, withReadableUntil } from '../shared/dates';
import { buttonProps, fieldErrorProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';
import type { InvoiceException } from '../../../machines/invoice/invoice.types';

/**
 * connect() for the crypto funding tab and the invoice page: flags, values, message keys and
 * handlers from a snapshot and send. Views use only this (no state names, no rules).
 */

export type CryptoSnapshot = SnapshotFrom<typeof cryptoDepositMachine>;
export type InvoicePageSnapshot = SnapshotFrom<typeof invoicePageMachine>;
export type InvoiceSnapshot = SnapshotFrom<typeof invoiceMachine>;

/** Coin names before the options arrive (the server's names replace them). */
const NAMES: Record<string, string> = { btc: 'Bitcoin', ltc: 'Litecoin', eth: 'Ethereum', bch: 'Bitcoin Cash', dash: 'Dash', zcash: 'Zcash', usdt: 'Tether (USDT)', token: 'ERC-20 tokens' };

export function connectCrypto(s: CryptoSnapshot, send: (event: CryptoDepositEvent) => void, lang = 'en') {
  const c = s.context;
  const asset = assetOf(c);
  const isPaying = s.matches('paying');
  const isRedirecting = s.matches('redirecting');
  const isToken = c.coin === 'token';
  const symbol = asset?.symbol ?? (isToken ? c.token : c.coin.toUpperCase());
  const currency = c.options?.currency ?? '';
  const estimate = selectEstimate(s);
  const isDemo = s.matches('demoBlocked');
  const isBusy = isPaying || isRedirecting;
  const titleId = isDemo ? 'crypto-demo-title' : `crypto-title-${c.tab}`;
  const amountId = `crypto-amount-${c.tab}`;
  const hintId = `crypto-hint-${c.tab}`;
  const onToken = (token: string) => send({ type: 'token.change', token });
  const onAmount = (value: string) => send({ type: 'amount.change', value });
  const onRetry = () => send({ type: 'deposit.retry' });
  return {
    /** the tab's section, named by its heading (the form's, or the demo notice's) */
    getRegionProps: () => regionProps(titleId),
    getTitleProps: () => titleProps(titleId),
    /** a demo account cannot deposit: said at once */
    getDemoProps: () => ({ role: 'alert' as const }),
    /** the options could not load: said at once, with a retry */
    getLoadErrorProps: () => ({ role: 'alert' as const }),
    getRetryProps: () => buttonProps(onRetry),
    getFormProps: () => formProps({ busy: isBusy, onSubmit: () => send({ type: 'deposit.submit' }) }),
    /** the token of the altcoins tab, and the amount read with its hints (and its problem when refused) */
    getFieldProps: (field: 'token' | 'amount') =>
      field === 'token'
        ? fieldProps({ id: `crypto-token-${c.tab}`, name: 'token', value: c.token, disabled: isBusy, onValue: onToken })
        : fieldProps({ id: amountId, name: 'amount', value: c.amount, invalid: c.error !== null, describedBy: [hintId], disabled: isBusy, onValue: onAmount }),
    /** a mode's radio: one group per tab */
    getModeProps: (mode: { selected: boolean; onSelect: () => void }) => ({ type: 'radio' as const, name: `crypto-mode-${c.tab}`, checked: mode.selected, onChange: mode.onSelect }),
    getHintProps: () => ({ id: hintId }),
    getErrorProps: () => fieldErrorProps(amountId),
    getSubmitProps: () => submitProps({ busy: isBusy }),
    tab: c.tab,
    isDemo,
    isLoading: s.matches('boot') || s.matches('loading'),
    isLoadFailed: s.matches('loadFailed'),
    /** the form is shown (editing, paying or leaving for the invoice) */
    isForm: s.matches('editing') || isPaying || isRedirecting,
    isBusy,
    name: isToken ? NAMES.token : (asset?.name ?? NAMES[c.coin] ?? c.coin),
    symbol,
    currency,
    minDeposit: c.options?.minDeposit ?? '',
    /** the minimum written for the trader (core/format: "$250.00", "250,00 $") */
    minDepositText: c.options ? formatAmount(c.options.minDeposit, currency, lang) : '',
    /** the altcoins tab: a token to choose */
    tokens: isToken ? selectTokens(s).map((a) => ({ value: a.symbol, label: `${a.symbol} · ${a.name}` })) : null,
    token: c.token,
    onToken,
    /** in the account currency (fixed false) or in the coin (fixed true) */
    modes: [false, true].map((fixed) => ({ fixed, label: fixed ? symbol : currency, selected: c.fixed === fixed, onSelect: () => send({ type: 'mode.change', fixed }) })),
    isFixed: c.fixed,
    unit: c.fixed ? symbol : currency,
    amount: c.amount,
    onAmount,
    /** what the typed amount is worth on the other side; `text` written by core/format (a coin with its fixed 5 decimals) */
    estimate: estimate && { ...estimate, text: formatAmount(estimate.amount, estimate.currency, lang) },
    /** the approximate rate line: the price in the account currency, labelled when simulated */
    rate: asset && asset.price !== '0' ? { symbol: asset.symbol, price: asset.price, sandbox: c.options?.rateSource === 'sandbox' } : null,
    /** a refusal; a break's end (deposit.excluded) written for the trader */
    error: withReadableUntil(c.error),
    shakes: c.shakes,
    submitLabel: isPaying ? msg('crypto.submitting') : isRedirecting ? msg('crypto.redirecting') : msg('crypto.submit', undefined, { symbol }),
    onSubmit: () => send({ type: 'deposit.submit' }),
    onRetry,
  };
}

export type InvoicePhase = 'starting' | 'waiting' | 'checking' | 'overdue' | 'paid' | 'expired';

function invoicePhase(s: InvoiceSnapshot): InvoicePhase {
  if (s.matches('paid') || s.matches('voucherFinished')) return 'paid';
  if (s.matches('expired')) return 'expired';
  if (s.matches({ waiting: 'checking' }) || s.matches('finalCheck')) return 'checking';
  if (s.matches('overdue')) return 'overdue';
  if (s.matches('waiting')) return 'waiting';
  return 'starting';
}

const STATUS: Record<InvoicePhase, string> = {
  starting: 'crypto.status.wt',
  waiting: 'crypto.status.wt',
  checking: 'crypto.status.checking',
  overdue: 'crypto.status.overdue',
  paid: 'crypto.status.su',
  expired: 'crypto.status.ex',
};

const SANDBOX: ReadonlyArray<readonly [SandboxKind, string]> = [
  ['full', 'crypto.sandbox.full'],
  ['partial', 'crypto.sandbox.partial'],
  ['late', 'crypto.sandbox.late'],
  ['unconfirmed', 'crypto.sandbox.unconfirmed'],
  ['block', 'crypto.sandbox.block'],
  ['expire', 'crypto.sandbox.expire'],
];

/**
 * One short, late or over payment as the invoice page shows it: what happened, its outcome (with
 * both rates for a late one), and what the trader may do: claim a refund to their address (the
 * form open for one at a time), or have an over-payment credited while its window is open.
 */
function exceptionItem(e: InvoiceException, page: InvoicePageSnapshot, send: (event: InvoicePageEvent) => void, lang: string) {
  const c = page.context;
  const busy = page.matches({ ready: { exceptions: 'sending' } });
  const isOpen = c.claimId === e.id && (page.matches({ ready: { exceptions: 'editing' } }) || (busy && c.choice?.choice === 'refund'));
  const coins = exactCoin(trimAmount(e.amount), e.asset, lang);
  const rate = (value: string) => formatAmount(value, e.rateCurrency, lang);
  const credit = e.credit ? formatAmount(e.credit, e.creditCurrency, lang) : '';
  const addressId = `crypto-refund-address-${e.id}`;
  const outcome: Msg =
    e.status === 'credited'
      ? e.kind === 'late' && e.arrivalRate
        ? msg('crypto.exception.credited_late', undefined, { credit, arrival: rate(e.arrivalRate), invoice: rate(e.invoiceRate), symbol: e.asset })
        : msg('crypto.exception.credited', undefined, { credit })
      : e.status === 'refunded'
        ? msg('crypto.exception.refunded', undefined, { address: e.refundAddress })
        : e.status === 'claimed'
          ? msg('crypto.exception.claimed', undefined, { address: e.refundAddress })
          : e.rejected
            ? msg('crypto.exception.rejected')
            : e.mayCredit && e.chooseUntil
              ? msg(e.autoCreditAt ? 'crypto.exception.choose_credit' : 'crypto.exception.choose_hold', undefined, { until: formatDateTime(e.chooseUntil) })
              : msg('crypto.exception.held');
  const onAddress = (value: string) => send({ type: 'claim.address', value });
  return {
    id: e.id,
    kind: e.kind,
    /** 'credited', 'refunded', 'claimed', 'held': for data-outcome; compare the flags, not this */
    status: e.status,
    title: msg(`crypto.exception.${e.kind}`, undefined, { amount: coins }) as Msg,
    outcome,
    isDone: e.status === 'credited' || e.status === 'refunded',
    refundTxUrl: e.refundTxUrl,
    mayClaim: e.mayClaim && !isOpen,
    mayCredit: e.mayCredit,
    isClaimOpen: isOpen,
    address: isOpen ? c.claimAddress : '',
    /** the server's refusal of this claim (a wrong address), said at the field */
    error: isOpen ? c.claimError : null,
    getClaimButtonProps: () => buttonProps(() => send({ type: 'claim.open', id: e.id }), { disabled: busy }),
    getCreditButtonProps: () => buttonProps(() => send({ type: 'exception.credit', id: e.id }), { disabled: busy }),
    getFormProps: () => formProps({ busy, onSubmit: () => send({ type: 'claim.submit' }) }),
    getAddressProps: () => fieldProps({ id: addressId, name: 'address', value: c.claimAddress, invalid: c.claimError !== null, disabled: busy, onValue: onAddress }),
    getAddressErrorProps: () => fieldErrorProps(addressId),
    addressId,
    getSubmitProps: () => submitProps({ busy }),
    getCancelProps: () => buttonProps(() => send({ type: 'claim.cancel' }), { disabled: busy }),
  };
}

/**
 * A coin amount of an invoice written for the trader (core/format: the language's decimal mark, a
 * no-break space before the code), every digit kept: what was received or is still due is exact,
 * never cut to the 5 display decimals.
 */
export const exactCoin = (value: string, symbol: string, lang: string): string => formatAmount(value, symbol, lang, { digits: value.split('.')[1]?.length ?? 0 });

/** The invoice page (#/show/invoice/{coin}/{guid}) and its invoice (the page's child, undefined until loaded). */
export function connectInvoice(page: InvoicePageSnapshot, invoice: InvoiceSnapshot | undefined, send: (event: InvoicePageEvent) => void, lang = 'en') {
  const loaded = page.context.loaded;
  const details = loaded?.invoice ?? null;
  const isReady = page.matches('ready') && details !== null && invoice !== undefined;
  const phase = invoice ? invoicePhase(invoice) : 'starting';
  const live = invoice?.context;
  const paid = live && live.paid !== '0' && live.paid !== '' ? live.paid : (details?.paid ?? '0');
  const due = live && live.due !== '' ? live.due : (details?.due ?? '0');
  const late = live && live.late !== '' ? live.late : (details?.late ?? '0');
  const partial = !isZero(paid) && !isZero(due);
  const hash = live?.hash || details?.hash || '';
  const isClosed = phase === 'paid' || phase === 'expired';
  const pending = live && live.pending !== '' ? live.pending : (details?.pending ?? '0');
  const confirming = live && live.pending !== '' ? live.confirming : (details?.confirming ?? 0);
  const exceptions = live?.exceptions ?? details?.exceptions ?? [];
  const isConfirming = !isClosed && !isZero(pending);
  const sandboxBusy = page.matches({ ready: { sandbox: 'sending' } });
  const onRetry = () => send({ type: 'page.retry' });
  return {
    /** the page's section, named by its heading */
    getRegionProps: () => regionProps('crypto-invoice-title'),
    getTitleProps: () => titleProps('crypto-invoice-title'),
    /** the invoice could not load, or does not exist: said at once */
    getErrorProps: () => ({ role: 'alert' as const }),
    getRetryProps: () => buttonProps(onRetry),
    /** a partial payment arrived: announced */
    getPartialProps: () => ({ role: 'status' as const }),
    /** the invoice's end (paid or expired): announced, and the focus goes there when it comes */
    getResultProps: () => statusProps({ focusOn: isClosed ? phase : null }),
    isLoading: page.matches('loading'),
    isFailed: page.matches('failed'),
    isNotFound: page.matches('notFound'),
    isReady,
    error: page.context.error,
    onRetry,
    name: details?.assetName ?? page.context.coin.toUpperCase(),
    guid: details?.guid ?? '',
    invoice: details,
    expiresAt: loaded?.expiresAt ?? 0,
    startedAt: loaded?.now ?? 0,
    /** for data-phase and the status colour; compare the flags, not this */
    phase,
    /** a half-paid invoice says so: "Partially paid" while open, "Expired, partially paid" after; a payment being confirmed counts N of M */
    status: (isConfirming && (phase === 'starting' || phase === 'waiting')
      ? msg('crypto.status.confirming', undefined, { n: confirming, m: details?.confirmations ?? 0 })
      : msg(partial && (phase === 'starting' || phase === 'waiting') ? 'crypto.status.partial' : phase === 'expired' && !isZero(paid) ? 'crypto.status.ex_partial' : STATUS[phase])) as Msg,
    /** a payment seen, not confirmed yet: its amount and the live count (N of M), announced as it changes */
    isConfirming,
    confirming: { n: confirming, m: details?.confirmations ?? 0, amount: exactCoin(trimAmount(pending), details?.asset ?? '', lang) },
    getConfirmingProps: () => ({ role: 'status' as const }),
    /** the closed invoice's short, late and over payments, each with its outcome and what the trader may do */
    exceptions: exceptions.map((e) => exceptionItem(e, page, send, lang)),
    hasExceptions: exceptions.length > 0,
    /** a choice the server refused when no claim form is open (an over-payment's window that just closed) */
    exceptionError: page.context.claimId === null ? page.context.claimError : null,
    getExceptionErrorProps: () => ({ role: 'alert' as const }),
    getExceptionsRegionProps: () => regionProps('crypto-exceptions-title'),
    getExceptionsTitleProps: () => titleProps('crypto-exceptions-title'),
    /** a check or the wait is going on: the status shows a pulsing dot */
    isActive: phase === 'checking' || phase === 'overdue' || phase === 'waiting',
    isPaid: phase === 'paid',
    isExpired: phase === 'expired',
    isOpen: !isClosed,
    /** the countdown runs once the machine started it (300 ms after load) */
    isCounting: phase !== 'starting',
    paid: trimAmount(paid),
    due: trimAmount(due),
    late: trimAmount(late),
    isPartial: partial,
    hasLate: !isZero(late),
    hasPaid: !isZero(paid),
    /** what the trader still sends: the rest of a partial payment, else the whole amount */
    toSend: trimAmount(partial ? due : (details?.amount ?? '0')),
    amount: trimAmount(details?.amount ?? '0'),
    /** paid, due, late and the invoice amount with the coin's code, exact, in the page's language (the texts' {paid}, {due}, {late}, {amount}) */
    coin: {
      paid: exactCoin(trimAmount(paid), details?.asset ?? '', lang),
      due: exactCoin(trimAmount(due), details?.asset ?? '', lang),
      late: exactCoin(trimAmount(late), details?.asset ?? '', lang),
      amount: exactCoin(trimAmount(details?.amount ?? '0'), details?.asset ?? '', lang),
    },
    uri: live?.uri || details?.paymentUri || '',
    isErc20: details?.contract !== undefined,
    txUrl: hash && details ? details.txUrlTemplate.replace('{hash}', encodeURIComponent(hash)) : '',
    sandbox: {
      isShown: details?.sandbox === true && !isClosed,
      isBusy: sandboxBusy,
      error: page.context.sandboxError,
      buttons: SANDBOX.map(([kind, label]) => ({ kind, label: msg(label), disabled: sandboxBusy || (isClosed && kind !== 'full'), onClick: () => send({ type: 'sandbox.send', kind }) })),
      /** the control's aside, named by its heading */
      getRegionProps: () => regionProps('crypto-sandbox-title'),
      getTitleProps: () => titleProps('crypto-sandbox-title'),
      getButtonProps: (b: { disabled: boolean; onClick: () => void }) => buttonProps(b.onClick, { disabled: b.disabled }),
      /** a sandbox payment that could not be sent: said at once */
      getErrorProps: () => ({ role: 'alert' as const }),
    },
  };
}

export type CryptoView = ReturnType<typeof connectCrypto>;
export type InvoiceView = ReturnType<typeof connectInvoice>;
