/**
 * Appropriateness (issue 30 §6): before the first trade with real money, a short knowledge
 * questionnaire about the risks of binary options and CFDs. The rules, once: the questions (ids,
 * their options' ids, the correct option, the texts as message keys of
 * src/features/appropriateness/messages.ts), the pass mark, the cool-down after a failed test, and
 * which accounts need it.
 *
 * Only the server imports this module (server/domain/protection/appropriateness.ts scores the
 * answers): the client gets the questions without their answers from GET /api/appropriateness, so
 * the correct options never reach a browser (core/appropriateness.test.ts fails when a file under
 * src/ or machines/ imports it).
 */

export interface AppropriatenessQuestion {
  id: string;
  /** the options in the order the page shows them */
  options: readonly string[];
  /** the option that is right */
  correct: string;
}

export interface AppropriatenessRules {
  questions: readonly AppropriatenessQuestion[];
  /** right answers needed to pass */
  passMark: number;
  /** after a failed test: hours before the trader may try again or accept the risk */
  cooldownHours: number;
  /** the account types (accounts.type) whose platform login needs it; a demo account's money is virtual */
  accountTypes: readonly string[];
}

export const APPROPRIATENESS = {
  questions: [
    /** how much a binary option can lose */
    { id: 'loss', options: ['part', 'stake', 'nothing'], correct: 'stake' },
    /** what a winning trade pays back at an 80% payout */
    { id: 'payout', options: ['p100', 'p180', 'p200'], correct: 'p180' },
    /** a CFD's leverage multiplies a move against you */
    { id: 'leverage', options: ['five', 'fifty', 'none'], correct: 'fifty' },
    /** what most retail accounts do with these products */
    { id: 'odds', options: ['win', 'lose', 'even'], correct: 'lose' },
    /** when a binary option's result is fixed */
    { id: 'expiry', options: ['expiry', 'anytime', 'day_end'], correct: 'expiry' },
    /** which money to trade with */
    { id: 'money', options: ['afford', 'savings', 'borrowed'], correct: 'afford' },
  ],
  passMark: 5,
  cooldownHours: 24,
  accountTypes: ['trading'],
} as const satisfies AppropriatenessRules;

export type QuestionId = (typeof APPROPRIATENESS.questions)[number]['id'];

/** The message key of a question's text, and of one of its options. */
export const questionKey = (id: string): string => `appropriateness.q.${id}`;
export const optionKey = (id: string, option: string): string => `appropriateness.q.${id}.${option}`;

/** What the client may see of the questions: ids, options and their texts' keys, never the correct one. */
export function publicQuestions(): { id: string; text: string; options: { id: string; text: string }[] }[] {
  return APPROPRIATENESS.questions.map((q) => ({ id: q.id, text: questionKey(q.id), options: q.options.map((o) => ({ id: o, text: optionKey(q.id, o) })) }));
}

export interface Scored {
  score: number;
  of: number;
  passed: boolean;
}

/**
 * The answers' problems before scoring: each question not answered, or answered with an option it
 * does not have, by question id (`appropriateness.unanswered` / `appropriateness.option`); an
 * answer to a question that does not exist under its own id (`appropriateness.unknown`). Empty: score it.
 */
export function answerProblems(answers: Readonly<Record<string, string>>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const q of APPROPRIATENESS.questions) {
    const given = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined;
    if (given === undefined || given === '') problems[q.id] = 'appropriateness.unanswered';
    else if (!(q.options as readonly string[]).includes(given)) problems[q.id] = 'appropriateness.option';
  }
  for (const id of Object.keys(answers)) {
    if (!APPROPRIATENESS.questions.some((q) => q.id === id)) problems[id] = 'appropriateness.unknown';
  }
  return problems;
}

/** Right answers, of how many, and whether they reach the pass mark (answers checked by answerProblems first). */
export function scoreAnswers(answers: Readonly<Record<string, string>>): Scored {
  const score = APPROPRIATENESS.questions.filter((q) => Object.hasOwn(answers, q.id) && answers[q.id] === q.correct).length;
  return { score, of: APPROPRIATENESS.questions.length, passed: score >= APPROPRIATENESS.passMark };
}

/** When a test failed at `takenAt` may be followed by another try or an explicit acceptance of the risk. */
export const retryAt = (takenAt: Date): Date => new Date(takenAt.getTime() + APPROPRIATENESS.cooldownHours * 3_600_000);

/** Whether a platform login of an account of this type needs the test before its first trade. */
export const needsAppropriateness = (accountType: string): boolean => (APPROPRIATENESS.accountTypes as readonly string[]).includes(accountType);

export type AppropriatenessState = 'not_required' | 'required' | 'passed' | 'failed' | 'accepted';

/** The latest outcome of a trader, as recorded. */
export interface LastOutcome {
  passed: boolean;
  takenAt: Date;
  riskAcceptedAt: Date | null;
}

/**
 * Where a trader stands: not required (no real-money platform account), required (never taken),
 * passed, failed (with the cool-down's end; `ready` once it is over), or failed and the risk
 * accepted. Only `passed` and `accepted` may trade.
 */
export function appropriatenessState(needed: boolean, last: LastOutcome | null, now: Date): { state: AppropriatenessState; retryAt: Date | null; ready: boolean } {
  if (!needed) return { state: 'not_required', retryAt: null, ready: false };
  if (!last) return { state: 'required', retryAt: null, ready: true };
  if (last.passed) return { state: 'passed', retryAt: null, ready: false };
  if (last.riskAcceptedAt) return { state: 'accepted', retryAt: null, ready: false };
  const at = retryAt(last.takenAt);
  return { state: 'failed', retryAt: at, ready: now.getTime() >= at.getTime() };
}

/** Whether the trader may trade in this state. */
export const mayTrade = (state: AppropriatenessState): boolean => state === 'not_required' || state === 'passed' || state === 'accepted';
