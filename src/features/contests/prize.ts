import type { ContestPrize } from '../../../core/contract/contests';
import type { Translator } from '../../i18n';

/** A contest prize in words (core/contest-prizes.ts): cash as an amount, a bonus named as one, an item (the iPad) never as money. */
export function prizeWords(p: ContestPrize, currency: string, t: Translator['t']): string {
  if (p.kind === 'item') return t(p.item === 'ipad' ? 'contest.prize.item.ipad' : 'contest.prize.item.other');
  return t(p.kind === 'bonus' ? 'contest.prize.bonus' : 'contest.prize.cash', { amount: p.amount ?? '', currency });
}
