import type { CardProcessor, ProcessorReplyWire } from '../../../core/contract';
import type { CardAttemptStatus } from '../../db/schema-card';

/** An attempt as the dialects need it. */
export interface AttemptView {
  processor: CardProcessor;
  uid: string;
  paymentId: string;
  status: CardAttemptStatus;
  /** declined: ISO code or processor word; dialog: 'start' or 'cvv'; 'token' for Zoom's token error */
  code: string;
  message: string;
  /** decimal string, for hosted-page addresses */
  amount: string;
}

/** The sandbox bank named in Meiko's decline (spec 000 §8: Meiko appends bank info). */
export const SANDBOX_BANK = 'Sandbox Bank';

const isoCode = (code: string): string | undefined => (/^\d{2}$/.test(code) ? code : undefined);

/** Where each hosted page of a redirect attempt lives (the sandbox's: server/sandbox/processors/page-routes.ts serves them). */
export function redirectUrl(a: AttemptView): string {
  const id = encodeURIComponent(a.uid);
  switch (a.processor) {
    case 'PFS':
      return `/api/card/secure/pfs/${id}`;
    case 'CONCEPT':
      return `/api/payconcept/secure/${id}`;
    case 'EZPAY':
      return `/api/card/fast/ezpay/page/${id}`;
    case 'SHAPE':
      return `/api/shape/invoice/${id}`;
    case 'ENTROPAY':
      return `/api/entro/redirect?amount=${encodeURIComponent(a.amount)}&payment=${encodeURIComponent(a.paymentId)}`;
    default:
      return `/api/vload/start?amount=${encodeURIComponent(a.amount)}&payment=${encodeURIComponent(a.paymentId)}`;
  }
}

/**
 * The attempt in its processor's own words (spec 000 §4), exactly what
 * machines/cascade/classify.ts reads. A 'dialog' attempt answers its dialog again, so a reload
 * while Entropay's dialog was open opens it again.
 */
export function renderReply(a: AttemptView): ProcessorReplyWire {
  const { status, code, message, uid } = a;
  switch (a.processor) {
    case 'PFS':
      if (status === 'approved') return { proc: 'PFS', code: '0000', uid };
      if (status === 'pending') return { proc: 'PFS', code: '0008', uid };
      if (status === 'redirect') return { proc: 'PFS', code: '0008', uid, redirect: uid };
      return { proc: 'PFS', code: isoCode(code) ? `00${code}` : '0096', uid, message };
    case 'ORANGE':
    case 'ORANGE_NOT3D':
      if (status === 'approved') return { proc: 'ORANGE', status: 'successful', transaction_id: uid };
      if (status === 'declined') return { proc: 'ORANGE', status: 'failed', message, transaction_id: uid };
      return { proc: 'ORANGE', status: 'pending', transaction_id: uid };
    case 'CONCEPT':
      if (status === 'approved') return { proc: 'CONCEPT', status: 'APPROVED', txid: uid };
      if (status === 'redirect') return { proc: 'CONCEPT', status: 'REDIRECT', txid: uid, redirect: { url: redirectUrl(a) } };
      if (status === 'declined') return { proc: 'CONCEPT', status: 'DECLINED', txid: uid, error: { msg: message, code } };
      return { proc: 'CONCEPT', status: 'PENDING', txid: uid };
    case 'EZPAY':
      if (status === 'approved') return { proc: 'EZPAY', status: 'APPROVED' };
      if (status === 'redirect') return { proc: 'EZPAY', status: 'REDIRECT', redirect: redirectUrl(a) };
      if (status === 'declined') return { proc: 'EZPAY', status: 'DECLINED', code, message };
      return { proc: 'EZPAY', status: 'PENDING' };
    case 'MEIKO':
      if (status === 'approved') return { proc: 'MEIKO', return: true, status: 1, transaction_id: uid };
      if (status === 'declined') return { proc: 'MEIKO', return: false, code, bank: SANDBOX_BANK, transaction_id: uid };
      return { proc: 'MEIKO', return: true, status: 0, transaction_id: uid };
    case 'ZOOM':
      if (status === 'approved') return { proc: 'ZOOM', result: 0, transaction_id: uid };
      if (status === 'declined' && code === 'token') return { proc: 'ZOOM', result: 2, error: 'token', transaction_id: uid };
      if (status === 'declined') return { proc: 'ZOOM', result: 2, hostCode: code, transaction_id: uid };
      return { proc: 'ZOOM', result: 1, transaction_id: uid };
    case 'ENTROPAY':
      if (status === 'dialog') return { proc: 'ENTROPAY', return: code === 'cvv' ? 'pin' : true };
      if (status === 'approved') return { proc: 'ENTROPAY', return: true, status: 'approved' };
      if (status === 'declined') return { proc: 'ENTROPAY', return: false, status: 'declined', code };
      return { proc: 'ENTROPAY', return: true, status: 'pending' };
    case 'SHAPE':
      if (status === 'redirect') return { proc: 'SHAPE', return: true, guid: uid };
      if (status === 'approved') return { proc: 'SHAPE', return: true, guid: uid, status: 'approved' };
      if (status === 'declined') return { proc: 'SHAPE', return: false, guid: uid, status: 'declined', code };
      return { proc: 'SHAPE', return: true, guid: uid, status: 'pending' };
    case 'VLOAD':
      if (status === 'redirect') return { proc: 'VLOAD', return: true, redirect: redirectUrl(a) };
      if (status === 'approved') return { proc: 'VLOAD', return: true, status: 'approved' };
      if (status === 'declined') return { proc: 'VLOAD', return: false, status: 'declined', code };
      return { proc: 'VLOAD', return: true, status: 'pending' };
    case 'FRAUD':
      return { proc: 'FRAUD' };
  }
}
