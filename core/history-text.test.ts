import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from './contract/trading';
import { describeHistoryEntry, historyWords } from './history-text';

const row = (over: Partial<HistoryEntry>): HistoryEntry => ({ id: 'ledger-1', type: 'deposit', status: 'completed', amount: '-100.00', balanceAfter: '150.00', currency: 'USD', tradeId: null, note: '', createdAt: 0, source: 'ledger', ...over });

describe('a deposit taken back (issue 32 §2) in the trader’s words', () => {
  it('a card refund and a chargeback name the processor; a wallet’s name its method; in English and Russian', () => {
    const en = historyWords('en');
    const ru = historyWords('ru');
    expect(describeHistoryEntry(row({ type: 'payment_refund', method: 'card', detail: 'ORANGE' }), en).what).toBe('Card deposit refunded (ORANGE)');
    expect(describeHistoryEntry(row({ type: 'chargeback', method: 'card', detail: 'PFS' }), en).what).toBe('Card deposit charged back (PFS)');
    expect(describeHistoryEntry(row({ type: 'payment_refund', method: 'skrill' }), en).what).toBe('Deposit refunded · Skrill');
    expect(describeHistoryEntry(row({ type: 'chargeback', method: 'skrill' }), en).what).toBe('Deposit charged back · Skrill');
    expect(describeHistoryEntry(row({ type: 'payment_refund', method: 'card', detail: 'ORANGE' }), ru).what).toBe('Возврат пополнения картой (ORANGE)');
    expect(describeHistoryEntry(row({ type: 'chargeback', method: 'skrill' }), ru).what).toBe('Чарджбэк пополнения · Skrill');
    expect(describeHistoryEntry(row({ type: 'chargeback', method: 'card', detail: 'PFS' }), en).status).toBe('Completed');
  });
});
