/**
 * The broker's one password policy (spec 001 §5 registration; 002 §3 security), for every place
 * the broker sets a password: registration, the security page's change, a future reset. Pure:
 * the browser shows it as the trader types (machines, views through src/flows), the server
 * decides with the same function (src/api/contract/register.ts, server/domain/password-policy.ts).
 * The keys are the ones registration has always answered (`register.password_*`), so a refusal
 * reads the same wherever it comes from.
 */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export interface PasswordProblem {
  key: 'register.required' | 'register.password_short' | 'register.password_long' | 'register.password_email' | 'register.password_common';
  params?: Record<string, string | number>;
}

/** Passwords people pick first; a longer list lives with the server's breach checks in a real product. */
const COMMON = new Set([
  '1234567890',
  '0987654321',
  '12345678910',
  '123456789012',
  'qwertyuiop',
  'qwerty1234',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'password12',
  'password123',
  'password1234',
  'passw0rd12',
  'iloveyou12',
  'letmein123',
  'welcome123',
  'trustno1234',
  'abc1234567',
  'abcdefghij',
  'asdfghjkl1',
  'zxcvbnm123',
  'qwerty123456',
  'administrator',
]);

/** The first rule a password breaks, or null. `login` is the account's email ('' when unknown). */
export function passwordProblem(password: string, login: string): PasswordProblem | null {
  if (password === '') return { key: 'register.required' };
  if (password.length < PASSWORD_MIN) return { key: 'register.password_short', params: { min: PASSWORD_MIN } };
  if (password.length > PASSWORD_MAX) return { key: 'register.password_long', params: { max: PASSWORD_MAX } };
  const lower = password.toLowerCase();
  const email = login.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  if (email !== '' && (lower === email || lower.includes(email) || (local.length >= 4 && lower.includes(local)))) {
    return { key: 'register.password_email' };
  }
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) return { key: 'register.password_common' };
  return null;
}

export interface PasswordRule {
  key: string;
  params?: Record<string, number>;
  ok: boolean;
}

/** The rules as the trader types: each one met or not yet (the same rules the server applies). */
export function passwordRules(password: string, login: string): PasswordRule[] {
  // padded to the minimum length, so the other rules are judged on what is typed so far
  const padded = password.length >= PASSWORD_MIN ? password : password + '\u0000'.repeat(PASSWORD_MIN - password.length);
  const problem = password === '' ? null : passwordProblem(padded, login)?.key;
  return [
    { key: 'register.rule.length', params: { min: PASSWORD_MIN }, ok: password.length >= PASSWORD_MIN },
    { key: 'register.rule.email', ok: password !== '' && problem !== 'register.password_email' },
    { key: 'register.rule.common', ok: password !== '' && problem !== 'register.password_common' },
  ];
}
