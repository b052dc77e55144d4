import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import type { forgotMachine } from '../../../machines/forgot/forgot.machine';
import type { ForgotEvent } from '../../../machines/forgot/forgot.types';
import { fieldErrorProps, fieldProps, formProps, statusProps, submitProps } from '../shared/props';

const EMAIL_ID = 'forgot-email';

export type ForgotSnapshot = SnapshotFrom<typeof forgotMachine>;

/** connect() for /{lang}/forgot: flags, texts and handlers. */
export function connectForgot(s: ForgotSnapshot, send: (event: ForgotEvent) => void) {
  const sending = s.matches('sending');
  const canRetry = s.matches('failed') || s.matches('rateLimited');
  const onSubmit = () => send({ type: canRetry ? 'forgot.retry' : 'forgot.submit' });
  const emailInvalid = s.matches('invalidEmail');
  const sent = s.matches('sent');
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
    onSubmit,
    onRetry: () => send({ type: 'forgot.retry' }),
    onAgain: () => send({ type: 'forgot.again' }),
    getFormProps: () => formProps({ busy: sending, onSubmit }),
    getEmailProps: () => ({
      ...fieldProps({ id: EMAIL_ID, name: 'email', value: s.context.email, invalid: emailInvalid, disabled: sending, onValue: (value) => send({ type: 'email.change', value }) }),
      required: true,
    }),
    /** the email's own problem, read with the field and announced */
    getEmailErrorProps: () => fieldErrorProps(EMAIL_ID),
    /** the limit or the failure, announced */
    getFormErrorProps: () => ({ role: 'alert' as const }),
    getSubmitProps: () => submitProps({ busy: sending }),
    /** the answer: the form goes, the focus comes here */
    getResultProps: () => statusProps({ focusOn: sent ? 'sent' : null }),
  };
}

export type ForgotApi = ReturnType<typeof connectForgot>;
