import type { HistoryEntry } from '../../../core/contract';
import type { Translate as T } from '../../../core/history-text';
import { formatAmount } from '../shared/money';

/**
 * A history row in the trader's words: core/history-text.ts (the statement writes the same words);
 * the view passes the reports area's translator, whose dictionary holds HISTORY_WORDS.
 */
export { describeHistoryEntry, type HistoryRowText } from '../../../core/history-text';

/** the filter's choices: every type a row can have */
export const HISTORY_TYPES = ['deposit', 'withdrawal', 'tip', 'bonus', 'prize', 'transfer', 'trade', 'payout', 'refund'] as const;

/** "+$250.00", "-$10.00", "$0.00", "+0.50000 BTC": the amount with its sign (core/format), never through a float */
export const formatSignedAmount = (amount: string, currency: string, lang = 'en'): string => formatAmount(amount, currency, lang, { plus: true });

/** The balance after a row: of the trading account, or said to be the bonus balance's; '—' when the source gave none. */
export function formatBalanceAfter(e: HistoryEntry, t: T, lang = 'en'): string {
  if (e.balanceAfter === null) return '—';
  const amount = formatAmount(e.balanceAfter, e.currency, lang);
  return e.account === 'bonus' ? t('history.balance.bonus', { amount }) : amount;
}
