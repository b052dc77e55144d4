import { describe, expect, it } from 'vitest';
import { classify, hardDeclineKey, type Outcome } from './classify';
import type { ProcessorReply } from './processors';

/**
 * The whole outcome of each reply, compared exactly (classify.test.ts reads the rules by kind and
 * stop): every field the cascade reads (the code it logs, the uid listen polls, the skipped
 * processors, the message key) is part of the rule.
 */
const soft = { fixed: false };
const declined = { key: 'cascade.declined' };
const hard = (key: string, code: string): Outcome => ({ kind: 'declined', stop: true, msg: { key }, code });

describe('hard declines: every code and every text of the table', () => {
  it.each([
    ['04', 'cascade.hard.pickup'],
    ['07', 'cascade.hard.pickup'],
    ['41', 'cascade.hard.lost'],
    ['43', 'cascade.hard.lost'],
    ['14', 'cascade.hard.invalid_number'],
    ['54', 'cascade.hard.expired'],
    ['15', 'cascade.hard.no_card'],
    ['56', 'cascade.hard.no_card'],
    ['62', 'cascade.hard.disabled'],
    ['55', 'cascade.hard.pin'],
    ['51', 'cascade.hard.insufficient'],
    ['59', 'cascade.hard.fraud'],
    ['0007', 'cascade.hard.pickup'],
    ['015', 'cascade.hard.no_card'],
  ])('ISO code %s → %s', (code, key) => {
    expect(hardDeclineKey(code)).toBe(key);
  });

  it.each([
    ['Not sufficient funds', 'cascade.hard.insufficient'],
    ['Insufficient funds', 'cascade.hard.insufficient'],
    ['Incorrect PIN', 'cascade.hard.pin'],
    ['No such card', 'cascade.hard.no_card'],
    ['Your card is disabled', 'cascade.hard.disabled'],
    ['Expired card', 'cascade.hard.expired'],
    ['Lost card', 'cascade.hard.lost'],
    ['Stolen card', 'cascade.hard.lost'],
    ['Pick up card', 'cascade.hard.pickup'],
    ['Pickup card', 'cascade.hard.pickup'],
    ['Invalid card number', 'cascade.hard.invalid_number'],
    ['Suspected fraud', 'cascade.hard.fraud'],
  ])('text %s → %s', (text, key) => {
    expect(hardDeclineKey(undefined, text)).toBe(key);
  });

  it('a code is an ISO code only when it is two to four digits and nothing else', () => {
    // a hard code's digits at the end of something that is not a code, or after a fifth digit
    for (const code of ['A051', 'x51', '12351', '00051', '51x', '5', '']) expect(hardDeclineKey(code), code).toBeNull();
    // an ISO code that is not hard, with a hard text: the text decides
    expect(hardDeclineKey('91', 'Expired card')).toBe('cascade.hard.expired');
  });

  it('do not honor only from an ISO code: 05, 0005; not A005, x05, 12305', () => {
    expect(classify({ proc: 'PFS', code: '0005' }, soft)).toEqual({ kind: 'doNotHonor', code: '0005' });
    expect(classify({ proc: 'ZOOM', result: 2, hostCode: '05' }, soft)).toEqual({ kind: 'doNotHonor', code: '05' });
    for (const code of ['A005', 'x05', '12305', '05x']) {
      expect(classify({ proc: 'PFS', code }, soft), code).toEqual({ kind: 'declined', stop: false, msg: declined, code });
    }
  });

  it('a hard decline carries its code, or the text when there is no code', () => {
    expect(classify({ proc: 'ZOOM', result: 2, hostCode: '51' }, soft)).toEqual(hard('cascade.hard.insufficient', '51'));
    expect(classify({ proc: 'PFS', code: '0054', message: 'Expired card' }, soft)).toEqual(hard('cascade.hard.expired', '0054'));
    expect(classify({ proc: 'ORANGE', status: 'failed', message: 'Not sufficient funds' }, soft)).toEqual(hard('cascade.hard.insufficient', 'Not sufficient funds'));
    expect(classify({ proc: 'PFS', code: '0091', message: 'Lost card' }, soft)).toEqual(hard('cascade.hard.lost', '0091'));
  });
});

const cases: ReadonlyArray<[string, ProcessorReply, Outcome]> = [
  // PFS
  ['PFS pending without a uid', { proc: 'PFS', code: '0008' }, { kind: 'pending', uid: '' }],
  ['PFS soft decline', { proc: 'PFS', code: '0091', message: 'Issuer unavailable' }, { kind: 'declined', stop: false, msg: declined, code: '0091' }],
  // Orange
  ['Orange pending without an id', { proc: 'ORANGE', status: 'pending' }, { kind: 'pending', uid: '' }],
  ['Orange soft failure: no code', { proc: 'ORANGE', status: 'failed', message: 'Try later' }, { kind: 'declined', stop: false, msg: declined, code: '' }],
  // Concept
  ['Concept lower-case approved', { proc: 'CONCEPT', status: 'approved' }, { kind: 'approved' }],
  ['Concept pending without a txid', { proc: 'CONCEPT', status: 'PENDING' }, { kind: 'pending', uid: '' }],
  ['Concept redirect', { proc: 'CONCEPT', status: 'redirect', redirect: { url: '/concept/page' } }, { kind: 'redirect', url: '/concept/page' }],
  ['Concept redirect without a page', { proc: 'CONCEPT', status: 'REDIRECT' }, { kind: 'declined', stop: false, msg: declined, code: '' }],
  ['Concept redirect with an empty url', { proc: 'CONCEPT', status: 'REDIRECT', redirect: { url: '' } }, { kind: 'declined', stop: false, msg: declined, code: '' }],
  ['Concept declined with a page', { proc: 'CONCEPT', status: 'DECLINED', redirect: { url: '/concept/page' } }, { kind: 'declined', stop: false, msg: declined, code: '' }],
  ['Concept code 003', { proc: 'CONCEPT', status: 'DECLINED', error: { msg: 'x', code: '003' } }, { kind: 'declined', stop: true, msg: { key: 'cascade.concept_support' }, code: '003' }],
  ['Concept blacklisted', { proc: 'CONCEPT', status: 'DECLINED', error: { msg: 'Card BLACKLISTED', code: '099' } }, { kind: 'declined', stop: true, msg: { key: 'cascade.concept_support' }, code: '099' }],
  ['Concept other message', { proc: 'CONCEPT', status: 'DECLINED', error: { msg: 'Limit reached', code: '061' } }, { kind: 'declined', stop: false, msg: { key: '', fallback: 'Limit reached' }, code: '061' }],
  ['Concept error with an empty message', { proc: 'CONCEPT', status: 'DECLINED', error: { msg: '', code: '061' } }, { kind: 'declined', stop: false, msg: declined, code: '061' }],
  ['Concept hard by its message', { proc: 'CONCEPT', status: 'DECLINED', error: { msg: 'Stolen card', code: '' } }, hard('cascade.hard.lost', '')],
  // Skrill
  ['Skrill pending without an id', { proc: 'SKRILL', status: 0 }, { kind: 'pending', uid: '' }],
  ['Skrill pending', { proc: 'SKRILL', status: 0, transaction_id: 's-1' }, { kind: 'pending', uid: 's-1' }],
  ['Skrill cancelled', { proc: 'SKRILL', status: -1 }, { kind: 'declined', stop: false, msg: declined, code: '-1' }],
  // EZPAY
  ['EZPAY lower-case approved', { proc: 'EZPAY', status: 'approved' }, { kind: 'approved' }],
  ['EZPAY pending', { proc: 'EZPAY', status: 'pending' }, { kind: 'pending', uid: '' }],
  ['EZPAY redirect without a page', { proc: 'EZPAY', status: 'REDIRECT' }, { kind: 'declined', stop: false, msg: declined, code: '' }],
  ['EZPAY declined with a page', { proc: 'EZPAY', status: 'DECLINED', redirect: '/ezpay/page' }, { kind: 'declined', stop: false, msg: declined, code: '' }],
  ['EZPAY soft decline with its code', { proc: 'EZPAY', status: 'DECLINED', code: '91' }, { kind: 'declined', stop: false, msg: declined, code: '91' }],
  // Meiko
  ['Meiko pending without an id', { proc: 'MEIKO', return: true, status: 0 }, { kind: 'pending', uid: '' }],
  ['Meiko pending', { proc: 'MEIKO', return: true, status: 0, transaction_id: 'm-1' }, { kind: 'pending', uid: 'm-1' }],
  ['Meiko status 1 without return', { proc: 'MEIKO', return: false, status: 1 }, { kind: 'declined', stop: false, msg: declined, code: '' }],
  ['Meiko status 0 without return', { proc: 'MEIKO', return: false, status: 0 }, { kind: 'declined', stop: false, msg: declined, code: '' }],
  ['Meiko decline naming the bank', { proc: 'MEIKO', return: true, status: 2, bank: 'Sandbox Bank', code: '91' }, { kind: 'declined', stop: false, msg: { key: 'cascade.declined_bank', params: { bank: 'Sandbox Bank' } }, code: '91' }],
  // Zoom
  ['Zoom token error', { proc: 'ZOOM', result: 2, error: 'token' }, { kind: 'declined', stop: false, msg: declined, code: 'token', skip: ['EZPAY'] }],
  ['Zoom pending', { proc: 'ZOOM', result: 1, transaction_id: 'z-1' }, { kind: 'pending', uid: 'z-1' }],
  ['Zoom pending without an id', { proc: 'ZOOM', result: 1 }, { kind: 'pending', uid: '' }],
  ['Zoom other error', { proc: 'ZOOM', result: 2, error: 'timeout', hostCode: '91' }, { kind: 'declined', stop: false, msg: declined, code: '91' }],
  // Entropay
  ['Entropay pending after its dialog', { proc: 'ENTROPAY', return: true, status: 'pending' }, { kind: 'pending', uid: '' }],
  ['Entropay declined after its dialog', { proc: 'ENTROPAY', return: true, status: 'declined', code: '91' }, { kind: 'declined', stop: false, msg: declined, code: '91' }],
  ['Entropay do not honor after its dialog', { proc: 'ENTROPAY', return: true, status: 'declined', code: '05' }, { kind: 'doNotHonor', code: '05' }],
  ['Entropay other answer', { proc: 'ENTROPAY', return: 'no' }, { kind: 'declined', stop: false, msg: declined, code: 'no' }],
  // Shape
  ['Shape pending after its invoice', { proc: 'SHAPE', return: true, guid: 'g-1', status: 'pending' }, { kind: 'pending', uid: 'g-1' }],
  ['Shape pending without a guid', { proc: 'SHAPE', return: true, status: 'pending' }, { kind: 'pending', uid: '' }],
  ['Shape without a guid', { proc: 'SHAPE', return: true }, { kind: 'declined', stop: false, msg: declined, code: 'return' }],
  ['Shape not started, with a guid', { proc: 'SHAPE', return: false, guid: 'g-1' }, { kind: 'declined', stop: false, msg: declined, code: 'return' }],
  // Vload
  ['Vload approved after its page', { proc: 'VLOAD', return: true, redirect: '/api/vload/start', status: 'approved' }, { kind: 'approved' }],
  ['Vload pending after its page', { proc: 'VLOAD', return: true, redirect: '/api/vload/start', status: 'pending' }, { kind: 'pending', uid: '' }],
  ['Vload without a page', { proc: 'VLOAD', return: true }, { kind: 'declined', stop: false, msg: declined, code: 'return' }],
  ['Vload not started, with a page', { proc: 'VLOAD', return: false, redirect: '/api/vload/start' }, { kind: 'declined', stop: false, msg: declined, code: 'return' }],
  // the fraud step
  ['fraud: fail limit', { proc: 'FRAUD', fail_limit: true }, { kind: 'declined', stop: true, msg: { key: 'cards.limit' }, code: 'fail_limit' }],
  ['fraud: day limit', { proc: 'FRAUD', day_limit: true }, { kind: 'declined', stop: true, msg: { key: 'cards.day_limit_reached' }, code: 'day_limit' }],
  ['fraud: bad card', { proc: 'FRAUD', bad_card: true }, { kind: 'declined', stop: true, msg: { key: 'cards.bad_card' }, code: 'bad_card' }],
  ['fraud: a reason with its text', { proc: 'FRAUD', reason: true, message: 'Card country differs' }, { kind: 'declined', stop: true, msg: { key: '', fallback: 'Card country differs' }, code: 'reason' }],
  ['fraud: a reason without a text', { proc: 'FRAUD', reason: true }, { kind: 'declined', stop: true, msg: { key: 'cards.reason' }, code: 'reason' }],
];

describe('every processor: the exact outcome (spec 000 §4)', () => {
  it.each(cases)('%s', (_, reply, outcome) => {
    expect(classify(reply, soft)).toEqual(outcome);
  });

  it('EZPAY with the fixed flag: a soft failure stops, keeping its code', () => {
    expect(classify({ proc: 'EZPAY', status: 'DECLINED', code: '91' }, { fixed: true })).toEqual({ kind: 'declined', stop: true, msg: declined, code: '91' });
  });
});
