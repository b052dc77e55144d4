import type { EventFrom, SnapshotFrom } from 'xstate';
import type { loginMachine } from '../../../machines/login/login.machine';
import type { Msg } from '../../../core/message';
import { selectFactorChild, type EntryRef } from '../two-factor/two-factor.types';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
type Send = (event: EventFrom<typeof loginMachine>) => void;

export interface LoginApi {
  /** the form is being sent (or the autologin runs): inputs and the button rest */
  busy: boolean;
  error: Msg | null;
  /** bumps on every failure: the message shakes again */
  shakes: number;
  /** the password was right and the account asks its second factor */
  asksFactor: boolean;
  /** the code entry of that second factor (undefined when none) */
  factorEntry: EntryRef | undefined;
  email: string;
  autologinFailed: boolean;
  submitLabel: 'login.submitting' | 'login.submit';
  submit: (email: string, password: string) => void;
  /** a field changed: an error shown goes away */
  edit: () => void;
  cancelFactor: () => void;
}

/** The login flow for its views (Zag.js style: the view spreads what this returns). */
export function connectLogin(s: LoginSnapshot, send: Send): LoginApi {
  const busy = s.matches('platformLogin') || s.matches('sessionLogin') || s.matches('autologin') || s.matches('success');
  const { error, shakes, email } = s.context;
  return {
    busy,
    error,
    shakes,
    // the password was right and the account asks its second factor
    asksFactor: s.matches('twoFactor') && s.context.factor !== '',
    factorEntry: selectFactorChild(s),
    email,
    autologinFailed: s.matches('autologinFailed'),
    submitLabel: busy ? 'login.submitting' : 'login.submit',
    submit: (email, password) => send({ type: 'login.submit', email, password }),
    edit: () => {
      if (error) send({ type: 'login.edit' });
    },
    cancelFactor: () => send({ type: 'factor.cancel' }),
  };
}
