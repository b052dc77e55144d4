import { passwordProblem, type PasswordProblem } from '../../core/password-policy';

/**
 * The broker's one password policy on the server: every place the broker sets a password
 * (registration through the contract's registrationProblems, the security page's change, a
 * future reset) asks this before anything is written and before the trading platform is told.
 * The rules themselves are machines/shared/password-policy.ts, which the browser shows as the
 * trader types; the keys and texts are registration's.
 */

const MESSAGES: Record<PasswordProblem['key'], (params: Record<string, string | number>) => string> = {
  'register.required': () => 'Please enter the new password.',
  'register.password_short': (p) => `The password needs at least ${p.min} characters.`,
  'register.password_long': (p) => `The password may have at most ${p.max} characters.`,
  'register.password_email': () => 'The password must not contain your email.',
  'register.password_common': () => 'This password is too easy to guess. Please choose another.',
};

export interface PasswordRefusal {
  key: PasswordProblem['key'];
  message: string;
  params?: Record<string, string | number>;
}

/** Why the broker refuses this password for the account with this email, or null when it is allowed. */
export function passwordRefusal(password: string, email: string): PasswordRefusal | null {
  const problem = passwordProblem(password, email);
  if (!problem) return null;
  return { key: problem.key, message: MESSAGES[problem.key](problem.params ?? {}), ...(problem.params ? { params: problem.params } : {}) };
}
