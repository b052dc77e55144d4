import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { twoFactorEntryMachine } from '../../../machines/two-factor/entry.machine';

export type EntryRef = ActorRefFrom<typeof twoFactorEntryMachine>;
export type EntrySnapshot = SnapshotFrom<typeof twoFactorEntryMachine>;

/**
 * The code entry child a parent runs under the invoke id 'factor' (undefined when none): the
 * parent's machine names it in its `types.children` (`{ factor: 'twoFactorEntry' }`), so its
 * snapshot's child is typed, and a child of another machine under that id does not compile.
 */
export const selectFactorChild = (s: { children: { factor?: EntryRef } }): EntryRef | undefined => s.children.factor;

export const selectDigits = (s: EntrySnapshot): string[] => s.context.digits;
export const selectEntryError = (s: EntrySnapshot) => s.context.error;
export const selectEntryNotice = (s: EntrySnapshot) => s.context.notice;
export const selectFailures = (s: EntrySnapshot): number => s.context.failures;
export const selectChecking = (s: EntrySnapshot): boolean => s.matches('checking') || s.matches('done');
export const selectDisabled = (s: EntrySnapshot): boolean => s.matches('disabled');
export const selectCanResend = (s: EntrySnapshot): boolean => s.context.type !== 'google' && s.matches({ editing: 'ready' });
export const selectResending = (s: EntrySnapshot): boolean => s.matches({ editing: 'sending' });
/** a code went out a moment ago: the resend link rests (30 s, the server's limit too) */
export const selectResendResting = (s: EntrySnapshot): boolean => s.matches({ editing: 'cooling' });
export const selectFactorType = (s: EntrySnapshot) => s.context.type;
/** a recovery code replaces the six digits (sign-in with the authenticator) */
export const selectRecovery = (s: EntrySnapshot): boolean => s.matches('recovery');
export const selectRecoveryChecking = (s: EntrySnapshot): boolean => s.matches({ recovery: 'checking' });
/** a passkey is asked for and checked in place of the code (sign-in) */
export const selectPasskeyChecking = (s: EntrySnapshot): boolean => s.matches('passkey');
