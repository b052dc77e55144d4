import { isFundingMethod, isMethod, kindOf, METHOD_NAMES } from './methods';
import type { HistoryEntry } from './contract/trading';

/**
 * A money movement in the trader's words, the same on the History page and in a statement
 * (issue 30 §9): what it was ("Deposit by card (VLOAD)", "Withdrawal · cancelled", "Tip to the
 * host", "Stake"), its details (the instrument and direction of a trade, the payout method, the
 * host), and its status. The words are HISTORY_WORDS, in English and Russian: the reports area's
 * dictionary takes them in (src/features/reports/messages.ts), the server's statement reads them
 * through `historyWords(lang)`.
 */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

const EN = {
  'history.status.completed': 'Completed',
  'history.status.pending': 'Pending',
  'history.status.cancelled': 'Cancelled',
  'history.type.deposit': 'Deposit',
  'history.type.withdrawal': 'Withdrawal',
  'history.type.trade': 'Stake',
  'history.type.payout': 'Payout',
  'history.type.refund': 'Refund',
  'history.type.tip': 'Tip',
  'history.type.bonus': 'Bonus',
  'history.type.prize': 'Prize',
  'history.type.transfer': 'Transfer',
  'history.what.deposit_card': 'Deposit by card ({processor})',
  'history.what.deposit_card_plain': 'Deposit by card',
  'history.what.deposit_crypto': 'Deposit in crypto ({coin})',
  'history.what.deposit_crypto_plain': 'Deposit in crypto',
  'history.what.deposit_crypto_short': 'Deposit in crypto ({coin}): paid short, credited for what arrived',
  'history.what.deposit_crypto_late': 'Deposit in crypto ({coin}): paid late, credited at the rate of its arrival',
  'history.what.deposit_crypto_over': 'Deposit in crypto ({coin}): over-payment credited',
  'history.what.crypto_exception_held': 'Crypto payment held for a refund ({coin})',
  'history.what.crypto_exception_claimed': 'Crypto refund claimed, awaiting approval ({coin})',
  'history.what.crypto_exception_refunded': 'Crypto refund sent ({coin})',
  'history.what.crypto_exception_rejected': 'Crypto refund claim rejected ({coin})',
  'history.detail.crypto_short': 'Paid short',
  'history.detail.crypto_late': 'Paid late',
  'history.detail.crypto_over': 'Paid over',
  'history.what.deposit_sandbox': 'Deposit (sandbox)',
  'history.what.deposit_demo': 'Demo funds',
  'history.what.deposit_method': 'Deposit · {method}',
  'history.what.payment_refund_card': 'Card deposit refunded ({processor})',
  'history.what.payment_refund': 'Deposit refunded · {method}',
  'history.what.chargeback_card': 'Card deposit charged back ({processor})',
  'history.what.chargeback': 'Deposit charged back · {method}',
  'history.method.vload': 'Vload voucher',
  'history.method.bank': 'Bank transfer',
  'history.method.fiat': 'Fiat transfer',
  'history.what.withdrawal.pending': 'Withdrawal · pending',
  'history.what.withdrawal.paid': 'Withdrawal · paid',
  'history.what.withdrawal.cancelled': 'Withdrawal · cancelled',
  'history.what.withdrawal.rejected': 'Withdrawal · rejected',
  'history.what.return': 'Withdrawal returned',
  'history.what.return.cancelled': 'Withdrawal returned · cancelled',
  'history.what.return.rejected': 'Withdrawal returned · rejected',
  'history.what.tip': 'Tip to the host',
  'history.what.bonus': 'Bonus',
  'history.what.bonus_giveaway': 'Bonus · gift',
  'history.what.bonus_risk_free': 'Bonus · risk-free trade refund',
  'history.what.bonus_iq': 'Bonus · IQ mining reward',
  'history.what.bonus_release': 'Bonus moved to your trading account',
  'history.what.bonus_forfeit': 'Bonus taken back',
  'history.what.prize': 'Contest prize',
  'history.what.transfer_in': 'Transfer from your other account',
  'history.what.transfer_out': 'Transfer to your other account',
  'history.what.trade': 'Stake',
  'history.what.payout': 'Payout',
  'history.what.refund': 'Stake refunded',
  'history.payout.card': 'To a bank card',
  'history.payout.bank': 'Bank wire',
  'history.detail.host': 'Host: {name}',
  'history.detail.exchange': 'Exchange account',
  'reports.up': 'Up',
  'reports.down': 'Down',
  'history.what.trade_result': 'Trade result',
  'history.what.referral_transfer': 'Referral commission moved to your trading account',
};

/** every English word in Russian (a missing one fails to compile) */
const RU: Record<keyof typeof EN, string> = {
  'history.status.completed': 'Выполнено',
  'history.status.pending': 'В обработке',
  'history.status.cancelled': 'Отменено',
  'history.type.deposit': 'Пополнение',
  'history.type.withdrawal': 'Вывод',
  'history.type.trade': 'Ставка',
  'history.type.payout': 'Выплата',
  'history.type.refund': 'Возврат',
  'history.type.tip': 'Чаевые',
  'history.type.bonus': 'Бонус',
  'history.type.prize': 'Приз',
  'history.type.transfer': 'Перевод',
  'history.what.deposit_card': 'Пополнение картой ({processor})',
  'history.what.deposit_card_plain': 'Пополнение картой',
  'history.what.deposit_crypto': 'Пополнение криптовалютой ({coin})',
  'history.what.deposit_crypto_plain': 'Пополнение криптовалютой',
  'history.what.deposit_crypto_short': 'Пополнение криптовалютой ({coin}): оплачено не полностью, зачислено поступившее',
  'history.what.deposit_crypto_late': 'Пополнение криптовалютой ({coin}): оплачено с опозданием, зачислено по курсу поступления',
  'history.what.deposit_crypto_over': 'Пополнение криптовалютой ({coin}): переплата зачислена',
  'history.what.crypto_exception_held': 'Криптоплатёж удержан для возврата ({coin})',
  'history.what.crypto_exception_claimed': 'Запрошен возврат криптовалюты, ждёт одобрения ({coin})',
  'history.what.crypto_exception_refunded': 'Возврат криптовалюты отправлен ({coin})',
  'history.what.crypto_exception_rejected': 'Запрос возврата криптовалюты отклонён ({coin})',
  'history.detail.crypto_short': 'Оплачено не полностью',
  'history.detail.crypto_late': 'Оплачено с опозданием',
  'history.detail.crypto_over': 'Переплата',
  'history.what.deposit_sandbox': 'Пополнение (тестовое)',
  'history.what.deposit_demo': 'Демо-средства',
  'history.what.deposit_method': 'Пополнение · {method}',
  'history.what.payment_refund_card': 'Возврат пополнения картой ({processor})',
  'history.what.payment_refund': 'Возврат пополнения · {method}',
  'history.what.chargeback_card': 'Чарджбэк пополнения картой ({processor})',
  'history.what.chargeback': 'Чарджбэк пополнения · {method}',
  'history.method.vload': 'ваучер Vload',
  'history.method.bank': 'банковский перевод',
  'history.method.fiat': 'фиатный перевод',
  'history.what.withdrawal.pending': 'Вывод · в обработке',
  'history.what.withdrawal.paid': 'Вывод · выплачен',
  'history.what.withdrawal.cancelled': 'Вывод · отменён',
  'history.what.withdrawal.rejected': 'Вывод · отклонён',
  'history.what.return': 'Возврат вывода',
  'history.what.return.cancelled': 'Возврат вывода · отменён',
  'history.what.return.rejected': 'Возврат вывода · отклонён',
  'history.what.tip': 'Чаевые ведущему',
  'history.what.bonus': 'Бонус',
  'history.what.bonus_giveaway': 'Бонус · подарок',
  'history.what.bonus_risk_free': 'Бонус · возврат за сделку без риска',
  'history.what.bonus_iq': 'Бонус · награда IQ-майнинга',
  'history.what.bonus_release': 'Бонус переведён на торговый счёт',
  'history.what.bonus_forfeit': 'Бонус списан',
  'history.what.prize': 'Приз конкурса',
  'history.what.transfer_in': 'Перевод с другого вашего счёта',
  'history.what.transfer_out': 'Перевод на другой ваш счёт',
  'history.what.trade': 'Ставка',
  'history.what.payout': 'Выплата',
  'history.what.refund': 'Возврат ставки',
  'history.payout.card': 'На банковскую карту',
  'history.payout.bank': 'Банковский перевод',
  'history.detail.host': 'Ведущий: {name}',
  'history.detail.exchange': 'Биржевой счёт',
  'reports.up': 'Вверх',
  'reports.down': 'Вниз',
  'history.what.trade_result': 'Результат сделки',
  'history.what.referral_transfer': 'Реферальная комиссия переведена на торговый счёт',
};

export const HISTORY_WORDS = { en: EN, ru: RU };

/** A translator over HISTORY_WORDS alone (the server's statement): `{name}` replaced by its parameter; an unknown key comes back as it is. */
export function historyWords(lang: string): Translate {
  const words: Record<string, string> = lang === 'ru' ? HISTORY_WORDS.ru : HISTORY_WORDS.en;
  return (key, params = {}) => (words[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export interface HistoryRowText {
  what: string;
  detail: string;
  status: string;
}

const OUTCOMES = ['pending', 'paid', 'cancelled', 'rejected'];
const STATUSES = ['completed', 'pending', 'cancelled'];
/** the platform's own note for a trade: "EURUSD up" */
const TRADE_NOTE = /^([A-Z]{3,10}) (up|down)$/;

function what(e: HistoryEntry, t: Translate): string {
  const outcome = e.outcome && OUTCOMES.includes(e.outcome) ? e.outcome : null;
  switch (e.type) {
    case 'deposit':
      if (e.method === 'card') return e.detail ? t('history.what.deposit_card', { processor: e.detail }) : t('history.what.deposit_card_plain');
      // a crypto exception credited (issue 32 §1): said with its kind
      if (e.method === 'crypto' && (e.outcome === 'short' || e.outcome === 'late' || e.outcome === 'over')) return t(`history.what.deposit_crypto_${e.outcome}`, { coin: e.detail ?? '' });
      if (e.method === 'crypto') return e.detail ? t('history.what.deposit_crypto', { coin: e.detail }) : t('history.what.deposit_crypto_plain');
      if (e.method === 'sandbox') return t('history.what.deposit_sandbox');
      if (e.method === 'demo') return t('history.what.deposit_demo');
      // every other method by its name (§5: a Vload voucher is never a bare "Deposit")
      if (e.method) return t('history.what.deposit_method', { method: depositMethod(e.method, t) });
      return t('history.type.deposit');
    case 'payment_refund':
    case 'chargeback':
      // a deposit taken back (issue 32 §2): by card with its processor, else by its method's name
      if (e.method === 'card') return t(`history.what.${e.type}_card`, { processor: e.detail ?? '' });
      return t(`history.what.${e.type}`, { method: e.method ? depositMethod(e.method, t) : '' });
    case 'crypto_exception':
      // a crypto payment held for a refund, its claim, the refund sent or the claim rejected (issue 32 §1)
      return ['held', 'claimed', 'refunded', 'rejected'].includes(e.outcome ?? '') ? t(`history.what.crypto_exception_${e.outcome}`, { coin: e.detail ?? '' }) : e.type;
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
    case 'trade_result':
    case 'referral_transfer':
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
function depositMethod(method: string, t: Translate): string {
  if (isFundingMethod(method) && (kindOf(method) === 'bank' || kindOf(method) === 'voucher')) return t(`history.method.${method}`);
  return isMethod(method) ? METHOD_NAMES[method] : method;
}

function payoutMethod(method: string, t: Translate): string {
  if (method === 'Credit Card') return t('history.payout.card');
  if (method === 'Bank Wire') return t('history.payout.bank');
  return method.replace(/_/g, ' ');
}

function detail(e: HistoryEntry, t: Translate): string {
  const trade = e.detail && e.direction ? { symbol: e.detail, direction: e.direction } : null;
  const fromNote = TRADE_NOTE.exec(e.note);
  const dir = (d: string) => t(d === 'up' ? 'reports.up' : 'reports.down');
  if (trade) return `${trade.symbol} · ${dir(trade.direction)}`;
  if (fromNote) return `${fromNote[1]} · ${dir(fromNote[2])}`;
  if ((e.type === 'withdrawal' || e.type === 'withdrawal_return') && e.method) return payoutMethod(e.method, t);
  if (e.type === 'tip' && e.detail) return t('history.detail.host', { name: e.detail });
  if ((e.type === 'bonus' || e.type === 'prize' || e.type === 'trade_result') && e.detail) return e.detail;
  if (e.type === 'crypto_exception' && (e.method === 'short' || e.method === 'late' || e.method === 'over')) return t(`history.detail.crypto_${e.method}`);
  if (e.source === undefined && e.note === 'exchange account') return t('history.detail.exchange');
  // card processor and coin are in the row's name already
  if (e.source === 'ledger') return '—';
  return e.note || '—';
}

export function describeHistoryEntry(e: HistoryEntry, t: Translate): HistoryRowText {
  return {
    what: what(e, t),
    detail: detail(e, t),
    status: STATUSES.includes(e.status) ? t(`history.status.${e.status}`) : e.status,
  };
}
