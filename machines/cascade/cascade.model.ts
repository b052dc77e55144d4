import { cascadeMachine } from './cascade.machine';
import { entropayMachine } from './entropay.machine';
import { listenMachine } from '../listen/listen.machine';
import type { ActorCase, ActorOutcome, MachineModel } from '../../machine-kit/types';
import { isProcessor, PROCESSOR_TABLE, type ProcessorReply } from '../../core/cascade/processors';

/** the processor's own dialect speaks the reply (PROCESSOR_TABLE: Orange not-3D answers like Orange) */
const speaksFor = (processor: unknown, reply: ProcessorReply): boolean => typeof processor === 'string' && isProcessor(processor) && PROCESSOR_TABLE[processor].dialect === reply.proc;
/** the independent rule (spec 000 §4): a reply in an actor's output comes from the processor the actor was started for; errors may come from anyone */
const ownReply = (replyOf: (output: unknown) => ProcessorReply | null) => (input: unknown, outcome: ActorOutcome): boolean => {
  if (!('output' in outcome)) return true;
  const reply = replyOf(outcome.output);
  return reply === null || speaksFor((input as { processor?: unknown }).processor, reply);
};

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
const T = 1_700_000_000_000;
const payment = { id: '', key: 'k-1', amount: '250.00', currency: 'USD', fixed: false, bonus: true, promo: '', card: 'tok-1' };
const facts = { settings: [], country: 'MT', affsId: '', noVload: [], now: T };

/** the dialect a started actor's processor answers in (its `processor` input), or null */
const dialectOf = (input: unknown): string | null => {
  const processor = (input as { processor?: unknown } | null)?.processor;
  return typeof processor === 'string' && isProcessor(processor) ? PROCESSOR_TABLE[processor].dialect : null;
};
/** outcome cases tied to the processors that speak `dialect`: a processor answers only for itself */
const answersFor = (dialect: ProcessorReply['proc'], ...outcomes: ActorOutcome[]): ActorCase[] =>
  outcomes.map((outcome) => ({ ...outcome, when: (input: unknown) => dialectOf(input) === dialect }));
const started = (reply: ProcessorReply) => ({ output: { reply, at: T } });
const heard = (reply: ProcessorReply) => ({ output: { status: 'answered', reply } });

/**
 * The cascade: a new payment (Orange not-3D first, so the 6 s delay is on the path, then PFS and
 * the fraud step), a reload mid-listen, a reload between processors (Zoom, then Entropay after its
 * token failure skips EZPAY), a resumed run whose fraud check had not answered, and no processor
 * left (a new payment of a trader whose only processor never serves their country; a resumed run
 * of a partner without VLOAD). Every reply is tied to the processor being tried (classify.ts reads
 * them): Orange approves, leaves pending, declines softly or hard; PFS approves, is pending, sends
 * to 3-D Secure or declines; Zoom approves, says do-not-honor (05) or fails its token; Entropay
 * opens its start or CVV dialog or declines; the fraud step passes or stops. Any start may also
 * fail: refused, skipped as unhealthy (503), failed in transport (502), or no answer at all; a
 * payment on Meiko alone shows the ends those make (temporarily unavailable; the toast).
 */
export const cascadeModel: MachineModel = {
  machine: cascadeMachine,
  inputs: [
    { ...facts, user: 'ORANGE_NOT3D,PFS,FRAUD', payment },
    { ...facts, user: 'PFS,ZOOM', resume: { payment: { ...payment, id: 'p-1' }, tried: [], current: { processor: 'PFS', uid: 'u-1', deadline: T + 120_000 }, log: [], finished: false } },
    { ...facts, user: 'PFS,ZOOM,EZPAY,ENTROPAY', resume: { payment: { ...payment, id: 'p-1' }, tried: ['PFS'], current: null, log: [{ processor: 'PFS', result: 'declined', code: '0091' }], finished: false } },
    { ...facts, user: 'PFS', resume: { payment, tried: [], current: null, log: [], finished: false } },
    { ...facts, user: 'VLOAD', affsId: 'aff-7', noVload: ['aff-7'], resume: { payment: { ...payment, id: 'p-1' }, tried: [], current: null, log: [], finished: false } },
    // a new payment reaching Zoom's do-not-honor (host code 05) and both Entropay dialogs (what the UI can start: a
    // resumed run between processors is never on the page)
    { ...facts, user: 'ZOOM,ENTROPAY', payment },
    // a new payment on one processor (issue 32 §4, §5): skipped as unhealthy (every processor down), or its start failed in transport (the toast)
    { ...facts, user: 'MEIKO', payment },
    // a new payment with no processor left: PFS only, for a trader in one of the countries PFS never serves
    { ...facts, user: 'PFS', country: 'DE', payment },
  ],
  events: {
    'dialog.tab': [{ tab: 'bitcoin' }],
  },
  actors: {
    fraudCheck: [
      { output: { payment: 'p-1' } },
      { output: { day_limit: true, message: 'Daily limit' } },
      { output: { bad_card: true } },
      { error: http(400, 'amount.min', 'Wrong amount! Min deposit 250') },
      { error: { kind: 'network' } },
    ],
    startProcessor: [
      ...answersFor(
        'ORANGE',
        started({ proc: 'ORANGE', status: 'successful' }),
        started({ proc: 'ORANGE', status: 'pending', transaction_id: 'o-1' }),
        started({ proc: 'ORANGE', status: 'failed', message: 'Declined' }),
        started({ proc: 'ORANGE', status: 'failed', message: 'Expired card' }),
      ),
      ...answersFor(
        'PFS',
        started({ proc: 'PFS', code: '0000' }),
        started({ proc: 'PFS', code: '0008', uid: 'u-2' }),
        started({ proc: 'PFS', code: '0008', redirect: 'r5-token' }),
        started({ proc: 'PFS', code: '0091' }),
      ),
      ...answersFor(
        'ZOOM',
        started({ proc: 'ZOOM', result: 0 }),
        started({ proc: 'ZOOM', result: 2, hostCode: '05' }),
        started({ proc: 'ZOOM', result: 2, error: 'token' }),
      ),
      ...answersFor('ENTROPAY', started({ proc: 'ENTROPAY', return: true }), started({ proc: 'ENTROPAY', return: 'pin' }), started({ proc: 'ENTROPAY', return: false })),
      ...answersFor('FRAUD', started({ proc: 'FRAUD' }), started({ proc: 'FRAUD', fail_limit: true })),
      // the server or the network fails whoever is tried: a refusal, the processor skipped as unhealthy, its start failed in transport, no answer at all
      { error: http(409, 'payment.closed', 'This payment is closed.') },
      { error: http(503, 'card.processor_unavailable', 'Temporarily unavailable') },
      { error: http(502, 'card.processor_unreachable', 'Did not answer') },
      { error: { kind: 'network' } },
    ],
    listen: [
      ...answersFor('PFS', heard({ proc: 'PFS', code: '0000' }), heard({ proc: 'PFS', code: '0091' })),
      ...answersFor('ORANGE', heard({ proc: 'ORANGE', status: 'successful' }), heard({ proc: 'ORANGE', status: 'failed', message: 'Declined' })),
      { output: { status: 'missing', reply: null } },
      { output: { status: 'timeout', reply: null } },
      { output: { status: 'stopped', reply: null } },
    ],
    entropay: [
      // Confirm in the start dialog goes to Entropay's page; the CVV dialog's answer comes back; either may be rejected
      { output: { result: 'redirect', url: '/api/entro/redirect?amount=250.00&payment=p-1', reply: null }, when: (input) => (input as { dialog: string }).dialog === 'start' },
      { output: { result: 'rejected', url: '/api/entro/redirect?amount=250.00&payment=p-1', reply: null } },
      { output: { result: 'answered', url: '/api/entro/redirect?amount=250.00&payment=p-1', reply: { proc: 'ENTROPAY', return: true, status: 'approved' } }, when: (input) => (input as { dialog: string }).dialog === 'cvv' },
    ],
  },
  feasible: {
    startProcessor: ownReply((o) => (o as { reply: ProcessorReply }).reply),
    listen: ownReply((o) => (o as { reply: ProcessorReply | null }).reply),
    entropay: (input, outcome) => {
      const out = 'output' in outcome ? (outcome.output as { result: string; reply: ProcessorReply | null }) : null;
      const dialog = (input as { dialog: string }).dialog;
      // a redirect comes only from the start dialog, an answer only from the CVV dialog, and it is Entropay's
      return !out || (out.result === 'redirect' ? dialog === 'start' : out.result === 'answered' ? dialog === 'cvv' && out.reply?.proc === 'ENTROPAY' : true);
    },
  },
  maxDepth: 7,
};

/**
 * Listening: polls, pushes (also during a check), the deadline, stop, an answer, a start that
 * never arrived. Each check answers in the listened processor's own terms (PFS pending and
 * approved; EZPAY pending and approved).
 */
export const listenModel: MachineModel = {
  machine: listenMachine,
  inputs: [
    { processor: 'PFS', paymentId: 'p-1', uid: 'u-1', deadline: T + 120_000, now: T, immediate: false, fixed: false },
    { processor: 'EZPAY', paymentId: 'p-1', uid: '', deadline: T + 60_000, now: T, immediate: true, fixed: true },
  ],
  actors: {
    checkStatus: [
      ...answersFor('PFS', { output: { found: true, reply: { proc: 'PFS', code: '0008', uid: 'u-1' } } }, { output: { found: true, reply: { proc: 'PFS', code: '0000' } } }),
      ...answersFor('EZPAY', { output: { found: true, reply: { proc: 'EZPAY', status: 'PENDING' } } }, { output: { found: true, reply: { proc: 'EZPAY', status: 'APPROVED' } } }),
      { output: { found: false } },
      { error: { kind: 'network' } },
    ],
  },
  emitted: {
    paymentEvents: [{ type: 'listen.push' }],
  },
  feasible: {
    checkStatus: ownReply((o) => ((o as { found: boolean; reply?: ProcessorReply }).found ? (o as { reply: ProcessorReply }).reply : null)),
  },
  maxDepth: 5,
};

/** Entropay's start and CVV dialogs. */
export const entropayModel: MachineModel = {
  machine: entropayMachine,
  inputs: [
    { dialog: 'start', paymentId: 'p-1', amount: '250.00' },
    { dialog: 'cvv', paymentId: 'p-1', amount: '250.00' },
  ],
  events: {
    'cvv.submit': [{ cvv: '123' }, { cvv: '1' }],
  },
  actors: {
    // the CVV's answer is Entropay's own (approved or declined)
    sendCvv: [{ output: { proc: 'ENTROPAY', return: true, status: 'approved' } }, { output: { proc: 'ENTROPAY', return: true, status: 'declined', code: '0091' } }, { error: { kind: 'network' } }],
    reject: [{ output: { ok: true } }, { error: { kind: 'network' } }],
  },
  feasible: {
    sendCvv: (_, outcome) => !('output' in outcome) || (outcome.output as ProcessorReply).proc === 'ENTROPAY',
  },
  maxDepth: 5,
};
