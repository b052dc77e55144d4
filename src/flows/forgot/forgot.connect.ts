import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import type { forgotMachine } from '../../../machines/forgot/forgot.machine';
import type { ForgotEvent } from '../../../machines/forgot/forgot.types';

export type ForgotSnapshot = SnapshotFrom<typeof forgotMachine>;

/** connect() for /{lang}/forgot: flags, texts and handlers. */
export function connectForgot(s: ForgotSnapshot, send: (event: ForgotEvent) => void) {
  const sending = s.matches('sending');
  const canRetry = s.matches('failed') || s.matches('rateLimited');
  return {
    /** the form shows until the answer came */
    showForm: !s.matches('sent'),
    busy: sending,
    email: s.context.email,
    /** the email field's own problem (beside the field) */
    emailError: s.matches('invalidEmail') ? s.context.error : null,
    /** the limit or the failure (under the form, with a retry) */
    formError: canRetry ? s.context.error : null,
    rateLimited: s.matches('rateLimited'),
    canRetry,
    shakes: s.context.shakes,
    /** the same answer whether or not the email has an account */
    sent: s.matches('sent') ? s.context.sent : null,
    submitLabel: sending ? msg('forget.sending') : msg('forget.submit'),
    onEmail: (value: string) => send({ type: 'email.change', value }),
    onSubmit: () => send({ type: canRetry ? 'forgot.retry' : 'forgot.submit' }),
    onRetry: () => send({ type: 'forgot.retry' }),
    onAgain: () => send({ type: 'forgot.again' }),
  };
}

export type ForgotApi = ReturnType<typeof connectForgot>;
