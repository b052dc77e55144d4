import type { EventFrom, SnapshotFrom } from 'xstate';
import type { FormOption, TicketAbout } from '../../../core/contract/support';
import { msg, type Msg } from '../../../core/message';
import type { newTicketMachine } from '../../../machines/new-ticket/new-ticket.machine';
import type { TicketField } from '../../../machines/new-ticket/new-ticket.types';
import { SUPPORT_LIMITS } from '../../../core/contract/support';
import { connectAttachments, type AttachmentsApi } from './support-thread.connect';

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
}

/** 'About payment {id}' / 'About invoice {id}' / 'About withdrawal {id}' */
export const aboutText = (about: TicketAbout | null | undefined): Msg | null => (about ? msg(`support.about.${about.kind}`, undefined, { id: about.id }) : null);

/** The new ticket form (the page's and the dialog's) for its view. */
export function connectNewTicket(s: NewTicketSnapshot, send: (event: EventFrom<typeof newTicketMachine>) => void): NewTicketApi {
  const c = s.context;
  const editing = s.matches('editing');
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
  };
}
