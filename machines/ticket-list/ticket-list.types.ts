import type { TicketSummary } from '../../core/contract/support';
import type { Msg } from '../../core/message';

export interface TicketListInput {
  /** the tickets support init already read (the list then starts shown, without a call) */
  tickets?: TicketSummary[] | null;
}

export interface TicketListContext {
  tickets: TicketSummary[];
  /** the list came with the input (init read it, possibly empty): no first read */
  given: boolean;
  /** the list could not be read (failed) or refreshed (said beside the last known list) */
  error: Msg | null;
}

export type TicketListEvent =
  | { type: 'retry' }
  /** read the list again (a reply, a new or closed ticket) */
  | { type: 'list.refresh' }
  /** pushed by the server: an agent replied or set a status (status is the status_id) */
  | { type: 'ticket.updated'; id: string; status?: string }
  /** the trader opened a ticket: its agent replies are read */
  | { type: 'ticket.read'; id: string };
