import { describe, expect, it } from 'vitest';
import { refOf } from './ledger-history';

describe('refOf ("Ask about this payment" on history rows)', () => {
  it('names the card payment, the crypto invoice or the withdrawal a movement belongs to', () => {
    expect(refOf('deposit', { method: 'card', payment: 'pay-1', processor: 'VLOAD' })).toEqual({ ref: { kind: 'payment', id: 'pay-1' } });
    expect(refOf('deposit', { method: 'crypto', invoice: 'guid-1', coin: 'btc' })).toEqual({ ref: { kind: 'invoice', id: 'guid-1' } });
    expect(refOf('withdrawal_hold', { withdrawalId: 'w-1', method: 'Bitcoin' })).toEqual({ ref: { kind: 'withdrawal', id: 'w-1' } });
    expect(refOf('withdrawal_release', { withdrawalId: 'w-1', outcome: 'cancelled' })).toEqual({ ref: { kind: 'withdrawal', id: 'w-1' } });
  });

  it('names nothing for other movements or without the id', () => {
    expect(refOf('tip', { host: 'h-1' })).toEqual({});
    expect(refOf('deposit', { method: 'card' })).toEqual({});
    expect(refOf('bonus', { deposit: 'x' })).toEqual({});
  });
});
