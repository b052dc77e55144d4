import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from './contract/trading';
import { describeHistoryEntry, historyWords } from './history-text';

const row = (over: Partial<HistoryEntry>): HistoryEntry => ({ id: 'ledger-1', type: 'deposit', status: 'completed', amount: '125.00', balanceAfter: '1125.00', currency: 'USD', tradeId: null, note: '', createdAt: 0, source: 'ledger', ...over });

describe('crypto exceptions (issue 32 §1) in the trader’s words', () => {
  it('a credited short, late or over payment is a crypto deposit said with its kind; a plain one stays plain', () => {
    const en = historyWords('en');
    expect(describeHistoryEntry(row({ method: 'crypto', detail: 'Bitcoin', outcome: 'short' }), en).what).toBe('Deposit in crypto (Bitcoin): paid short, credited for what arrived');
    expect(describeHistoryEntry(row({ method: 'crypto', detail: 'Bitcoin', outcome: 'late' }), en).what).toBe('Deposit in crypto (Bitcoin): paid late, credited at the rate of its arrival');
    expect(describeHistoryEntry(row({ method: 'crypto', detail: 'Bitcoin', outcome: 'over' }), historyWords('ru')).what).toBe('Пополнение криптовалютой (Bitcoin): переплата зачислена');
    expect(describeHistoryEntry(row({ method: 'crypto', detail: 'Bitcoin' }), en).what).toBe('Deposit in crypto (Bitcoin)');
  });

  it('a held, claimed, refunded or rejected payment is a row of its own with its kind as the detail', () => {
    const en = historyWords('en');
    const exception = (outcome: string, status = 'pending') => row({ type: 'crypto_exception', status, amount: '0.00194553', balanceAfter: null, currency: 'BTC', method: 'over', detail: 'Bitcoin', outcome });
    expect(describeHistoryEntry(exception('refunded', 'completed'), en)).toEqual({ what: 'Crypto refund sent (Bitcoin)', detail: 'Paid over', status: 'Completed' });
    expect(describeHistoryEntry(exception('claimed'), en).what).toBe('Crypto refund claimed, awaiting approval (Bitcoin)');
    expect(describeHistoryEntry(exception('held'), en).what).toBe('Crypto payment held for a refund (Bitcoin)');
    expect(describeHistoryEntry(exception('rejected'), historyWords('ru'))).toEqual({ what: 'Запрос возврата криптовалюты отклонён (Bitcoin)', detail: 'Переплата', status: 'В обработке' });
  });
});
