import { describe, expect, it } from 'vitest';
import { classify } from '../../../core/cascade/classify';
import type { ProcessorReply } from '../../../core/cascade/processors';
import { CardProcessor, ProcessorReplySchema } from '../../../core/contract';
import type { CardAttemptStatus } from '../../db/schema-card';
import { renderReply, type AttemptView } from './dialects';

const view = (processor: CardProcessor, status: CardAttemptStatus, code = '', message = ''): AttemptView => ({
  processor,
  uid: 'tx_0123456789abcdef01234567',
  paymentId: '00000000-0000-4000-8000-000000000000',
  status,
  code,
  message,
  amount: '300.00',
});
const outcome = (v: AttemptView, fixed = false) => {
  const reply = renderReply(v);
  expect(ProcessorReplySchema.safeParse(reply).success).toBe(true);
  return classify(reply as ProcessorReply, { fixed });
};
const CARD = CardProcessor.options.filter((p) => p !== 'FRAUD');
const WITH_CODES = CARD.filter((p) => p !== 'ORANGE' && p !== 'ORANGE_NOT3D');
const REDIRECTING: CardProcessor[] = ['PFS', 'CONCEPT', 'EZPAY', 'SHAPE', 'VLOAD'];

/** The server's rendering of each attempt state, read back by the cascade's own classify(). */
describe('processor dialects as the cascade reads them', () => {
  it('approved, pending and declined mean the same on every processor', () => {
    for (const p of CARD) {
      expect(outcome(view(p, 'approved')).kind, p).toBe('approved');
      expect(outcome(view(p, 'pending')).kind, p).toBe('pending');
      expect(outcome(view(p, 'declined', '91', 'Issuer or switch inoperative'))).toMatchObject({ kind: 'declined', stop: false });
    }
  });

  it('hard declines stop and do-not-honor opens the honest dialog wherever a code is carried', () => {
    for (const p of WITH_CODES) {
      expect(outcome(view(p, 'declined', '41', 'Lost card')), p).toMatchObject({ kind: 'declined', stop: true });
      expect(outcome(view(p, 'declined', '51', 'Not sufficient funds')), p).toMatchObject({ kind: 'declined', stop: true });
      expect(outcome(view(p, 'declined', '05', 'Do not honor')).kind, p).toBe('doNotHonor');
    }
    // Orange has no codes: its no-cascade messages (spec 000 §8) stop
    expect(outcome(view('ORANGE', 'declined', '51', 'Not sufficient funds'))).toMatchObject({ kind: 'declined', stop: true });
    expect(outcome(view('ORANGE_NOT3D', 'declined', '41', 'Lost card'))).toMatchObject({ kind: 'declined', stop: true });
  });

  it('redirects point at the pages the server serves', () => {
    const urls = REDIRECTING.map((p) => {
      const o = outcome(view(p, 'redirect'));
      expect(o.kind, p).toBe('redirect');
      return o.kind === 'redirect' ? o.url : '';
    });
    expect(urls).toEqual([
      '/api/card/secure/pfs/tx_0123456789abcdef01234567',
      '/api/payconcept/secure/tx_0123456789abcdef01234567',
      '/api/card/fast/ezpay/page/tx_0123456789abcdef01234567',
      '/api/shape/invoice/tx_0123456789abcdef01234567',
      '/api/vload/start?amount=300.00&payment=00000000-0000-4000-8000-000000000000',
    ]);
  });

  it("Entropay's dialogs, Zoom's token error and EZPAY's fixed flag", () => {
    expect(outcome(view('ENTROPAY', 'dialog', 'start')).kind).toBe('entropayStart');
    expect(outcome(view('ENTROPAY', 'dialog', 'cvv')).kind).toBe('entropayCvv');
    expect(outcome(view('ENTROPAY', 'declined', 'rejected'))).toMatchObject({ kind: 'declined', stop: false });
    expect(outcome(view('ZOOM', 'declined', 'token'))).toMatchObject({ kind: 'declined', stop: false, skip: ['EZPAY'] });
    expect(outcome(view('EZPAY', 'declined', '91'), true)).toMatchObject({ kind: 'declined', stop: true });
    expect(outcome(view('MEIKO', 'declined', '91'))).toMatchObject({ kind: 'declined', msg: { key: 'cascade.declined_bank' } });
  });
});
