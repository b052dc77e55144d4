import type { ContestPrize } from '../../../core/contract/contests';
import { isPrizeItem } from '../../../core/contest-prizes';
import { formatAmount } from '../../flows/shared/money';
import type { Translator } from '../../i18n';

/**
 * A contest prize in words (core/contest-prizes.ts): cash as an amount, a bonus named as one, an
 * item (the iPad) never as money. Amounts are written by core/format in the page's language
 * (en "$10,000.00", ru "10 000,00 $").
 */
export function prizeWords(p: ContestPrize, currency: string, t: Translator['t'], lang = 'en'): string {
  if (p.kind === 'item') return t(isPrizeItem(p.item) ? `contest.prize.item.${p.item}` : 'contest.prize.item.other');
  return t(p.kind === 'bonus' ? 'contest.prize.bonus' : 'contest.prize.cash', { amount: formatAmount(p.amount ?? '', currency, lang) });
}
