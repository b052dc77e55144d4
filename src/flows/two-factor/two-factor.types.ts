import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { twoFactorEntryMachine } from '../../../machines/two-factor/entry.machine';

export type EntryRef = ActorRefFrom<typeof twoFactorEntryMachine>;
export type EntrySnapshot = SnapshotFrom<typeof twoFactorEntryMachine>;

/** The code entry child a parent runs under the invoke id 'factor' (undefined when none). */
export const selectFactorChild = (s: { children: Record<string, AnyActorRef | undefined> }): EntryRef | undefined =>
  s.children.factor as EntryRef | undefined;

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
