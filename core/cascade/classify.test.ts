import { describe, expect, it } from 'vitest';
import { classify, hardDeclineKey, isFinalReply, type Outcome } from './classify';
import type { ProcessorReply } from './processors';

const soft = { fixed: false };
const kind = (reply: ProcessorReply, facts = soft): Outcome['kind'] => classify(reply, facts).kind;
const stops = (reply: ProcessorReply, facts = soft): boolean => {
  const o = classify(reply, facts);
  return o.kind === 'declined' && o.stop;
};

describe('hard declines (card scheme retry rules, spec README §4)', () => {
  it.each([
    ['04', 'cascade.hard.pickup'],
    ['41', 'cascade.hard.lost'],
    ['43', 'cascade.hard.lost'],
    ['14', 'cascade.hard.invalid_number'],
    ['54', 'cascade.hard.expired'],
    ['56', 'cascade.hard.no_card'],
    ['62', 'cascade.hard.disabled'],
    ['55', 'cascade.hard.pin'],
    ['51', 'cascade.hard.insufficient'],
    ['59', 'cascade.hard.fraud'],
    ['0051', 'cascade.hard.insufficient'],
  ])('ISO code %s is hard: %s', (code, key) => {
    expect(hardDeclineKey(code)).toBe(key);
  });

  it.each(['05', '91', '96', '12', '0091', '', 'abc'])('code %s is not hard', (code) => {
    expect(hardDeclineKey(code)).toBeNull();
  });

  it("Orange's no-cascade messages are hard (spec 000 §8)", () => {
    for (const text of ['Not sufficient funds', 'Incorrect PIN', 'No such card', 'Your card is disabled', 'Expired card']) {
      expect(stops({ proc: 'ORANGE', status: 'failed', message: text }), text).toBe(true);
    }
    expect(stops({ proc: 'ORANGE', status: 'failed', message: 'Issuer unavailable' })).toBe(false);
  });

  it('a hard decline stops whatever processor returned it', () => {
    expect(stops({ proc: 'PFS', code: '0054' })).toBe(true);
    expect(stops({ proc: 'ZOOM', result: 2, hostCode: '41' })).toBe(true);
    expect(stops({ proc: 'CONCEPT', status: 'DECLINED', error: { msg: 'Stolen card', code: '43' } })).toBe(true);
    expect(stops({ proc: 'MEIKO', return: false, code: '59' })).toBe(true);
    expect(stops({ proc: 'EZPAY', status: 'DECLINED', code: '14' })).toBe(true);
    expect(stops({ proc: 'ENTROPAY', return: true, status: 'declined', code: '51' })).toBe(true);
  });
});

describe('per-processor replies (spec 000 §4)', () => {
  it('PFS: 0000 approved, 0008 listens with the uid, a 3-D Secure redirect, other codes cascade', () => {
    expect(classify({ proc: 'PFS', code: '0000' }, soft)).toEqual({ kind: 'approved' });
    expect(classify({ proc: 'PFS', code: '0008', uid: 'u-9' }, soft)).toEqual({ kind: 'pending', uid: 'u-9' });
    expect(classify({ proc: 'PFS', code: '0008', redirect: 'R5/x' }, soft)).toEqual({ kind: 'redirect', url: '/api/card/secure/pfs/R5%2Fx' });
    expect(classify({ proc: 'PFS', code: '0091' }, soft)).toMatchObject({ kind: 'declined', stop: false, code: '0091' });
  });

  it('Orange: successful, pending, failed', () => {
    expect(kind({ proc: 'ORANGE', status: 'successful' })).toBe('approved');
    expect(classify({ proc: 'ORANGE', status: 'pending', transaction_id: 't-1' }, soft)).toEqual({ kind: 'pending', uid: 't-1' });
    expect(classify({ proc: 'ORANGE', status: 'failed', message: 'Try later' }, soft)).toMatchObject({ kind: 'declined', stop: false });
  });

  it('Concept: APPROVED; code 003 or a blacklisting message gets the support text and stops; other messages shown as they come', () => {
    expect(kind({ proc: 'CONCEPT', status: 'APPROVED', txid: 'c-1' })).toBe('approved');
    expect(classify({ proc: 'CONCEPT', status: 'PENDING', txid: 'c-1' }, soft)).toEqual({ kind: 'pending', uid: 'c-1' });
    expect(classify({ proc: 'CONCEPT', status: 'REDIRECT', redirect: { url: '/x' } }, soft)).toEqual({ kind: 'redirect', url: '/x' });
    expect(classify({ proc: 'CONCEPT', status: 'DECLINED', error: { msg: 'Card is blacklisted', code: '099' } }, soft)).toMatchObject({
      stop: true,
      msg: { key: 'cascade.concept_support' },
    });
    expect(classify({ proc: 'CONCEPT', status: 'DECLINED', error: { msg: 'x', code: '003' } }, soft)).toMatchObject({ stop: true });
    expect(classify({ proc: 'CONCEPT', status: 'DECLINED', error: { msg: 'Limit reached at acquirer', code: '061' } }, soft)).toMatchObject({
      stop: false,
      msg: { key: '', fallback: 'Limit reached at acquirer' },
    });
  });

  it('Skrill: status 2 approved, 0 pending, others cascade', () => {
    expect(kind({ proc: 'SKRILL', status: 2 })).toBe('approved');
    expect(kind({ proc: 'SKRILL', status: 0 })).toBe('pending');
    expect(classify({ proc: 'SKRILL', status: -2 }, soft)).toMatchObject({ kind: 'declined', stop: false });
  });

  it('EZPAY: APPROVED; a failure cascades only when the fixed flag is 0', () => {
    expect(kind({ proc: 'EZPAY', status: 'APPROVED' })).toBe('approved');
    expect(classify({ proc: 'EZPAY', status: 'REDIRECT', redirect: '/sandbox/processor/t' }, soft)).toEqual({ kind: 'redirect', url: '/sandbox/processor/t' });
    expect(stops({ proc: 'EZPAY', status: 'DECLINED' }, { fixed: false })).toBe(false);
    expect(stops({ proc: 'EZPAY', status: 'DECLINED' }, { fixed: true })).toBe(true);
  });

  it('Meiko: return true with status 1 approved; a decline names the bank', () => {
    expect(kind({ proc: 'MEIKO', return: true, status: 1 })).toBe('approved');
    expect(kind({ proc: 'MEIKO', return: true, status: 0 })).toBe('pending');
    expect(classify({ proc: 'MEIKO', return: true, status: 2, bank: 'Sandbox Bank' }, soft)).toMatchObject({
      kind: 'declined',
      stop: false,
      msg: { key: 'cascade.declined_bank', params: { bank: 'Sandbox Bank' } },
    });
    expect(classify({ proc: 'MEIKO', return: false }, soft)).toMatchObject({ msg: { key: 'cascade.declined' } });
  });

  it('Zoom: result 0 approved; host code 05 is do-not-honor; 51 stops (insufficient funds); a token error skips EZPAY', () => {
    expect(kind({ proc: 'ZOOM', result: 0 })).toBe('approved');
    expect(classify({ proc: 'ZOOM', result: 2, hostCode: '05' }, soft)).toEqual({ kind: 'doNotHonor', code: '05' });
    expect(classify({ proc: 'ZOOM', result: 2, hostCode: '51' }, soft)).toMatchObject({ stop: true, msg: { key: 'cascade.hard.insufficient' } });
    expect(classify({ proc: 'ZOOM', result: 2, error: 'token' }, soft)).toMatchObject({ stop: false, skip: ['EZPAY'] });
    expect(classify({ proc: 'ZOOM', result: 2, hostCode: '91' }, soft)).toMatchObject({ stop: false });
  });

  it('do not honor (05) from any processor opens the honest dialog', () => {
    expect(kind({ proc: 'PFS', code: '0005' })).toBe('doNotHonor');
    expect(kind({ proc: 'EZPAY', status: 'DECLINED', code: '05' })).toBe('doNotHonor');
  });

  it('Entropay: true opens the start dialog, pin the CVV dialog, anything else cascades; after a dialog, its status', () => {
    expect(kind({ proc: 'ENTROPAY', return: true })).toBe('entropayStart');
    expect(kind({ proc: 'ENTROPAY', return: 'pin' })).toBe('entropayCvv');
    expect(classify({ proc: 'ENTROPAY', return: false }, soft)).toMatchObject({ kind: 'declined', stop: false, msg: { key: 'cascade.declined' } });
    expect(kind({ proc: 'ENTROPAY', return: true, status: 'approved' })).toBe('approved');
    expect(kind({ proc: 'ENTROPAY', return: true, status: 'pending' })).toBe('pending');
  });

  it('Shape: return true redirects to its invoice page by guid', () => {
    expect(classify({ proc: 'SHAPE', return: true, guid: 'g 1' }, soft)).toEqual({ kind: 'redirect', url: '/api/shape/invoice/g%201' });
    expect(kind({ proc: 'SHAPE', return: false })).toBe('declined');
    expect(kind({ proc: 'SHAPE', return: true, guid: 'g', status: 'approved' })).toBe('approved');
  });

  it('Vload: its page, then its status', () => {
    expect(classify({ proc: 'VLOAD', return: true, redirect: '/api/vload/start?amount=250' }, soft)).toEqual({ kind: 'redirect', url: '/api/vload/start?amount=250' });
    expect(kind({ proc: 'VLOAD', return: false })).toBe('declined');
    expect(kind({ proc: 'VLOAD', return: true, status: 'declined' })).toBe('declined');
  });

  it('the fraud step: each flag stops with its text, a clean answer passes', () => {
    expect(classify({ proc: 'FRAUD', fail_limit: true }, soft)).toMatchObject({ stop: true, msg: { key: 'cards.limit' } });
    expect(classify({ proc: 'FRAUD', bad_card: true }, soft)).toMatchObject({ stop: true, msg: { key: 'cards.bad_card' } });
    expect(classify({ proc: 'FRAUD', day_limit: true }, soft)).toMatchObject({ stop: true, msg: { key: 'cards.day_limit_reached' } });
    expect(classify({ proc: 'FRAUD', reason: true, message: 'Card country differs' }, soft)).toMatchObject({ stop: true, msg: { fallback: 'Card country differs' } });
    expect(classify({ proc: 'FRAUD' }, soft)).toEqual({ kind: 'passed' });
  });

  it('listen stops on anything but pending', () => {
    expect(isFinalReply({ proc: 'PFS', code: '0008' }, soft)).toBe(false);
    expect(isFinalReply({ proc: 'PFS', code: '0000' }, soft)).toBe(true);
    expect(isFinalReply({ proc: 'ORANGE', status: 'failed' }, soft)).toBe(true);
  });
});
