import type { HistoryEntry } from '../../../core/contract';
import { isFundingMethod, isMethod, kindOf, METHOD_NAMES } from '../../../core/methods';
import { formatAmount } from '../shared/money';

/**
 * A history row in the trader's words: what it was ("Deposit by card (VLOAD)",
 * "Withdrawal · cancelled", "Tip to the host", "Stake"), its details (the instrument and
 * direction of a trade, the payout method, the host), its status, and the signed amount.
 * Texts come from the reports area's dictionary through the translator the view passes in.
 */
type T = (key: string, params?: Record<string, string | number>) => string;

export interface HistoryRowText {
  what: string;
  detail: string;
  status: string;
}

const OUTCOMES = ['pending', 'paid', 'cancelled', 'rejected'];
const STATUSES = ['completed', 'pending', 'cancelled'];
/** the filter's choices: every type a row can have */
export const HISTORY_TYPES = ['deposit', 'withdrawal', 'tip', 'bonus', 'prize', 'transfer', 'trade', 'payout', 'refund'] as const;
/** the platform's own note for a trade: "EURUSD up" */
const TRADE_NOTE = /^([A-Z]{3,10}) (up|down)$/;

function what(e: HistoryEntry, t: T): string {
  const outcome = e.outcome && OUTCOMES.includes(e.outcome) ? e.outcome : null;
  switch (e.type) {
    case 'deposit':
      if (e.method === 'card') return e.detail ? t('history.what.deposit_card', { processor: e.detail }) : t('history.what.deposit_card_plain');
      if (e.method === 'crypto') return e.detail ? t('history.what.deposit_crypto', { coin: e.detail }) : t('history.what.deposit_crypto_plain');
      if (e.method === 'sandbox') return t('history.what.deposit_sandbox');
      if (e.method === 'demo') return t('history.what.deposit_demo');
      // every other method by its name (§5: a Vload voucher is never a bare "Deposit")
      if (e.method) return t('history.what.deposit_method', { method: depositMethod(e.method, t) });
      return t('history.type.deposit');
    case 'withdrawal':
      return outcome ? t(`history.what.withdrawal.${outcome}`) : t('history.type.withdrawal');
    case 'withdrawal_return':
      return outcome === 'cancelled' || outcome === 'rejected' ? t(`history.what.return.${outcome}`) : t('history.what.return');
    case 'transfer':
      return e.amount.startsWith('-') ? t('history.what.transfer_out') : t('history.what.transfer_in');
    case 'bonus':
      return e.method === 'giveaway' || e.method === 'risk_free' || e.method === 'iq' ? t(`history.what.bonus_${e.method}`) : t('history.what.bonus');
    case 'bonus_release':
    case 'bonus_forfeit':
      return t(`history.what.${e.type}`);
    case 'tip':
    case 'prize':
    case 'trade':
    case 'payout':
    case 'refund':
      return t(`history.what.${e.type}`);
    default:
      return e.type;
  }
}

/** a deposit method's name: ours (a bank or voucher method of core/methods.ts: bank transfer, Vload voucher), a wallet's own (Neteller), else as the server said it */
function depositMethod(method: string, t: T): string {
  if (isFundingMethod(method) && (kindOf(method) === 'bank' || kindOf(method) === 'voucher')) return t(`history.method.${method}`);
  return isMethod(method) ? METHOD_NAMES[method] : method;
}

function payoutMethod(method: string, t: T): string {
  if (method === 'Credit Card') return t('history.payout.card');
  if (method === 'Bank Wire') return t('history.payout.bank');
  return method.replace(/_/g, ' ');
}

function detail(e: HistoryEntry, t: T): string {
  const trade = e.detail && e.direction ? { symbol: e.detail, direction: e.direction } : null;
  const fromNote = TRADE_NOTE.exec(e.note);
  const dir = (d: string) => t(d === 'up' ? 'reports.up' : 'reports.down');
  if (trade) return `${trade.symbol} · ${dir(trade.direction)}`;
  if (fromNote) return `${fromNote[1]} · ${dir(fromNote[2])}`;
  if ((e.type === 'withdrawal' || e.type === 'withdrawal_return') && e.method) return payoutMethod(e.method, t);
  if (e.type === 'tip' && e.detail) return t('history.detail.host', { name: e.detail });
  if ((e.type === 'bonus' || e.type === 'prize') && e.detail) return e.detail;
  if (e.source === undefined && e.note === 'exchange account') return t('history.detail.exchange');
  // card processor and coin are in the row's name already
  if (e.source === 'ledger') return '—';
  return e.note || '—';
}

export function describeHistoryEntry(e: HistoryEntry, t: T): HistoryRowText {
  return {
    what: what(e, t),
    detail: detail(e, t),
    status: STATUSES.includes(e.status) ? t(`history.status.${e.status}`) : e.status,
  };
}

/** "+$250.00", "-$10.00", "$0.00", "+0.50000 BTC": the amount with its sign (core/format), never through a float */
export const formatSignedAmount = (amount: string, currency: string, lang = 'en'): string => formatAmount(amount, currency, lang, { plus: true });

/** The balance after a row: of the trading account, or said to be the bonus balance's; '—' when the source gave none. */
export function formatBalanceAfter(e: HistoryEntry, t: T, lang = 'en'): string {
  if (e.balanceAfter === null) return '—';
  const amount = formatAmount(e.balanceAfter, e.currency, lang);
  return e.account === 'bonus' ? t('history.balance.bonus', { amount }) : amount;
}
