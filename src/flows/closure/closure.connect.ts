import type { SnapshotFrom } from 'xstate';
import { CLOSURE_BLOCKERS, CLOSURE_REASONS, CLOSURE_RULES, type ClosureBlockerKind } from '../../../core/account-closure';
import type { ClosureBlocker } from '../../../core/contract/closure';
import { msg, type Msg } from '../../../core/message';
import { CLOSURE_FIELDS, type accountClosureMachine } from '../../../machines/account-closure/account-closure.machine';
import type { AccountClosureEvent, ClosureField } from '../../../machines/account-closure/account-closure.types';
import { formatAmount } from '../shared/money';
import { buttonProps, fieldErrorProps, fieldProps, formProps, labelProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

export type AccountClosureSnapshot = SnapshotFrom<typeof accountClosureMachine>;

export const closureFieldId = (field: ClosureField) => `closure-${field}`;
const FORM_SCOPE = 'closure-form';
const FORM_TITLE_ID = 'closure-form-title';
const BLOCKED_TITLE_ID = 'closure-blocked-title';
const TEXT_HINT_ID = 'closure-text-hint';
const PASSWORD_HINT_ID = 'closure-password-hint';

/** the refused submit whose first bad field takes the focus (kept by the hook: a field edited loses its message, the focus stays) */
export interface ClosureRefusal {
  shakes: number;
  field: ClosureField | null;
}

/** One thing that stops the closure, as the page lists it: what it is (the amount written for a person) and where it is settled. */
export interface BlockerRow {
  /** unique in the list: the kind and the currency */
  id: string;
  kind: ClosureBlockerKind;
  message: Msg;
  /** the page where it is settled: a page of the trading area (#/show/{page}), or the trading page itself */
  href: string;
  linkLabel: Msg;
}

/** where a blocker is settled, from core's table: '' is the trading page itself, where an open trade is watched */
export const nextHref = (kind: ClosureBlockerKind): string => {
  const next: string = CLOSURE_BLOCKERS[kind].next;
  return next ? `#/show/${next}` : '#/home';
};

export const blockerRow = (b: ClosureBlocker, lang: string): BlockerRow => {
  const kind = b.kind as ClosureBlockerKind;
  return {
    id: `${kind}-${b.currency}`,
    kind,
    // the count picks the plural form (two withdrawals waiting): one text per kind
    message: msg(`closure.blocker.${kind}`, undefined, { amount: formatAmount(b.amount, b.currency, lang), count: b.count }),
    href: nextHref(kind),
    linkLabel: msg(`closure.next.${kind}`),
  };
};

/** connect() for #/show/close (issue 30 §8): what stops the closure, the form, its confirmation, the end. */
export function connectAccountClosure(
  s: AccountClosureSnapshot,
  send: (event: AccountClosureEvent) => void,
  lang = 'en',
  refusal: ClosureRefusal = { shakes: 0, field: null },
) {
  const c = s.context;
  const blocked = s.matches('blocked');
  const editing = s.matches({ ready: 'editing' });
  const confirming = s.matches({ ready: 'confirming' });
  const closing = s.matches({ ready: 'closing' });
  const closed = s.matches('closed');
  const errors = c.fieldErrors;
  const textRequired = c.reason === 'other';
  const keep = () => send({ type: 'closure.keep' });
  const confirm = () => send({ type: 'closure.confirm' });
  const focusOn = (field: ClosureField) => (refusal.field === field && field in errors ? `refused-${refusal.shakes}` : undefined);
  return {
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    blocked,
    /** the form is shown (also under its confirmation and while it is sent) */
    ready: s.matches('ready'),
    /** the confirmation dialog is open (and stays while the closure is sent) */
    confirmOpen: confirming || closing,
    confirming,
    closing,
    closed,
    blockers: blocked ? c.blockers.map((b) => blockerRow(b, lang)) : [],
    reasons: CLOSURE_REASONS.map((id) => ({ id, label: msg(`closure.reason.${id}`) })),
    values: { reason: c.reason, text: c.text },
    /** with "other" the trader's words are needed */
    textRequired,
    textLength: c.text.trim().length,
    limits: { textMax: CLOSURE_RULES.textMax, otherMin: CLOSURE_RULES.otherMin },
    errors,
    /** the first field with a problem: where the focus goes after a refused submit */
    firstBadField: CLOSURE_FIELDS.find((field) => field in errors) ?? null,
    /** the status could not be read, the closure failed (not a field's fault), or something appeared meanwhile */
    error: c.error,
    /** the form's own failure (not a field's): shown above its button */
    failed: editing && c.error !== null,
    shakes: c.shakes,
    /** changes when the password must be typed again: the view gives its input this key, so it starts empty */
    passwordKey: `password-${c.passwordResets}`,
    confirmLabel: msg(closing ? 'closure.closing' : 'closure.confirm.yes'),
    getLoadingProps: () => ({ 'aria-busy': true as const, role: 'status' as const }),
    getProblemProps: () => ({ role: 'alert' as const }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
    /** the list of what stops the closure, named by its heading */
    getBlockedProps: () => regionProps(BLOCKED_TITLE_ID),
    /** why the list is back after the confirmation (something appeared meanwhile): announced, and the focus goes there */
    getBlockedNoticeProps: () => statusProps({ role: 'alert', focusOn: blocked && c.error ? `blocked-${c.shakes}` : null }),
    getBlockedTitleProps: () => titleProps(BLOCKED_TITLE_ID),
    getCheckAgainProps: () => buttonProps(() => send({ type: 'status.check' })),
    getFormRegionProps: () => regionProps(FORM_TITLE_ID),
    getFormTitleProps: () => titleProps(FORM_TITLE_ID),
    /** the form: its submit carries the password as typed (it is not held by the page's flow before that) */
    getFormProps: () => formProps({ busy: closing, scope: FORM_SCOPE, onSubmit: (values) => send({ type: 'closure.submit', password: String(values.get('password') ?? '') }) }),
    getLabelProps: (field: ClosureField) => labelProps(closureFieldId(field)),
    getReasonProps: () => ({
      ...fieldProps({
        id: closureFieldId('reason'),
        name: 'reason',
        value: c.reason,
        invalid: 'reason' in errors,
        required: true,
        onValue: (value) => send({ type: 'field.change', field: 'reason', value }),
      }),
      'data-focus-on': focusOn('reason'),
    }),
    getTextProps: () => ({
      ...fieldProps({
        id: closureFieldId('text'),
        name: 'text',
        value: c.text,
        invalid: 'text' in errors,
        describedBy: [TEXT_HINT_ID],
        required: textRequired,
        onValue: (value) => send({ type: 'field.change', field: 'text', value }),
      }),
      'data-focus-on': focusOn('text'),
    }),
    getTextHintProps: () => ({ id: TEXT_HINT_ID }),
    /** the password stays in the page until the submit; a wrong one is marked, and the field takes the focus to be typed again */
    getPasswordProps: () => ({
      ...fieldProps({
        id: closureFieldId('password'),
        name: 'password',
        invalid: 'password' in errors,
        describedBy: [PASSWORD_HINT_ID],
        required: true,
        // the value stays in the page: the machine only hears that it changed (its message goes)
        onValue: () => send({ type: 'password.edit' }),
      }),
      type: 'password' as const,
      autoComplete: 'current-password',
      'data-focus-on': focusOn('password'),
    }),
    getPasswordHintProps: () => ({ id: PASSWORD_HINT_ID }),
    getErrorProps: (field: ClosureField) => fieldErrorProps(closureFieldId(field)),
    /** the closure failed (too many tries, a lost connection): announced, and the focus goes there */
    getFailureProps: () => statusProps({ role: 'alert', focusOn: editing && c.error ? `failed-${c.shakes}` : null, scope: FORM_SCOPE }),
    getSubmitProps: () => submitProps({ busy: closing }),
    /** the confirmation: Escape, its close button and the backdrop keep the account; while it is sent nothing closes it */
    getDialogOptions: () => ({ onClose: keep, mandatory: closing }),
    /** "Keep my account": the safe choice takes the focus when the dialog opens */
    getKeepProps: () => ({ ...buttonProps(keep), 'aria-disabled': closing || undefined, 'data-autofocus': true as const }),
    /** "Close my account": rests (stays focusable) while the closure is sent */
    getConfirmProps: () => ({ ...buttonProps(confirm), 'aria-disabled': closing || undefined, 'aria-busy': closing || undefined }),
    /** closed: said at once, while the page goes to the sign-in page */
    getClosedProps: () => statusProps({ focusOn: closed ? 'closed' : null }),
  };
}

export type AccountClosureApi = ReturnType<typeof connectAccountClosure>;
