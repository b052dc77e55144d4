import { describe, expect, it } from 'vitest';
import { makeTranslator, registerMessages } from '../../i18n';
import { en } from '../../i18n/en';
import { ru } from '../../i18n/ru';
import { messages } from './messages';
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
