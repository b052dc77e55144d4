import type { SnapshotFrom } from 'xstate';
import { formatNumber } from '../../../core/format';
import { msg, type Msg } from '../../../core/message';
import { EXCLUSION_CHOICE_NAMES, kindOfChoice, type ExclusionChoice, type ExclusionKind } from '../../../core/self-exclusion';
import type { selfExclusionMachine } from '../../../machines/self-exclusion/self-exclusion.machine';
import type { SelfExclusionEvent, SelfExclusionField } from '../../../machines/self-exclusion/self-exclusion.types';
import { formatDateTime } from '../shared/dates';
import { buttonProps, errorIdOf, fieldErrorProps, fieldProps, formProps, labelProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

export type SelfExclusionSnapshot = SnapshotFrom<typeof selfExclusionMachine>;

export const pauseFieldId = (field: SelfExclusionField) => `pause-${field}`;
export const choiceId = (choice: ExclusionChoice) => `pause-choice-${choice}`;
const CHOOSE_TITLE_ID = 'pause-choose-title';
const CONFIRM_TITLE_ID = 'pause-confirm-title';
const PASSWORD_HINT_ID = 'pause-password-hint';
const groupTitleId = (kind: ExclusionKind) => `pause-group-${kind}`;
const groupHintId = (kind: ExclusionKind) => `pause-group-${kind}-hint`;
const CONFIRM_SCOPE = 'pause-confirm';

export type LengthUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

/**
 * How each choice is named for a person: a count of a unit. Typed by core's choices (a new choice
 * fails to compile without its name); self-exclusion.connect.test.ts checks each agrees with core's
 * hours and months.
 */
export const CHOICE_LENGTHS = {
  '24h': { count: 24, unit: 'hour' },
  '7d': { count: 7, unit: 'day' },
  '30d': { count: 30, unit: 'day' },
  '6w': { count: 6, unit: 'week' },
  '6m': { count: 6, unit: 'month' },
  '1y': { count: 1, unit: 'year' },
  '2y': { count: 2, unit: 'year' },
  '3y': { count: 3, unit: 'year' },
  '5y': { count: 5, unit: 'year' },
} as const satisfies Record<ExclusionChoice, { count: number; unit: LengthUnit }>;

/** "24 hours", "1 year", ru "24 часа", "5 лет": the unit's plural form for its count, the count written by core/format */
export const lengthOf = (choice: ExclusionChoice, lang: string): Msg => {
  const { count, unit } = CHOICE_LENGTHS[choice];
  return msg(`pause.length.${unit}`, undefined, { count: formatNumber(String(count), lang, { digits: 0 }) });
};

/** the two groups of the page, in core's order: a timeout, then a self-exclusion */
export const GROUP_KINDS: readonly ExclusionKind[] = ['timeout', 'exclusion'];

/** connect() for #/show/pause (issue 30 §3): the choices, the confirmation with the end and the password, the failure, the end. */
export function connectSelfExclusion(s: SelfExclusionSnapshot, send: (event: SelfExclusionEvent) => void, lang = 'en', now: () => number = Date.now) {
  const c = s.context;
  const choosing = s.matches('choosing');
  const submitting = s.matches('submitting');
  const failed = s.matches('failed');
  const done = s.matches('done');
  const errors = c.fieldErrors;
  const kind: ExclusionKind | null = c.kind ?? (c.choice ? kindOfChoice(c.choice) : null);
  const length = c.choice ? lengthOf(c.choice, lang) : null;
  const until = c.until ? formatDateTime(c.until) : '';
  const back = () => send({ type: 'exclusion.back' });
  // the radio that takes the focus after a refused Continue: the checked one, else the first
  const focusedChoice: ExclusionChoice = c.choice || EXCLUSION_CHOICE_NAMES[0]!;
  return {
    choosing,
    /** the confirmation is shown (also while it is sent and after a failure) */
    confirmStep: s.matches('confirming') || submitting || failed,
    submitting,
    failed,
    done,
    kind,
    /** the chosen length for a person ("24 hours"), null before a choice */
    length,
    /** when it ends, written for the trader in their time zone (the page's estimate, then the server's) */
    until,
    groups: GROUP_KINDS.map((group) => ({
      kind: group,
      title: msg(`pause.group.${group}`),
      hint: msg(`pause.group.${group}_hint`),
      choices: EXCLUSION_CHOICE_NAMES.filter((choice) => kindOfChoice(choice) === group).map((choice) => ({ choice, label: lengthOf(choice, lang) })),
    })),
    errors,
    /** the call failed (not a field's fault): said with Try again */
    error: failed ? c.error : null,
    shakes: c.shakes,
    /** changes when the password must be typed again: the view gives its input this key, so it starts empty */
    passwordKey: `password-${c.passwordResets}`,
    /** the confirmation's title, by kind, with {length}: "Take a break for 24 hours?" / "Exclude yourself for 6 months?" */
    confirmTitle: msg(kind === 'exclusion' ? 'pause.confirm.title_exclusion' : 'pause.confirm.title_timeout'),
    /** what ends, by kind, with {until}: "Your break ends on …" */
    endsMessage: msg(kind === 'exclusion' ? 'pause.confirm.ends_exclusion' : 'pause.confirm.ends_timeout', undefined, { until }),
    submitLabel: msg(submitting ? 'pause.submitting' : failed ? 'pause.try_again' : kind === 'exclusion' ? 'pause.confirm.yes_exclusion' : 'pause.confirm.yes_timeout'),
    doneMessage: msg(kind === 'exclusion' ? 'pause.done_exclusion' : 'pause.done_timeout', undefined, { until }),

    getChooseRegionProps: () => regionProps(CHOOSE_TITLE_ID),
    getChooseTitleProps: () => titleProps(CHOOSE_TITLE_ID),
    /** the choices' form: Continue takes the page's clock, from which the end is computed */
    getChooseFormProps: () => formProps({ onSubmit: () => send({ type: 'choice.continue', now: now() }) }),
    /** all the choices are one radio group (arrows move through both kinds); its message is read with it */
    getChoicesProps: () => ({ 'aria-describedby': 'choice' in errors ? errorIdOf(pauseFieldId('choice')) : undefined }),
    getGroupProps: (group: ExclusionKind) => ({ 'aria-describedby': groupHintId(group) }),
    getGroupTitleProps: (group: ExclusionKind) => ({ id: groupTitleId(group) }),
    getGroupHintProps: (group: ExclusionKind) => ({ id: groupHintId(group) }),
    getChoiceProps: (choice: ExclusionChoice) => ({
      type: 'radio' as const,
      id: choiceId(choice),
      name: 'choice',
      value: choice,
      checked: c.choice === choice,
      'aria-invalid': 'choice' in errors || undefined,
      onChange: () => send({ type: 'choice.pick', choice }),
      'data-focus-on': 'choice' in errors && choice === focusedChoice ? `refused-${c.shakes}` : undefined,
    }),
    getChoiceLabelProps: (choice: ExclusionChoice) => labelProps(choiceId(choice)),
    getErrorProps: (field: SelfExclusionField) => fieldErrorProps(pauseFieldId(field)),
    getContinueProps: () => submitProps(),

    getConfirmRegionProps: () => regionProps(CONFIRM_TITLE_ID),
    /** the confirmation's heading takes the focus when it appears */
    getConfirmTitleProps: () => ({ ...titleProps(CONFIRM_TITLE_ID), tabIndex: -1, 'data-focus-on': 'confirm' }),
    /** the password and the one button: the submit carries the password as typed (the flow holds none before that) */
    getConfirmFormProps: () => formProps({ busy: submitting, scope: CONFIRM_SCOPE, onSubmit: (values) => send({ type: 'exclusion.confirm', password: String(values.get('password') ?? '') }) }),
    getPasswordLabelProps: () => labelProps(pauseFieldId('password')),
    getPasswordProps: () => ({
      ...fieldProps({
        id: pauseFieldId('password'),
        name: 'password',
        invalid: 'password' in errors,
        describedBy: [PASSWORD_HINT_ID],
        required: true,
        disabled: submitting,
        // the value stays in the page: the machine only hears that it changed (its message goes)
        onValue: () => send({ type: 'password.edit' }),
      }),
      type: 'password' as const,
      autoComplete: 'current-password',
      'data-focus-on': 'password' in errors ? `refused-${c.shakes}` : undefined,
    }),
    getPasswordHintProps: () => ({ id: PASSWORD_HINT_ID }),
    /** too many tries, a lost connection, a server error: announced, and the focus goes there */
    getFailureProps: () => statusProps({ role: 'alert', focusOn: failed ? `failed-${c.shakes}` : null, scope: CONFIRM_SCOPE }),
    getSubmitProps: () => submitProps({ busy: submitting }),
    /** "Change my choice": rests while the break is asked */
    getBackProps: () => buttonProps(back, { disabled: submitting }),
    /** in force: said at once, while the page goes to the sign-in page */
    getDoneProps: () => statusProps({ focusOn: done ? 'done' : null }),
  };
}

export type SelfExclusionApi = ReturnType<typeof connectSelfExclusion>;
