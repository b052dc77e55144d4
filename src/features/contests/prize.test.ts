import { describe, expect, it } from 'vitest';
import { makeTranslator, registerMessages } from '../../i18n';
import { en } from '../../i18n/en';
import { ru } from '../../i18n/ru';
import { messages } from './messages';
import { messages as notificationMessages } from '../notifications/messages';
import { CONTEST_PRIZE_KINDS, PRIZE_ITEMS } from '../../../core/contest-prizes';
import { prizeWords } from './prize';

registerMessages(messages);
const enT = makeTranslator('en', en).t;
const ruT = makeTranslator('ru', ru).t;

describe('prizeWords', () => {
  it('writes a cash or bonus prize with core/format in the page language', () => {
    expect(prizeWords({ kind: 'cash', amount: '10000.00', item: null }, 'USD', enT, 'en')).toBe('$10,000.00');
    expect(prizeWords({ kind: 'cash', amount: '10000.00', item: null }, 'USD', ruT, 'ru')).toBe('10\u00a0000,00\u00a0$');
    expect(prizeWords({ kind: 'bonus', amount: '1000.00', item: null }, 'EUR', enT, 'en')).toBe('€1,000.00 bonus');
    expect(prizeWords({ kind: 'bonus', amount: '1000.00', item: null }, 'EUR', ruT, 'ru')).toBe('бонус 1\u00a0000,00\u00a0€');
  });

  it('names an item, never as money', () => {
    expect(prizeWords({ kind: 'item', amount: null, item: 'ipad' }, 'USD', enT, 'en')).toBe('iPad (a gift, not money)');
  });
});

describe('prize texts for the tables of core/contest-prizes.ts', () => {
  it.each(['en', 'ru'] as const)('%s names every prize kind and every item, on the contest page and in the notification', (lang) => {
    const page: Record<string, string> = messages[lang];
    const bell: Record<string, string> = notificationMessages[lang];
    const needed = [
      ...CONTEST_PRIZE_KINDS.filter((k) => k !== 'item').map((k) => `contest.prize.${k}`),
      ...PRIZE_ITEMS.map((item) => `contest.prize.item.${item}`),
      'contest.prize.item.other',
    ];
    expect(needed).toHaveLength(4);
    expect(needed.filter((key) => !page[key])).toEqual([]);
    expect(PRIZE_ITEMS.filter((item) => !bell[`notifications.item.${item}`])).toEqual([]);
  });
});
