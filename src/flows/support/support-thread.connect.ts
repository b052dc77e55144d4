import type { EventFrom, SnapshotFrom } from 'xstate';
import { TICKET_CLOSED, type TicketMessage } from '../../../core/contract/support';
import { msg, type Msg } from '../../../core/message';
import type { StagedAttachment } from '../../../machines/support-attachments/attachments';
import type { ticketThreadMachine } from '../../../machines/ticket-thread/ticket-thread.machine';
import type { ChosenFile } from '../../../machines/upload-item/upload-item.types';
import { attachmentUrl } from '../../api/support';
import { statusText, textParts, type TextPart } from './support-text';
import { buttonProps, fieldErrorProps, fieldProps, formProps, statusProps, submitProps } from '../shared/props';
import { sizeText } from '../verification/verification.connect';

type ThreadSnapshot = SnapshotFrom<typeof ticketThreadMachine>;

export interface ThreadMessage {
  id: string;
  /** the trader's own message (else the agent's) */
  mine: boolean;
  name: string;
  parts: TextPart[];
  /** ISO time */
  time: string;
  attachments: Array<{ id: string; name: string; size: string; href: string }>;
}

export interface AttachmentsApi {
  attachments: StagedAttachment[];
  /** another file may be added */
  canAttach: boolean;
  max: number;
  notice: Msg | null;
  choose: (files: ChosenFile[]) => void;
  remove: (slot: string) => void;
}

export interface TicketThreadApi extends AttachmentsApi {
  loading: boolean;
  failed: boolean;
  error: Msg | null;
  refreshing: boolean;
  subject: string;
  status: Msg | null;
  /** 1 Open, 2 Answered, 3 Closed (002 §3); null before the ticket is loaded */
  statusId: number | null;
  closed: boolean;
  messages: ThreadMessage[];
  draft: string;
  sending: boolean;
  replyError: Msg | null;
  /** the reply failed: the text stays, and the same reply may go again */
  canRetryReply: boolean;
  /** the last reply reopened the ticket */
  reopened: Msg | null;
  canClose: boolean;
  /** 'Close Ticket / Are you sure?' is asked */
  asking: boolean;
  closing: boolean;
  closeError: Msg | null;
  retry: () => void;
  change: (value: string) => void;
  submit: () => void;
  retryReply: () => void;
  askClose: () => void;
  yes: () => void;
  no: () => void;
  /** the thread: busy while it is read */
  getRegionProps: () => { 'aria-busy': true | undefined };
  /** a failure (loading, closing, replying): said at once */
  getProblemProps: () => { role: 'alert' };
  getRetryProps: () => ReturnType<typeof buttonProps>;
  /** the messages: a new one is read out */
  getMessagesProps: () => { 'aria-live': 'polite' };
  getReopenedProps: () => ReturnType<typeof statusProps>;
  getReplyFormProps: () => ReturnType<typeof formProps>;
  getReplyProps: () => ReturnType<typeof fieldProps>;
  getReplyErrorProps: () => ReturnType<typeof fieldErrorProps>;
  getReplySubmitProps: () => ReturnType<typeof submitProps>;
}

const describe = (ticket: string, m: TicketMessage): ThreadMessage => ({
  id: m.id,
  mine: m.author === 'trader',
  name: m.name,
  parts: textParts(m.content),
  time: m.created_at,
  attachments: m.attachments.map((a) => ({ id: a.id, name: a.name, size: sizeText(a.size), href: attachmentUrl(ticket, a.id) })),
});

/** The attachments of a support message for its view (the reply box and the new ticket form). */
export function connectAttachments(
  context: { attachments: StagedAttachment[]; maxAttachments: number; notice: Msg | null },
  send: (event: { type: 'attachments.chosen'; files: ChosenFile[] } | { type: 'attachment.remove'; slot: string }) => void,
  open: boolean,
): AttachmentsApi {
  return {
    attachments: context.attachments,
    canAttach: open && context.attachments.length < context.maxAttachments,
    max: context.maxAttachments,
    notice: context.notice,
    choose: (files) => send({ type: 'attachments.chosen', files }),
    remove: (slot) => send({ type: 'attachment.remove', slot }),
  };
}

/** One ticket's thread for its view. */
export function connectTicketThread(s: ThreadSnapshot, send: (event: EventFrom<typeof ticketThreadMachine>) => void): TicketThreadApi {
  const { thread, id } = s.context;
  const replyId = `support-reply-${id}`;
  const busy = s.matches('loading') || s.matches({ ready: { sync: 'refreshing' } });
  const editing = s.matches({ ready: { reply: 'editing' } }) || s.matches({ ready: { reply: 'failed' } });
  const closed = thread?.ticket.status_id === TICKET_CLOSED;
  return {
    ...connectAttachments(s.context, send, editing),
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    error: s.context.error,
    refreshing: s.matches({ ready: { sync: 'refreshing' } }),
    subject: thread?.ticket.subject ?? '',
    status: thread ? statusText(thread.ticket.status_id) : null,
    statusId: thread?.ticket.status_id ?? null,
    closed,
    messages: (thread?.messages ?? []).map((m) => describe(id, m)),
    draft: s.context.draft,
    sending: s.matches({ ready: { reply: 'sending' } }),
    replyError: s.context.replyError,
    canRetryReply: s.matches({ ready: { reply: 'failed' } }),
    reopened: s.context.reopened ? msg('support.reopened') : null,
    canClose: s.matches({ ready: { close: 'idle' } }) && thread !== null && !closed,
    asking: s.matches({ ready: { close: 'confirming' } }),
    closing: s.matches({ ready: { close: 'closing' } }),
    closeError: s.context.closeError,
    retry: () => send({ type: 'retry' }),
    change: (value) => send({ type: 'reply.change', value }),
    submit: () => send({ type: 'reply.submit' }),
    retryReply: () => send({ type: 'reply.retry' }),
    askClose: () => send({ type: 'close.ask' }),
    yes: () => send({ type: 'close.yes' }),
    no: () => send({ type: 'close.no' }),
    getRegionProps: () => ({ 'aria-busy': busy || undefined }),
    getProblemProps: () => ({ role: 'alert' as const }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
    getMessagesProps: () => ({ 'aria-live': 'polite' as const }),
    getReopenedProps: () => statusProps(),
    getReplyFormProps: () => formProps({ onSubmit: () => send({ type: 'reply.submit' }) }),
    getReplyProps: () =>
      fieldProps({ id: replyId, name: 'reply', value: s.context.draft, invalid: s.context.replyError !== null, onValue: (value) => send({ type: 'reply.change', value }) }),
    getReplyErrorProps: () => fieldErrorProps(replyId),
    getReplySubmitProps: () => submitProps({ disabled: s.matches({ ready: { reply: 'sending' } }) }),
  };
}
