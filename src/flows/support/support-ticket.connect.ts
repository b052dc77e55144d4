import type { EventFrom, SnapshotFrom } from 'xstate';
import type { FormOption, TicketAbout } from '../../../core/contract/support';
import { msg, type Msg } from '../../../core/message';
import type { newTicketMachine } from '../../../machines/new-ticket/new-ticket.machine';
import type { TicketField } from '../../../machines/new-ticket/new-ticket.types';
import { SUPPORT_LIMITS } from '../../../core/contract/support';
import { connectAttachments, type AttachmentsApi } from './support-thread.connect';
import { buttonProps, fieldErrorProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

type NewTicketSnapshot = SnapshotFrom<typeof newTicketMachine>;

export interface NewTicketApi extends AttachmentsApi {
  loading: boolean;
  /** the form options could not be read: the error with a retry */
  failed: boolean;
  departments: FormOption[];
  priorities: FormOption[];
  department: string;
  priority: string;
  subject: string;
  content: string;
  limits: { subject: number; content: number };
  subjectError: Msg | null;
  contentError: Msg | null;
  /** the call failed (everything typed stays) or the attachments are not staged yet */
  error: Msg | null;
  sending: boolean;
  /** the dialog's success, shown until it closes (3500 ms) */
  success: Msg | null;
  /** the machine ended: the dialog closes */
  finished: boolean;
  /** the new ticket's id once created */
  createdId: string | null;
  /** what the ticket is about ("Ask about this payment") */
  about: Msg | null;
  change: (field: TicketField, value: string) => void;
  submit: () => void;
  cancel: () => void;
  dismiss: () => void;
  retry: () => void;
  /** the form's options on their way */
  getLoadingProps: () => { 'aria-busy': true };
  /** the options could not be read */
  getProblemProps: () => { role: 'alert' };
  getRetryProps: () => ReturnType<typeof buttonProps>;
  getSuccessProps: () => ReturnType<typeof statusProps>;
  getFormProps: () => ReturnType<typeof formProps>;
  getFieldProps: (field: 'subject' | 'content') => ReturnType<typeof fieldProps>;
  /** a field's message: read with the field, said at once */
  getErrorProps: (field: 'subject' | 'content') => ReturnType<typeof fieldErrorProps>;
  /** the call's failure under the form */
  getErrorMessageProps: () => { role: 'alert' };
  getSubmitProps: () => ReturnType<typeof submitProps>;
  /** the page's section around the form, named by its title */
  getSectionProps: () => ReturnType<typeof regionProps>;
  getSectionTitleProps: () => ReturnType<typeof titleProps>;
}

/** 'About payment {id}' / 'About invoice {id}' / 'About withdrawal {id}' */
export const aboutText = (about: TicketAbout | null | undefined): Msg | null => (about ? msg(`support.about.${about.kind}`, undefined, { id: about.id }) : null);

/** The new ticket form (the page's and the dialog's) for its view. */
export function connectNewTicket(s: NewTicketSnapshot, send: (event: EventFrom<typeof newTicketMachine>) => void, idPrefix = 'support-new'): NewTicketApi {
  const c = s.context;
  const editing = s.matches('editing');
  const sending = s.matches('sending');
  const idOf = (field: string) => `${idPrefix}-${field}`;
  return {
    ...connectAttachments(c, send, editing),
    loading: s.matches('loading') || s.matches('start'),
    failed: s.matches('failed'),
    departments: c.form?.departments ?? [],
    priorities: c.form?.priority ?? [],
    department: c.department,
    priority: c.priority,
    subject: c.subject,
    content: c.content,
    limits: { subject: SUPPORT_LIMITS.subject, content: SUPPORT_LIMITS.content },
    subjectError: c.fieldErrors.subject ?? null,
    contentError: c.fieldErrors.content ?? null,
    error: c.error,
    sending: s.matches('sending'),
    success: s.matches('success') || (s.status === 'done' && c.thread !== null) ? msg('support.created', undefined, { id: c.thread?.ticket.id ?? '' }) : null,
    finished: s.status === 'done',
    createdId: c.thread?.ticket.id ?? null,
    about: aboutText(c.about),
    change: (field, value) => send({ type: 'field.change', field, value }),
    submit: () => send({ type: 'ticket.submit' }),
    cancel: () => send({ type: 'ticket.cancel' }),
    dismiss: () => send({ type: 'ticket.dismiss' }),
    retry: () => send({ type: 'retry' }),
    getLoadingProps: () => ({ 'aria-busy': true as const }),
    getProblemProps: () => ({ role: 'alert' as const }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
    getSuccessProps: () => statusProps(),
    getFormProps: () => formProps({ onSubmit: () => send({ type: 'ticket.submit' }) }),
    getFieldProps: (field) =>
      fieldProps({ id: idOf(field), name: field, value: c[field], invalid: c.fieldErrors[field] !== undefined, onValue: (value) => send({ type: 'field.change', field, value }) }),
    getErrorProps: (field) => fieldErrorProps(idOf(field)),
    getErrorMessageProps: () => ({ role: 'alert' as const }),
    getSubmitProps: () => submitProps({ disabled: sending }),
    getSectionProps: () => regionProps(idOf('title')),
    getSectionTitleProps: () => titleProps(idOf('title')),
  };
}
