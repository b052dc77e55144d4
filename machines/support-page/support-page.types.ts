import type { TicketForm, TicketSummary } from '../../core/contract/support';
import type { Msg } from '../../core/message';

export interface SupportPageInput {
  /** seeds every idempotency key made on the page */
  keySeed: string;
  /** #/show/support/{id}: the ticket to open first */
  ticket?: string | null;
}

export interface SupportPageContext {
  keySeed: string;
  form: TicketForm | null;
  /** the tickets init read: the list child starts with them */
  tickets: TicketSummary[];
  /** support init gave up (after its attempts) */
  error: Msg | null;
  /** the open ticket */
  openId: string | null;
  /** threads and forms opened so far: each child gets its own key seed */
  opened: number;
}

export type SupportPageEvent =
  /** support init gave up: try again (three more attempts) */
  | { type: 'retry' }
  /** from the init child: its attempts are used up */
  | { type: 'init.failed'; error: Msg | null }
  | { type: 'ticket.open'; id: string }
  | { type: 'ticket.back' }
  | { type: 'ticket.new' }
  /** pushed by the server: an agent replied or set a status */
  | { type: 'ticket.updated'; id: string; status?: string }
  /** from the thread child: its agent replies are read */
  | { type: 'ticket.read'; id: string }
  /** from the thread child: a reply or close changed the ticket */
  | { type: 'tickets.changed' };
