import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from '../../machines/login/login.machine';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** What the login views need from a login snapshot. */
export const selectLoginBusy = (s: LoginSnapshot): boolean =>
  s.matches('platformLogin') || s.matches('sessionLogin') || s.matches('autologin') || s.matches('success');
/** the password was right: the second factor is asked ('' when not) */
export const selectAsksFactor = (s: LoginSnapshot): string => (s.matches('twoFactor') ? s.context.factor : '');
export const selectLoginError = (s: LoginSnapshot) => s.context.error;
export const selectShakes = (s: LoginSnapshot): number => s.context.shakes;
export const selectAutologinFailed = (s: LoginSnapshot): boolean => s.matches('autologinFailed');
