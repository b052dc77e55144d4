import type { SnapshotFrom } from 'xstate';
import { formatNumber } from '../../../core/format';
import { msg, type Msg } from '../../../core/message';
import type { appropriatenessMachine } from '../../../machines/appropriateness/appropriateness.machine';
import type { AppropriatenessEvent } from '../../../machines/appropriateness/appropriateness.types';
import { formatDateTime } from '../shared/dates';
import { buttonProps, errorIdOf, fieldErrorProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

export type AppropriatenessSnapshot = SnapshotFrom<typeof appropriatenessMachine>;

export const questionFieldId = (question: string) => `appr-${question}`;
export const optionInputId = (question: string, option: string) => `appr-${question}-${option}`;
const questionTitleId = (question: string) => `appr-${question}-title`;
const FORM_TITLE_ID = 'appr-form-title';
const WARNING_TITLE_ID = 'appr-warning-title';
const UNDERSTOOD_ID = 'appr-understood';
const FORM_SCOPE = 'appr-form';
const ACCEPT_SCOPE = 'appr-accept';

/** The page's home: the platform. */
export const TRADING_HREF = '#/home';

/**
 * connect() for #/show/appropriateness (issue 30 §6): the questions as radio groups (texts by the
 * keys the server sent), the result, the risk warning with the cool-down's end in the trader's
 * time zone, answering again or accepting the risk with its box, and what a failed call says.
 */
export function connectAppropriateness(s: AppropriatenessSnapshot, send: (event: AppropriatenessEvent) => void, lang = 'en') {
  const c = s.context;
  const status = c.status;
  const submitting = s.matches('submitting');
  const accepting = s.matches('accepting');
  const answering = s.matches('answering') || submitting;
  const failed = s.matches('failed') || accepting;
  const ready = s.matches({ failed: 'ready' }) || accepting;
  const num = (n: number | null | undefined) => formatNumber(String(n ?? 0), lang, { digits: 0 });
  const counts = { score: num(status?.score), of: num(status?.of), passMark: num(status?.passMark) };
  const errors = c.fieldErrors;
  const open = (status?.questions ?? []).filter((q) => !Object.hasOwn(c.answers, q.id)).length;
  return {
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    notRequired: s.matches('notRequired'),
    answering,
    submitting,
    passed: s.matches('passed'),
    failed,
    /** the cool-down is over: answer again or accept the risk */
    ready,
    accepting,
    accepted: s.matches('accepted'),
    intro: msg('appropriateness.intro', undefined, { of: num(status?.questions.length ?? status?.of), passMark: counts.passMark }),
    questions: (status?.questions ?? []).map((q, i) => ({
      id: q.id,
      number: msg('appropriateness.question_of', undefined, { n: num(i + 1), of: num(status?.questions.length) }),
      text: msg(q.text),
      error: errors[q.id] ?? null,
      options: q.options.map((o) => ({ id: o.id, text: msg(o.text) })),
    })),
    /** "Answer every question: 2 still open", after a refused Send */
    missing: Object.keys(errors).some((k) => k !== 'understood') && open > 0 ? msg('appropriateness.missing', undefined, { count: num(open) }) : null,
    /** the read or a call failed */
    error: c.error,
    shakes: c.shakes,
    passedMessage: msg('appropriateness.passed.body', undefined, counts),
    scoreMessage: msg('appropriateness.failed.score', undefined, counts),
    /** the cool-down's end in the trader's zone, or that it is over */
    cooldownMessage: ready
      ? msg('appropriateness.failed.ready')
      : msg('appropriateness.failed.cooldown', undefined, { retryAt: status?.retryAt ? formatDateTime(status.retryAt) : '' }),
    acceptedMessage: msg('appropriateness.accepted.body', undefined, { date: status?.riskAcceptedAt ? formatDateTime(status.riskAcceptedAt) : '' }),
    understoodError: (errors.understood ?? null) as Msg | null,
    submitLabel: msg(submitting ? 'appropriateness.submitting' : 'appropriateness.submit'),
    acceptLabel: msg(accepting ? 'appropriateness.accepting' : 'appropriateness.accept'),
    tradingHref: TRADING_HREF,

    getLoadFailedProps: () => statusProps({ role: 'alert', focusOn: s.matches('loadFailed') ? `load-${c.shakes}` : null }),
    getReloadProps: () => buttonProps(() => send({ type: 'status.reload' })),
    getFormRegionProps: () => regionProps(FORM_TITLE_ID),
    getFormTitleProps: () => titleProps(FORM_TITLE_ID),
    getFormProps: () => formProps({ busy: submitting, scope: FORM_SCOPE, onSubmit: () => send({ type: 'answers.submit' }) }),
    /** one question: a fieldset named by its text, its message read with it */
    getQuestionProps: (question: string) => ({
      'aria-labelledby': questionTitleId(question),
      'aria-describedby': question in errors ? errorIdOf(questionFieldId(question)) : undefined,
      'aria-invalid': question in errors || undefined,
      'data-testid': `appr-question-${question}`,
    }),
    getQuestionTitleProps: (question: string) => ({ id: questionTitleId(question) }),
    getOptionProps: (question: string, option: string) => {
      const first = Object.keys(errors).find((k) => k !== 'understood');
      const firstOption = status?.questions.find((q) => q.id === question)?.options[0]?.id;
      return {
        type: 'radio' as const,
        id: optionInputId(question, option),
        name: `appr-${question}`,
        value: option,
        checked: c.answers[question] === option,
        disabled: submitting,
        onChange: () => send({ type: 'answer.pick', question, option }),
        // after a refused Send the first open question's first option takes the focus
        'data-focus-on': first === question && option === (c.answers[question] ?? firstOption) ? `refused-${c.shakes}` : undefined,
        'data-testid': `appr-${question}-${option}`,
      };
    },
    getOptionLabelProps: (question: string, option: string) => ({ htmlFor: optionInputId(question, option) }),
    getQuestionErrorProps: (question: string) => fieldErrorProps(questionFieldId(question)),
    /** a failed call: said at once, the answers still picked */
    getFailureProps: () => statusProps({ role: 'alert', focusOn: c.error && answering ? `failed-${c.shakes}` : null, scope: FORM_SCOPE }),
    getSubmitProps: () => submitProps({ busy: submitting }),

    /** passed or accepted: said, with the way to the platform */
    getDoneProps: () => statusProps({ focusOn: s.matches('passed') ? 'passed' : s.matches('accepted') ? 'accepted' : null }),
    getWarningRegionProps: () => ({ ...regionProps(WARNING_TITLE_ID), 'data-testid': 'appr-warning' }),
    /** the risk warning's heading takes the focus when the result is a fail */
    getWarningTitleProps: () => ({ ...titleProps(WARNING_TITLE_ID), tabIndex: -1, 'data-focus-on': s.matches('failed') ? 'warning' : undefined }),
    getRetryProps: () => buttonProps(() => send({ type: 'test.retry' }), { disabled: accepting }),
    getAcceptFormProps: () => formProps({ busy: accepting, scope: ACCEPT_SCOPE, onSubmit: () => send({ type: 'risk.accept' }) }),
    getUnderstoodProps: () => ({
      type: 'checkbox' as const,
      id: UNDERSTOOD_ID,
      checked: c.understood,
      disabled: accepting,
      'aria-invalid': 'understood' in errors || undefined,
      'aria-describedby': 'understood' in errors ? errorIdOf(UNDERSTOOD_ID) : undefined,
      onChange: (e: { currentTarget: { checked: boolean } }) => send({ type: 'risk.understood', value: e.currentTarget.checked }),
      'data-focus-on': 'understood' in errors ? `refused-${c.shakes}` : undefined,
    }),
    getUnderstoodLabelProps: () => ({ htmlFor: UNDERSTOOD_ID }),
    getUnderstoodErrorProps: () => fieldErrorProps(UNDERSTOOD_ID),
    getAcceptFailureProps: () => statusProps({ role: 'alert', focusOn: c.error && failed ? `accept-${c.shakes}` : null, scope: ACCEPT_SCOPE }),
    getAcceptProps: () => submitProps({ busy: accepting }),
  };
}

export type AppropriatenessApi = ReturnType<typeof connectAppropriateness>;
