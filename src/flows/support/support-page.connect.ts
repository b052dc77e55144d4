import type { EventFrom, SnapshotFrom } from 'xstate';
import type { TicketSummary } from '../../../core/contract/support';
import type { Msg } from '../../../core/message';
import type { supportPageMachine } from '../../../machines/support-page/support-page.machine';
import type { ticketListMachine } from '../../../machines/ticket-list/ticket-list.machine';
import { statusText } from './support-text';
import { buttonProps, regionProps, titleProps } from '../shared/props';

type PageSnapshot = SnapshotFrom<typeof supportPageMachine>;
type ListSnapshot = SnapshotFrom<typeof ticketListMachine>;

export interface SupportPageApi {
  /** support init is under way (its attempts included) */
  starting: boolean;
  /** init gave up after its attempts: what to say, with a retry */
  failed: boolean;
  error: Msg | null;
  ready: boolean;
  /** what the main area shows */
  composing: boolean;
  viewing: boolean;
  openId: string | null;
  retry: () => void;
  open: (id: string) => void;
  back: () => void;
  newTicket: () => void;
  /** the starting line: busy */
  getStartingProps: () => { 'aria-busy': true };
  /** init gave up: announced at once, with its retry */
  getProblemProps: () => { role: 'alert' };
}

/** The support page for its view. */
export function connectSupportPage(s: PageSnapshot, send: (event: EventFrom<typeof supportPageMachine>) => void): SupportPageApi {
  const ready = s.matches('ready');
  return {
    starting: s.matches({ starting: 'trying' }),
    failed: s.matches({ starting: 'failed' }),
    error: s.context.error,
    ready,
    composing: s.matches({ ready: { main: 'composing' } }),
    viewing: s.matches({ ready: { main: 'ticket' } }),
    openId: ready ? s.context.openId : null,
    retry: () => send({ type: 'retry' }),
    open: (id) => send({ type: 'ticket.open', id }),
    back: () => send({ type: 'ticket.back' }),
    newTicket: () => send({ type: 'ticket.new' }),
    getStartingProps: () => ({ 'aria-busy': true }),
    getProblemProps: () => ({ role: 'alert' }),
  };
}

export interface TicketRow {
  id: string;
  subject: string;
  /** by status_id, in the trader's language */
  status: Msg;
  statusId: number;
  /** ISO time of the last activity */
  activity: string;
  unread: boolean;
  /** "Ask about this payment": what the ticket is about */
  about: TicketSummary['about'];
}

export interface TicketListApi {
  loading: boolean;
  failed: boolean;
  refreshing: boolean;
  error: Msg | null;
  empty: boolean;
  rows: TicketRow[];
  unread: number;
  retry: () => void;
  /** the list, named by its title, busy while it is read */
  getRegionProps: () => ReturnType<typeof regionProps> & { 'aria-busy': true | undefined };
  getTitleProps: () => ReturnType<typeof titleProps>;
  getProblemProps: () => { role: 'alert' };
  getRetryProps: () => ReturnType<typeof buttonProps>;
  /** a ticket's row: opens it; the open one is the current one */
  getRowProps: (id: string, openId: string | null, onOpen: (id: string) => void) => { type: 'button'; onClick: () => void; 'aria-current': 'true' | undefined };
}

const LIST_TITLE_ID = 'sp-list-title';

/** The ticket list for its view: newest activity first, unread agent replies marked. */
export function connectTicketList(s: ListSnapshot, send: (event: EventFrom<typeof ticketListMachine>) => void): TicketListApi {
  const loading = s.matches('loading') || s.matches('start');
  const rows = s.context.tickets.map((t) => ({ id: t.id, subject: t.subject, status: statusText(t.status_id), statusId: t.status_id, activity: t.activity, unread: t.unread, about: t.about }));
  return {
    loading,
    failed: s.matches('failed'),
    refreshing: s.matches('refreshing'),
    error: s.context.error,
    empty: !loading && !s.matches('failed') && rows.length === 0,
    rows,
    unread: rows.filter((r) => r.unread).length,
    retry: () => send({ type: 'retry' }),
    getRegionProps: () => ({ ...regionProps(LIST_TITLE_ID), 'aria-busy': loading || s.matches('refreshing') || undefined }),
    getTitleProps: () => titleProps(LIST_TITLE_ID),
    getProblemProps: () => ({ role: 'alert' as const }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
    getRowProps: (id, openId, onOpen) => ({ type: 'button' as const, onClick: () => onOpen(id), 'aria-current': id === openId ? ('true' as const) : undefined }),
  };
}
