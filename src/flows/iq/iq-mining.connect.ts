import type { SnapshotFrom } from 'xstate';
import { BONUS_CURRENCIES } from '../../../core/amount';
import { IQ_QUESTIONS, IQ_REWARD_MINOR, type Texts } from '../../../core/contract/iq';
import { formatMoney } from '../../../core/money';
import type { iqMiningMachine } from '../../../machines/iq-mining/iq-mining.machine';
import type { IqMiningEvent } from '../../../machines/iq-mining/iq-mining.types';
import { statusProps } from '../shared/props';

/** the dialog's focus scope: its feedback or question takes the focus from anything inside it */
export const IQ_SCOPE = 'iq';

export type IqMiningSnapshot = SnapshotFrom<typeof iqMiningMachine>;

/** The reward before the server has answered: 162 minor units (1.62) of a bonus currency, else null (IQ mining is not offered). */
export function iqRewardFor(currency: string | null | undefined): string | null {
  return currency && BONUS_CURRENCIES.includes(currency) ? formatMoney(BigInt(IQ_REWARD_MINOR), currency) : null;
}

/** connect() for the IQ mining dialog: texts in the trader's language. */
export function connectIqMining(s: IqMiningSnapshot, send: (event: IqMiningEvent) => void, lang: 'en' | 'ru') {
  const { state, error } = s.context;
  const pick = (t: Texts) => t[lang];
  const q = state?.question ?? null;
  const last = state?.last ?? null;
  const isQuestion = s.matches('question');
  const isAnswering = s.matches('answering');
  const isResult = s.matches('result');
  // the focus follows the step (the answered options are gone): the feedback when shown, else the question
  const step = isResult ? 'result' : String(q?.n ?? 0);
  const feedbackShown = last !== null && (isQuestion || isAnswering || isResult);
  return {
    isIntro: s.matches('intro'),
    isStarting: s.matches('starting'),
    isQuestion,
    isAnswering,
    isResult,
    isFailed: s.matches('failed'),
    total: q?.total ?? IQ_QUESTIONS,
    /** the reward still possible (no wrong answer yet) */
    earnable: state?.earnable ?? true,
    reward: state?.reward ?? null,
    question: q ? { n: q.n, total: q.total, text: pick(q.text), options: q.options.map((o) => ({ id: o.id, text: pick(o.text) })) } : null,
    feedback: last ? { n: last.n, correct: last.correct, rightText: pick(last.rightText), explanation: pick(last.explanation) } : null,
    result: state?.result ?? null,
    error,
    start: () => send({ type: 'iq.start' }),
    answer: (id: string) => send({ type: 'iq.answer', answer: id }),
    retry: () => send({ type: 'iq.retry' }),
    /** the dialog's body: the scope its focus intents keep to */
    getRootProps: () => ({ 'data-focus-scope': IQ_SCOPE }),
    /** the starting line: busy */
    getStartingProps: () => ({ 'aria-busy': true as const }),
    /** the last answer's feedback: announced, and where the focus goes when a step shows it */
    getFeedbackProps: () => statusProps({ focusOn: feedbackShown ? `feedback-${step}` : null, scope: IQ_SCOPE }),
    /** the question's text: where the focus goes when a step shows no feedback */
    getQuestionTextProps: () => ({ tabIndex: -1, 'data-focus-on': feedbackShown ? undefined : `question-${step}`, 'data-focus-in': IQ_SCOPE }),
    /** the answer on its way: said politely */
    getSendingProps: () => ({ 'aria-live': 'polite' as const }),
    /** the failure with its retry: announced at once */
    getProblemProps: () => ({ role: 'alert' as const }),
  };
}

export type IqMiningApi = ReturnType<typeof connectIqMining>;
