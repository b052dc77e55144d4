import type { CloseRequest, ReplyRequest, ShowRequest, TicketThread } from '../../core/contract/support';
import type { Msg } from '../../core/message';
import type { AttachmentEvent, AttachmentsContext } from '../support-attachments/attachments';

export interface TicketThreadInput {
  /** the ticket's id */
  id: string;
  /** seeds the replies' idempotency keys (`${seed}-r${n}`): the same submit twice creates one reply */
  keySeed: string;
  /** form options: attachments per message and the largest file */
  maxAttachments?: number;
  maxBytes?: number;
}

export interface TicketThreadContext extends AttachmentsContext {
  id: string;
  thread: TicketThread | null;
  /** the reply as typed: kept through a failed send */
  draft: string;
  keySeed: string;
  /** replies sent: the next reply's key (a failed one keeps its key for the retry) */
  replies: number;
  /** the thread could not be read (failed), or a refresh failed (said beside the thread) */
  error: Msg | null;
  /** the reply's bound or its failed send */
  replyError: Msg | null;
  /** 'Server error try again later.' (002 §8) */
  closeError: Msg | null;
  /** the last reply reopened the ticket (it was not Open) */
  reopened: boolean;
}

export type { ShowRequest, ReplyRequest, CloseRequest };

export type TicketThreadEvent =
  | { type: 'retry' }
  | { type: 'reply.change'; value: string }
  | { type: 'reply.submit' }
  | { type: 'reply.retry' }
  /** 'Close Ticket / Are you sure?' Yes / No (002 §8) */
  | { type: 'close.ask' }
  | { type: 'close.yes' }
  | { type: 'close.no' }
  /** pushed by the server: an agent replied or set a status */
  | { type: 'ticket.updated'; id: string; status?: string }
  | AttachmentEvent;
