import type { EventFrom, SnapshotFrom } from 'xstate';
import type { loginMachine } from '../../../machines/login/login.machine';
import type { Msg } from '../../../core/message';
import { formProps, submitProps } from '../shared/props';
import { selectFactorChild, type EntryRef } from '../two-factor/two-factor.types';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
type Send = (event: EventFrom<typeof loginMachine>) => void;

export interface LoginApi {
  /** the form is being sent (or the autologin runs): inputs and the button rest */
  busy: boolean;
  error: Msg | null;
  /** the refusal is a break's or self-exclusion's (403 login.excluded, issue 30 §3): its own notice says until when */
  excluded: boolean;
  /** bumps on every failure: the message shakes again */
  shakes: number;
  /** the password was right and the account asks its second factor */
  asksFactor: boolean;
  /** the code entry of that second factor (undefined when none) */
  factorEntry: EntryRef | undefined;
  email: string;
  autologinFailed: boolean;
  submitLabel: 'login.submitting' | 'login.submit';
  /** `withdrawOnly`: during a break, a session that can only withdraw (issue 30 §3) */
  submit: (email: string, password: string, withdrawOnly?: boolean) => void;
  /** a field changed: an error shown goes away */
  edit: () => void;
  cancelFactor: () => void;
  /** the form: busy while sent, its values submitted, an edit clears the message */
  getFormProps: () => ReturnType<typeof formProps> & { onChange: () => void };
  /** the email and password inputs: rest while the form is sent */
  getFieldProps: (name: LoginField) => { name: LoginField; required: true; disabled: true | undefined };
  getSubmitProps: () => ReturnType<typeof submitProps>;
  /** the refusal (announced at once) */
  getErrorProps: () => { role: 'alert' };
  /** a note the page shows on arrival (autologin failed): announced politely */
  getNoticeProps: () => { role: 'status' };
  /** the second step's section, named by its heading */
  getFactorProps: () => { 'aria-labelledby': string };
  getFactorTitleProps: () => { id: string };
  /** the autologin card: what it shows next (the code step, the failure) is read politely */
  getLiveProps: () => { 'aria-live': 'polite' };
}

export type LoginField = 'email' | 'password';
const FACTOR_TITLE = 'factor-title';

/** the parts of a page a flow builds beside its form: a refusal announced at once, a note politely */
export const alertProps = () => ({ role: 'alert' as const });
export const noteProps = () => ({ role: 'status' as const });

/** The login flow for its views (Zag.js style: the view spreads what this returns). */
export function connectLogin(s: LoginSnapshot, send: Send): LoginApi {
  const busy = s.matches('platformLogin') || s.matches('sessionLogin') || s.matches('autologin') || s.matches('success');
  const { error, shakes, email } = s.context;
  return {
    busy,
    error,
    excluded: error?.key === 'login.excluded',
    shakes,
    // the password was right and the account asks its second factor
    asksFactor: s.matches('twoFactor') && s.context.factor !== '',
    factorEntry: selectFactorChild(s),
    email,
    autologinFailed: s.matches('autologinFailed'),
    submitLabel: busy ? 'login.submitting' : 'login.submit',
    submit: (email, password, withdrawOnly) => send({ type: 'login.submit', email, password, ...(withdrawOnly && { withdrawOnly }) }),
    edit: () => {
      if (error) send({ type: 'login.edit' });
    },
    cancelFactor: () => send({ type: 'factor.cancel' }),
    getFormProps: () => ({
      ...formProps({ busy, onSubmit: (v) => send({ type: 'login.submit', email: String(v.get('email') ?? ''), password: String(v.get('password') ?? '') }) }),
      onChange: () => {
        if (error) send({ type: 'login.edit' });
      },
    }),
    getFieldProps: (name) => ({ name, required: true, disabled: busy || undefined }),
    getSubmitProps: () => submitProps({ busy }),
    getErrorProps: alertProps,
    getNoticeProps: noteProps,
    getFactorProps: () => ({ 'aria-labelledby': FACTOR_TITLE }),
    getFactorTitleProps: () => ({ id: FACTOR_TITLE }),
    getLiveProps: () => ({ 'aria-live': 'polite' }),
  };
}
