import { describe, expect, it } from 'vitest';
import { cardProblem, splitName } from './card';
import { describeCard, groupCardNumber, luhn } from '../../core/card-facts';

const base = { name: 'Jean Dupont', cvv: '123', expMonth: '12', expYear: '2027', country: 'FR', currency: 'EUR', jcb: false, year: 2026, month: 11 };

describe('card facts', () => {
  it('normalises the number and finds the type with credit-card-type', () => {
    expect(describeCard('4111-1111 1111 1111')).toEqual({ digits: '4111111111111111', type: 'visa', lengths: [16, 18, 19], luhn: true });
    expect(describeCard('5555 5555 5555 4444').type).toBe('mastercard');
    expect(describeCard('3530 1113 3330 0000').type).toBe('jcb');
    expect(describeCard('').type).toBe('');
  });

  it('checks Luhn', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(luhn('41a1')).toBe(false);
  });

  it('groups digits in fours for display', () => {
    expect(groupCardNumber('41111111-11111111')).toBe('4111 1111 1111 1111');
  });

  it('splits the holder name on a space or a comma', () => {
    expect(splitName('Jean Pierre Dupont')).toEqual({ fn: 'Jean', ln: 'Pierre Dupont' });
    expect(splitName(' Dupont,Jean ')).toEqual({ fn: 'Dupont', ln: 'Jean' });
    expect(splitName('')).toEqual({ fn: '', ln: '' });
  });

  it('gives the first problem in the order a person reads the form', () => {
    expect(cardProblem({ ...base, name: '', card: describeCard('') })?.msg.key).toBe('card.required');
    expect(cardProblem({ ...base, card: describeCard('378282246310005') })?.msg.key).toBe('card.invalid_type');
    expect(cardProblem({ ...base, jcb: true, card: describeCard('4111111111111111') })?.msg.key).toBe('card.invalid_type');
    expect(cardProblem({ ...base, card: describeCard('41111111111111') })?.msg).toEqual({ key: 'card.length_many', params: { list: '16, 18', last: 19 } });
    expect(cardProblem({ ...base, card: describeCard('4111111111111112') })?.msg.key).toBe('card.luhn');
    expect(cardProblem({ ...base, expYear: '2026', expMonth: '10', card: describeCard('4111111111111111') })).toEqual({ field: 'month', msg: { key: 'card.expired' } });
    expect(cardProblem({ ...base, cvv: '12', card: describeCard('4111111111111111') })?.field).toBe('cvv');
    expect(cardProblem({ ...base, card: describeCard('4111111111111111') })).toBeNull();
    expect(cardProblem({ ...base, jcb: true, card: describeCard('3530111333300000') })).toBeNull();
  });
});
