import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import type { passwordResetMachine } from '../../../machines/password-reset/password-reset.machine';
import type { PasswordResetEvent } from '../../../machines/password-reset/password-reset.types';

export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

/**
 * connect() for /{lang}/reset. The rule about the email is not shown: the page does not know the
 * account's email (the link says nothing about it); the server checks that rule and its refusal
 * shows beside the password.
 */
export function connectPasswordReset(s: PasswordResetSnapshot, send: (event: PasswordResetEvent) => void) {
  const sending = s.matches('sending');
  const failed = s.matches({ form: 'failed' });
  const { error, invalid } = s.context;
  return {
    checking: s.matches('checkingLink') || s.matches('boot'),
    /** the check could not be made: its error and a retry */
    checkError: s.matches('checkFailed') ? error : null,
    invalidLink: s.matches('invalidLink'),
    showForm: s.matches('form') || sending,
    busy: sending,
    rules: s.context.rules.filter((r) => r.key !== 'register.rule.email'),
    passwordError: invalid === 'password' ? error : null,
    repeatError: invalid === 'repeat' ? error : null,
    mismatch: s.matches({ form: 'mismatch' }),
    /** not reached or a server error: what was typed stays; the submit button retries */
    formError: failed ? error : null,
    shakes: s.context.shakes,
    done: s.matches('done') ? s.context.done : null,
    submitLabel: sending ? msg('forget.saving') : failed ? msg('common.retry') : msg('forget.save'),
    onPassword: (value: string) => send({ type: 'password.change', value }),
    onRepeat: () => send({ type: 'repeat.change' }),
    onSubmit: (password: string, repeat: string) => send({ type: 'reset.submit', password, repeat }),
    onRetryCheck: () => send({ type: 'link.retry' }),
  };
}

export type PasswordResetApi = ReturnType<typeof connectPasswordReset>;
