import { describe, expect, it } from 'vitest';
import { cardProblem, DEFAULT_COUNTRY, lengthMessage, splitName } from './card';

/** The card form's rules field by field, at their edges (mutation score, the model tries one good and one bad card). */
const visa = { digits: '4111111111111111', type: 'visa', lengths: [16, 18, 19], luhn: true };
const base = { name: 'Jean Dupont', card: visa, cvv: '123', expMonth: '12', expYear: '2027', country: 'FR', currency: 'EUR', jcb: false, year: 2026, month: 11 };

describe('card form rules', () => {
  it('an unknown geo gives France', () => {
    expect(DEFAULT_COUNTRY).toBe('FR');
  });

  it('a name split on a leading comma keeps the first real word', () => {
    expect(splitName(',Jean Dupont')).toEqual({ fn: 'Jean', ln: 'Dupont' });
    expect(splitName('Jean , Pierre')).toEqual({ fn: 'Jean', ln: 'Pierre' });
  });

  it('the length message lists the valid lengths in order, the last one apart', () => {
    expect(lengthMessage([19, 12, 13])).toEqual({ key: 'card.length_many', params: { list: '12, 13', last: 19 } });
    expect(lengthMessage([16])).toEqual({ key: 'card.length', params: { length: 16 } });
  });

  it('names each missing field, in the order a person reads the form', () => {
    const required = (field: string) => ({ field, msg: { key: 'card.required' } });
    expect(cardProblem({ ...base, name: ' , ' })).toEqual(required('name'));
    expect(cardProblem({ ...base, card: { ...visa, digits: '' } })).toEqual(required('number'));
    expect(cardProblem({ ...base, expMonth: '' })).toEqual(required('month'));
    expect(cardProblem({ ...base, expYear: '' })).toEqual(required('year'));
    expect(cardProblem({ ...base, cvv: '   ' })).toEqual(required('cvv'));
    expect(cardProblem({ ...base, country: '' })).toEqual(required('country'));
    expect(cardProblem({ ...base, currency: '' })).toEqual(required('currency'));
  });

  it('the number: digits only, an accepted type, a valid length, Luhn', () => {
    expect(cardProblem({ ...base, card: { ...visa, digits: '41111111x1111111' } })).toEqual({ field: 'number', msg: { key: 'card.digits_only' } });
    expect(cardProblem({ ...base, card: { ...visa, type: 'amex' } })).toEqual({ field: 'number', msg: { key: 'card.invalid_type' } });
    expect(cardProblem({ ...base, card: { ...visa, digits: '411111111111111', lengths: [16] } })).toEqual({ field: 'number', msg: { key: 'card.length', params: { length: 16 } } });
    expect(cardProblem({ ...base, card: { ...visa, luhn: false } })).toEqual({ field: 'number', msg: { key: 'card.luhn' } });
  });

  it('the expiry: this month still pays; a past month or year does not', () => {
    const expired = { field: 'month', msg: { key: 'card.expired' } };
    expect(cardProblem({ ...base, expYear: '2026', expMonth: '11' })).toBeNull();
    expect(cardProblem({ ...base, expYear: '2026', expMonth: '12' })).toBeNull();
    expect(cardProblem({ ...base, expYear: '2027', expMonth: '01' })).toBeNull();
    expect(cardProblem({ ...base, expYear: '2026', expMonth: '10' })).toEqual(expired);
    expect(cardProblem({ ...base, expYear: '2025', expMonth: '12' })).toEqual(expired);
  });

  it('the CVV: 3 or 4 digits, surrounding spaces ignored', () => {
    const bad = { field: 'cvv', msg: { key: 'card.cvv' } };
    expect(cardProblem({ ...base, cvv: ' 123 ' })).toBeNull();
    expect(cardProblem({ ...base, cvv: '1234' })).toBeNull();
    expect(cardProblem({ ...base, cvv: '12345' })).toEqual(bad);
    expect(cardProblem({ ...base, cvv: '12a' })).toEqual(bad);
  });
});
