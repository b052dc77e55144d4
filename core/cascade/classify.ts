import { literal, msg, type Msg } from '../message';
import type { Processor, ProcessorReply } from './processors';

/**
 * What one processor's reply means for the cascade. Every rule of spec 000 §4 and §8 about
 * per-processor answers is here, plus the card schemes' retry rules (spec README §4): a hard
 * decline stops the cascade whatever processor returned it.
 */
export type Outcome =
  | { kind: 'approved' }
  /** not final yet: listen (poll) with this processor transaction id */
  | { kind: 'pending'; uid: string }
  /** the processor's own page (3-D Secure, hosted payment page, invoice) */
  | { kind: 'redirect'; url: string }
  | { kind: 'entropayStart' }
  | { kind: 'entropayCvv' }
  /** the issuer said "do not honor": the honest dialog, no further processor */
  | { kind: 'doNotHonor'; code: string }
  /**
   * not approved. stop: no further processor (hard decline, a no-cascade message, EZPAY with
   * its fixed flag); otherwise the next processor runs. skip: processors to mark as tried too.
   */
  | { kind: 'declined'; stop: boolean; msg: Msg; code: string; skip?: Processor[] }
  /** the fraud step of the stack found nothing: the next processor runs */
  | { kind: 'passed' };

/** What a classification may depend on besides the reply. */
export interface ClassifyFacts {
  /** the fixed flag of the stored payment; EZPAY failures cascade only when it is false (spec: fixed flag 0) */
  fixed: boolean;
}

/**
 * Hard declines (ISO 8583 response codes) and the reason shown for each. Retrying such a card
 * on another processor is against the card schemes' rules and never helps the card holder.
 */
const HARD_CODES: Readonly<Record<string, string>> = {
  '04': 'cascade.hard.pickup',
  '07': 'cascade.hard.pickup',
  '41': 'cascade.hard.lost',
  '43': 'cascade.hard.lost',
  '14': 'cascade.hard.invalid_number',
  '54': 'cascade.hard.expired',
  '15': 'cascade.hard.no_card',
  '56': 'cascade.hard.no_card',
  '62': 'cascade.hard.disabled',
  '55': 'cascade.hard.pin',
  '51': 'cascade.hard.insufficient',
  '59': 'cascade.hard.fraud',
};
export const DO_NOT_HONOR = '05';

/** Orange's failure messages that stop the cascade (spec 000 §8), and the schemes' others, matched case-insensitively. */
const HARD_TEXTS: ReadonlyArray<[RegExp, string]> = [
  [/not sufficient funds|insufficient funds/i, 'cascade.hard.insufficient'],
  [/incorrect pin/i, 'cascade.hard.pin'],
  [/no such card/i, 'cascade.hard.no_card'],
  [/card is disabled/i, 'cascade.hard.disabled'],
  [/expired card/i, 'cascade.hard.expired'],
  [/lost card|stolen card/i, 'cascade.hard.lost'],
  [/pick ?up card/i, 'cascade.hard.pickup'],
  [/invalid card number/i, 'cascade.hard.invalid_number'],
  [/suspected fraud/i, 'cascade.hard.fraud'],
];

/** The reason key of a hard decline, or null: from an ISO code (two digits, or PFS's four with 00 in front) or a text. */
export function hardDeclineKey(code: string | undefined, text?: string): string | null {
  const iso = code && /^\d{2,4}$/.test(code) ? code.slice(-2) : '';
  if (iso && HARD_CODES[iso]) return HARD_CODES[iso];
  for (const [re, key] of HARD_TEXTS) if (text && re.test(text)) return key;
  return null;
}

const isoOf = (code: string | undefined): string => (code && /^\d{2,4}$/.test(code) ? code.slice(-2) : '');

/** A decline: hard → stop with its reason; do not honor → the dialog; otherwise the given decision. */
function decline(code: string | undefined, text: string | undefined, soft: { stop: boolean; msg: Msg; skip?: Processor[] }): Outcome {
  if (isoOf(code) === DO_NOT_HONOR) return { kind: 'doNotHonor', code: code ?? '' };
  const hard = hardDeclineKey(code, text);
  if (hard) return { kind: 'declined', stop: true, msg: msg(hard), code: code ?? text ?? '' };
  return { kind: 'declined', code: code ?? '', ...soft };
}

const declined = msg('cascade.declined');
const next = { stop: false, msg: declined };

function afterDialog(status: 'approved' | 'declined' | 'pending', code: string | undefined, uid: string): Outcome {
  if (status === 'approved') return { kind: 'approved' };
  if (status === 'pending') return { kind: 'pending', uid };
  return decline(code, undefined, next);
}

/** The cascade's reading of one reply. Replies the rules do not know count as a soft decline. */
export function classify(reply: ProcessorReply, facts: ClassifyFacts): Outcome {
  switch (reply.proc) {
    case 'PFS':
      if (reply.code === '0000') return { kind: 'approved' };
      if (reply.redirect) return { kind: 'redirect', url: `/api/card/secure/pfs/${encodeURIComponent(reply.redirect)}` };
      if (reply.code === '0008') return { kind: 'pending', uid: reply.uid ?? '' };
      return decline(reply.code, reply.message, next);
    case 'ORANGE':
      if (reply.status === 'successful') return { kind: 'approved' };
      if (reply.status === 'pending') return { kind: 'pending', uid: reply.transaction_id ?? '' };
      return decline(undefined, reply.message, next);
    case 'CONCEPT': {
      const status = reply.status.toUpperCase();
      if (status === 'APPROVED') return { kind: 'approved' };
      if (status === 'PENDING') return { kind: 'pending', uid: reply.txid ?? '' };
      if (status === 'REDIRECT' && reply.redirect?.url) return { kind: 'redirect', url: reply.redirect.url };
      const error = reply.error;
      // the blacklisting answer (code 003) gets the spec's support text and ends the cascade
      if (error && (error.code === '003' || /blacklist/i.test(error.msg))) {
        return { kind: 'declined', stop: true, msg: msg('cascade.concept_support'), code: error.code };
      }
      return decline(error?.code, error?.msg, { stop: false, msg: error?.msg ? literal(error.msg) : declined });
    }
    case 'SKRILL':
      if (reply.status === 2) return { kind: 'approved' };
      if (reply.status === 0) return { kind: 'pending', uid: reply.transaction_id ?? '' };
      return { kind: 'declined', stop: false, msg: declined, code: String(reply.status) };
    case 'EZPAY': {
      const status = reply.status.toUpperCase();
      if (status === 'APPROVED') return { kind: 'approved' };
      if (status === 'PENDING') return { kind: 'pending', uid: '' };
      if (status === 'REDIRECT' && reply.redirect) return { kind: 'redirect', url: reply.redirect };
      // failure cascades only if the stored fixed flag is 0
      return decline(reply.code, reply.message, { stop: facts.fixed, msg: declined });
    }
    case 'MEIKO':
      if (reply.return && reply.status === 1) return { kind: 'approved' };
      if (reply.return && reply.status === 0) return { kind: 'pending', uid: reply.transaction_id ?? '' };
      return decline(reply.code, undefined, {
        stop: false,
        msg: reply.bank ? msg('cascade.declined_bank', undefined, { bank: reply.bank }) : declined,
      });
    case 'ZOOM':
      if (reply.error === 'token') return { kind: 'declined', stop: false, msg: declined, code: 'token', skip: ['EZPAY'] };
      if (reply.result === 0) return { kind: 'approved' };
      if (reply.result === 1) return { kind: 'pending', uid: reply.transaction_id ?? '' };
      return decline(reply.hostCode, undefined, next);
    case 'ENTROPAY':
      if (reply.status) return afterDialog(reply.status, reply.code, '');
      if (reply.return === true) return { kind: 'entropayStart' };
      if (reply.return === 'pin') return { kind: 'entropayCvv' };
      return { kind: 'declined', stop: false, msg: declined, code: String(reply.return) };
    case 'SHAPE':
      if (reply.status) return afterDialog(reply.status, reply.code, reply.guid ?? '');
      if (reply.return && reply.guid) return { kind: 'redirect', url: `/api/shape/invoice/${encodeURIComponent(reply.guid)}` };
      return { kind: 'declined', stop: false, msg: declined, code: 'return' };
    case 'VLOAD':
      if (reply.status) return afterDialog(reply.status, reply.code, '');
      if (reply.return && reply.redirect) return { kind: 'redirect', url: reply.redirect };
      return { kind: 'declined', stop: false, msg: declined, code: 'return' };
    case 'FRAUD':
      if (reply.fail_limit) return { kind: 'declined', stop: true, msg: msg('cards.limit'), code: 'fail_limit' };
      if (reply.day_limit) return { kind: 'declined', stop: true, msg: msg('cards.day_limit_reached'), code: 'day_limit' };
      if (reply.bad_card) return { kind: 'declined', stop: true, msg: msg('cards.bad_card'), code: 'bad_card' };
      if (reply.reason) return { kind: 'declined', stop: true, msg: reply.message ? literal(reply.message) : msg('cards.reason'), code: 'reason' };
      return { kind: 'passed' };
  }
}

/** A reply is final when the processor will not change its answer (listen stops). */
export const isFinalReply = (reply: ProcessorReply, facts: ClassifyFacts): boolean => classify(reply, facts).kind !== 'pending';
