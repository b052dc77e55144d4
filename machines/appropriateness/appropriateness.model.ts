import type { MachineModel } from '../../machine-kit/types';
import type { AppropriatenessStatus } from '../../core/contract/appropriateness';
import { appropriatenessMachine } from './appropriateness.machine';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(fields && { fields }) });

/** two of the questions as the server sends them (without their answers) */
const QUESTIONS = [
  { id: 'loss', text: 'appropriateness.q.loss', options: [{ id: 'part', text: 'appropriateness.q.loss.part' }, { id: 'stake', text: 'appropriateness.q.loss.stake' }] },
  { id: 'odds', text: 'appropriateness.q.odds', options: [{ id: 'win', text: 'appropriateness.q.odds.win' }, { id: 'lose', text: 'appropriateness.q.odds.lose' }] },
];

const base: AppropriatenessStatus = { state: 'required', score: null, of: 2, passMark: 2, attempts: 0, takenAt: null, retryAt: null, ready: false, riskAcceptedAt: null, questions: QUESTIONS };
export const STATUS = {
  required: base,
  notRequired: { ...base, state: 'not_required', questions: [] },
  passed: { ...base, state: 'passed', score: 2, attempts: 1, takenAt: '2026-12-01T10:00:00.000Z', questions: [] },
  failed: { ...base, state: 'failed', score: 1, attempts: 1, takenAt: '2026-12-01T10:00:00.000Z', retryAt: '2026-12-02T10:00:00.000Z', questions: [] },
  ready: { ...base, state: 'failed', score: 1, attempts: 1, takenAt: '2026-11-30T09:00:00.000Z', retryAt: '2026-12-01T09:00:00.000Z', ready: true },
  accepted: { ...base, state: 'accepted', score: 1, attempts: 1, takenAt: '2026-11-30T09:00:00.000Z', riskAcceptedAt: '2026-12-01T10:00:00.000Z', questions: [] },
} satisfies Record<string, AppropriatenessStatus>;

/** the answers sent: all right passes, one wrong fails */
const allRight = (input: unknown) => (input as { answers: Record<string, string> }).answers.odds === 'lose';

/**
 * The questionnaire: a trader who must answer (two questions picked, or sent with one open), who
 * passed, failed (in the cool-down, or after it: answers again or accepts the risk, the box ticked
 * or not), accepted, or has a demo account; a read that fails; answers the server marks, a 409
 * (the standing changed elsewhere), a lost connection; an acceptance that fails or meets a 409.
 */
export const appropriatenessModel: MachineModel = {
  machine: appropriatenessMachine,
  events: {
    'answer.pick': [
      { question: 'loss', option: 'stake' },
      { question: 'odds', option: 'lose' },
      { question: 'odds', option: 'win' },
    ],
    'risk.understood': [{ value: true }, { value: false }],
  },
  actors: {
    loadStatus: [
      { output: STATUS.required },
      { output: STATUS.notRequired },
      { output: STATUS.passed },
      { output: STATUS.failed },
      { output: STATUS.ready },
      { output: STATUS.accepted },
      { error: { kind: 'network' } },
    ],
    submitAnswers: [
      { output: STATUS.passed, when: allRight },
      { output: STATUS.failed },
      { output: STATUS.ready },
      { output: STATUS.accepted },
      { output: STATUS.notRequired },
      { output: STATUS.required },
      { error: http(400, 'validation', 'Answer every question with one of its options.', { loss: 'appropriateness.unanswered' }) },
      { error: http(409, 'appropriateness.cooldown', 'Not yet.') },
      { error: { kind: 'network' } },
    ],
    acceptRisk: [
      { output: STATUS.accepted },
      { output: STATUS.passed },
      { output: STATUS.notRequired },
      { output: STATUS.failed },
      { output: STATUS.ready },
      { output: STATUS.required },
      { error: http(409, 'appropriateness.done', 'Done already.') },
      { error: http(500, 'server_error', 'Something went wrong.') },
    ],
  },
  maxDepth: 10,
};
