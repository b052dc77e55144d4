import type { SnapshotFrom } from 'xstate';
import type { accountsMachine } from '../../machines/accounts/accounts.machine';
import type { passwordChangeMachine } from '../../machines/security/password.machine';
import type { twoFactorChoiceMachine } from '../../machines/two-factor/choice.machine';
import type { validationMachine } from '../../machines/validation/validation.machine';
import { MAX_VALIDATION_TRIES } from '../../machines/validation/validation.machine';
import { OFFERED_ACCOUNT_CURRENCIES, type CurrentUser } from '../../core/contract';

type PasswordSnapshot = SnapshotFrom<typeof passwordChangeMachine>;
type ChoiceSnapshot = SnapshotFrom<typeof twoFactorChoiceMachine>;
type ValidationSnapshot = SnapshotFrom<typeof validationMachine>;
type AccountsSnapshot = SnapshotFrom<typeof accountsMachine>;

export const selectPasswordError = (s: PasswordSnapshot) => s.context.error;
export const selectInvalidField = (s: PasswordSnapshot) => s.context.invalid;
export const selectPasswordAttempts = (s: PasswordSnapshot) => s.context.attempts;
export const selectPasswordResets = (s: PasswordSnapshot) => s.context.resets;
export const selectPrefill = (s: PasswordSnapshot) => s.context.prefill;
export const selectPasswordBusy = (s: PasswordSnapshot): boolean => s.matches('submitting');
/** the new password's rules as the trader types: the broker's one policy, as on the register page */
export const selectPasswordLogin = (s: PasswordSnapshot) => s.context.login;
export { passwordRules } from '../../core/password-policy';

export type ChoiceStep = 'idle' | 'confirmingCurrent' | 'requesting' | 'enteringCode' | 'google';
export const selectChoiceStep = (s: ChoiceSnapshot): ChoiceStep => {
  for (const step of ['confirmingCurrent', 'requesting', 'enteringCode', 'google'] as const) if (s.matches(step)) return step;
  return 'idle';
};
export const selectCurrentMethod = (s: ChoiceSnapshot) => s.context.current;
export const selectTarget = (s: ChoiceSnapshot) => s.context.target;
export const selectQr = (s: ChoiceSnapshot) => ({ uri: s.context.qr, secret: s.context.secret });
export const selectChannel = (s: ChoiceSnapshot) => s.context.channel;

export type ValidationStep = 'editing' | 'checking' | 'maxTries' | 'home';
export const selectValidationStep = (s: ValidationSnapshot): ValidationStep =>
  s.matches('checking') ? 'checking' : s.matches('maxTries') ? 'maxTries' : s.matches('home') || s.matches('success') ? 'home' : 'editing';
export const selectValidationValue = (s: ValidationSnapshot) => s.context.value;
export const selectValidationError = (s: ValidationSnapshot) => s.context.error;
export const selectAttemptsLeft = (s: ValidationSnapshot): number => Math.max(0, MAX_VALIDATION_TRIES - s.context.attempts);
export const selectResets = (s: ValidationSnapshot) => s.context.resets;

export const selectAdding = (s: AccountsSnapshot): boolean => s.matches('adding');
export const selectCreating = (s: AccountsSnapshot): boolean => s.matches({ adding: 'creating' });
export const selectAddError = (s: AccountsSnapshot) => s.context.error;
export const selectSwitching = (s: AccountsSnapshot): boolean => s.matches('switching') || s.matches('switchingToExchange');

/** Offered currencies for a new account (spec 000 §5): the list minus those held, except demo accounts. */
export function offeredCurrencies(user: CurrentUser | null): string[] {
  if (!user) return [];
  if (user.isDemo) return [...OFFERED_ACCOUNT_CURRENCIES];
  const held = new Set(user.balances.filter((b) => b.type === 'trading').map((b) => b.currency));
  return OFFERED_ACCOUNT_CURRENCIES.filter((c) => !held.has(c));
}
