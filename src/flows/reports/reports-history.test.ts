import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../core/contract';
import { messages } from '../../features/reports/messages';
import { describeHistoryEntry, formatBalanceAfter, formatSignedAmount, HISTORY_TYPES } from './reports-history';

const translator = (lang: 'en' | 'ru') => (key: string, params: Record<string, string | number> = {}) => {
  const text = (messages[lang] as Record<string, string>)[key];
  if (text === undefined) throw new Error(`no ${lang} text for ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
};
const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'x', type: 'deposit', status: 'completed', amount: '1.00', balanceAfter: null, currency: 'USD', tradeId: null, note: '', createdAt: 0, source: 'ledger', ...over,
});

describe('history rows in the trader\'s words', () => {
  it('has an English and a Russian text for every kind, method and outcome', () => {
    const rows: Partial<HistoryEntry>[] = [
      { method: 'card', detail: 'VLOAD' }, { method: 'card' }, { method: 'crypto', detail: 'Bitcoin' }, { method: 'crypto' }, { method: 'sandbox' }, { method: 'demo' }, {},
      ...['pending', 'paid', 'cancelled', 'rejected'].map((outcome) => ({ type: 'withdrawal', amount: '-1.00', method: 'Credit Card', outcome })),
      ...['cancelled', 'rejected', undefined].map((outcome) => ({ type: 'withdrawal_return', method: 'Bitcoin_Cash', outcome })),
      { method: 'vload' }, { method: 'bank' }, { method: 'fiat' }, { method: 'neteller' },
      { type: 'tip', amount: '-1.00', detail: 'Anna' }, { type: 'bonus', detail: 'WELCOME' }, { type: 'prize', detail: 'November cup' },
      { type: 'bonus', method: 'giveaway', account: 'bonus' }, { type: 'bonus', method: 'risk_free', account: 'bonus' }, { type: 'bonus', method: 'iq', account: 'bonus' },
      { type: 'bonus_release' }, { type: 'bonus_forfeit', amount: '-1.00', account: 'bonus' },
      { type: 'transfer', amount: '-1.00' }, { type: 'transfer' },
      ...['trade', 'payout', 'refund'].map((type) => ({ type, source: 'platform' as const, detail: 'EURUSD', direction: 'up' as const })),
    ];
    for (const lang of ['en', 'ru'] as const) {
      const t = translator(lang);
      for (const row of rows) expect(() => describeHistoryEntry(entry(row), t), JSON.stringify(row)).not.toThrow();
      for (const type of HISTORY_TYPES) expect(t(`history.type.${type}`)).toBeTruthy();
    }
    const ru = translator('ru');
    expect(describeHistoryEntry(entry({ method: 'card', detail: 'VLOAD' }), ru).what).toBe('Пополнение картой (VLOAD)');
    expect(describeHistoryEntry(entry({ type: 'withdrawal', status: 'cancelled', outcome: 'cancelled', method: 'Bitcoin_Cash' }), ru)).toEqual({
      what: 'Вывод · отменён', detail: 'Bitcoin Cash', status: 'Отменено',
    });
    expect(describeHistoryEntry(entry({ type: 'withdrawal', outcome: 'paid', method: 'Credit Card' }), ru).detail).toBe('На банковскую карту');
    expect(describeHistoryEntry(entry({ type: 'transfer', amount: '-5.00' }), ru).what).toBe('Перевод на другой ваш счёт');
    expect(describeHistoryEntry(entry({ type: 'refund', source: 'platform', detail: 'GBPUSD', direction: 'down' }), ru)).toMatchObject({ what: 'Возврат ставки', detail: 'GBPUSD · Вниз' });
    // a kind nobody has named yet shows as it came, never blank
    expect(describeHistoryEntry(entry({ type: 'cashback', status: 'odd' }), ru)).toEqual({ what: 'cashback', detail: '—', status: 'odd' });
  });

  it('signs amounts through the money format, never a float', () => {
    expect(formatSignedAmount('1250.5', 'USD')).toBe('+$1,250.50');
    expect(formatSignedAmount('-0.1', 'EUR', 'ru')).toBe('-0,10\u00a0€');
    expect(formatSignedAmount('0.00', 'USD')).toBe('$0.00');
    expect(formatSignedAmount('0.123456789', 'BTC')).toBe('+0.12345\u00a0BTC');
    expect(formatSignedAmount('9007199254740993.01', 'USD')).toBe('+$9,007,199,254,740,993.01');
  });

  it('names the method of every deposit and says whose balance is after a bonus row', () => {
    const en = translator('en');
    const ru = translator('ru');
    expect(describeHistoryEntry(entry({ method: 'vload', amount: '100.00' }), en).what).toBe('Deposit · Vload voucher');
    expect(describeHistoryEntry(entry({ method: 'vload', amount: '100.00' }), ru).what).toBe('Пополнение · ваучер Vload');
    expect(describeHistoryEntry(entry({ method: 'bank' }), en).what).toBe('Deposit · Bank transfer');
    expect(describeHistoryEntry(entry({ method: 'neteller' }), en).what).toBe('Deposit · Neteller');
    expect(describeHistoryEntry(entry({ type: 'bonus', method: 'giveaway', account: 'bonus' }), en).what).toBe('Bonus · gift');
    expect(describeHistoryEntry(entry({ type: 'bonus_release' }), ru).what).toBe('Бонус переведён на торговый счёт');
    expect(formatBalanceAfter(entry({ type: 'bonus', balanceAfter: '25.00', account: 'bonus' }), en)).toBe('$25.00 (bonus balance)');
    expect(formatBalanceAfter(entry({ balanceAfter: '175.00' }), ru, 'ru')).toBe('175,00\u00a0$');
    expect(formatBalanceAfter(entry({ balanceAfter: null }), en)).toBe('—');
  });
});
