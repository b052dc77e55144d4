import { cascadeMachine } from './cascade.machine';
import { entropayMachine } from './entropay.machine';
import { listenMachine } from '../listen/listen.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
const T = 1_700_000_000_000;
const payment = { id: '', key: 'k-1', amount: '250.00', currency: 'USD', fixed: false, bonus: true, promo: '', card: 'tok-1' };
const facts = { settings: [], country: 'MT', affsId: '', noVload: [], now: T };

/**
 * The cascade: a new payment (Orange not-3D first, so the 6 s delay is on the path), a reload
 * mid-listen, a reload between processors, a resumed run whose fraud check had not answered, and
 * no processor left (a new payment of a trader whose only processor never serves their country; a
 * resumed run of a partner without VLOAD).
 */
export const cascadeModel: MachineModel = {
  machine: cascadeMachine,
  inputs: [
    { ...facts, user: 'ORANGE_NOT3D,PFS,FRAUD', payment },
    { ...facts, user: 'PFS,ZOOM', resume: { payment: { ...payment, id: 'p-1' }, tried: [], current: { processor: 'PFS', uid: 'u-1', deadline: T + 120_000 }, log: [], finished: false } },
    { ...facts, user: 'PFS,ZOOM', resume: { payment: { ...payment, id: 'p-1' }, tried: ['PFS'], current: null, log: [{ processor: 'PFS', result: 'declined', code: '0091' }], finished: false } },
    { ...facts, user: 'PFS', resume: { payment, tried: [], current: null, log: [], finished: false } },
    { ...facts, user: 'VLOAD', affsId: 'aff-7', noVload: ['aff-7'], resume: { payment: { ...payment, id: 'p-1' }, tried: [], current: null, log: [], finished: false } },
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
      { output: { reply: { proc: 'PFS', code: '0000' }, at: T } },
      { output: { reply: { proc: 'PFS', code: '0008', uid: 'u-2' }, at: T } },
      { output: { reply: { proc: 'PFS', code: '0008', redirect: 'r5-token' }, at: T } },
      { output: { reply: { proc: 'PFS', code: '0091' }, at: T } },
      { output: { reply: { proc: 'ORANGE', status: 'failed', message: 'Expired card' }, at: T } },
      { output: { reply: { proc: 'ZOOM', result: 2, hostCode: '05' }, at: T } },
      { output: { reply: { proc: 'ZOOM', result: 2, error: 'token' }, at: T } },
      { output: { reply: { proc: 'ENTROPAY', return: true }, at: T } },
      { output: { reply: { proc: 'ENTROPAY', return: 'pin' }, at: T } },
      { output: { reply: { proc: 'FRAUD' }, at: T } },
      { error: http(409, 'payment.closed', 'This payment is closed.') },
      { error: { kind: 'network' } },
    ],
    listen: [
      { output: { status: 'answered', reply: { proc: 'PFS', code: '0000' } } },
      { output: { status: 'answered', reply: { proc: 'PFS', code: '0091' } } },
      { output: { status: 'missing', reply: null } },
      { output: { status: 'timeout', reply: null } },
      { output: { status: 'stopped', reply: null } },
    ],
    entropay: [
      { output: { result: 'redirect', url: '/api/entro/redirect?amount=250.00&payment=p-1', reply: null } },
      { output: { result: 'rejected', url: '', reply: null } },
      { output: { result: 'answered', url: '', reply: { proc: 'ENTROPAY', return: true, status: 'approved' } } },
    ],
  },
  maxDepth: 7,
};

/** Listening: polls, pushes (also during a check), the deadline, stop, an answer, a start that never arrived. */
export const listenModel: MachineModel = {
  machine: listenMachine,
  inputs: [
    { processor: 'PFS', paymentId: 'p-1', uid: 'u-1', deadline: T + 120_000, now: T, immediate: false, fixed: false },
    { processor: 'EZPAY', paymentId: 'p-1', uid: '', deadline: T + 60_000, now: T, immediate: true, fixed: true },
  ],
  actors: {
    checkStatus: [
      { output: { found: true, reply: { proc: 'PFS', code: '0008', uid: 'u-1' } } },
      { output: { found: true, reply: { proc: 'PFS', code: '0000' } } },
      { output: { found: false } },
      { error: { kind: 'network' } },
    ],
  },
  emitted: {
    paymentEvents: [{ type: 'listen.push' }],
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
    sendCvv: [{ output: { proc: 'ENTROPAY', return: true, status: 'approved' } }, { error: { kind: 'network' } }],
    reject: [{ output: { ok: true } }, { error: { kind: 'network' } }],
  },
  maxDepth: 5,
};
