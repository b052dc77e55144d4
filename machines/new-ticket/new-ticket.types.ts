import type { NewTicketRequest, TicketAbout, TicketForm, TicketThread } from '../../core/contract/support';
import type { Msg } from '../../core/message';
import type { AttachmentEvent, AttachmentsContext } from '../support-attachments/attachments';

export interface NewTicketInput {
  /** the department chosen first: '27' on the page, '62' in the dialog (002 §3) */
  department: string;
  /** default '1' (002 §3) */
  priority?: string;
  /** the form options when the caller has them (the page, from init); otherwise they are read (GET /api/kayako/form) */
  form?: TicketForm | null;
  /** "Ask about this payment": what the ticket is about */
  about?: TicketAbout | null;
  /** seeds the ticket's idempotency key (`${seed}-t${n}`): the same submit twice creates one ticket */
  keySeed: string;
  /** the support dialog: the success is shown, then it closes after 3500 ms (002 §9) */
  dialog?: boolean;
}

export type TicketField = 'department' | 'priority' | 'subject' | 'content';

export interface NewTicketContext extends AttachmentsContext {
  form: TicketForm | null;
  department: string;
  priority: string;
  subject: string;
  content: string;
  about: TicketAbout | null;
  keySeed: string;
  /** tickets created from this form: the next key (a failed submit keeps its key) */
  created: number;
  dialog: boolean;
  /** the created ticket */
  thread: TicketThread | null;
  /** the bounds of the fields (SUPPORT_LIMITS), checked before sending */
  fieldErrors: Partial<Record<'subject' | 'content', Msg>>;
  /** the form options could not be read, or the ticket could not be created */
  error: Msg | null;
}

export type { NewTicketRequest };

export type NewTicketEvent =
  | { type: 'retry' }
  | { type: 'field.change'; field: TicketField; value: string }
  | { type: 'ticket.submit' }
  /** the trader leaves the form without sending (staged attachments are dropped) */
  | { type: 'ticket.cancel' }
  /** the dialog's success is put away before its 3500 ms */
  | { type: 'ticket.dismiss' }
  | AttachmentEvent;

export interface NewTicketOutput {
  /** the created ticket, or null when the trader left the form */
  thread: TicketThread | null;
}
