import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { TicketAbout } from '../../../core/contract/support';
import { newTicketMachine } from '../../../machines/new-ticket/new-ticket.machine';
import { attachmentChild, type StagedAttachment } from '../../../machines/support-attachments/attachments';
import { SUPPORT_CHILD, supportInitChild, supportPageMachine, ticketThreadChild } from '../../../machines/support-page/support-page.machine';
import { ticketListMachine } from '../../../machines/ticket-list/ticket-list.machine';
import { onServerEvent } from '../../api/events';
import {
  ATTACHMENT_UPLOAD_URL,
  closeTicket,
  createTicket,
  dropAttachments,
  initSupport,
  listTickets,
  loadTicketForm,
  replyTicket,
  showTicket,
  unshiftAttachment,
} from '../../api/support';
import { sessionActor } from '../shell/app.flow';
import { inspect } from '../shared/inspector';
import { connectSupportPage, connectTicketList } from './support-page.connect';
import { connectTicketThread } from './support-thread.connect';
import { connectNewTicket } from './support-ticket.connect';
import { uploadCallback } from '../shared/upload';
import { connectUploadItem } from '../verification/verification.connect';

/** the default department of the support dialog (002 §3) when the form options do not say */
export const DIALOG_DEPARTMENT = '62';

/** a random seed for idempotency keys (getRandomValues works on plain http too, unlike randomUUID) */
export function keySeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const refreshUser = () => sessionActor.send({ type: 'user.update' });
const quietly = (work: () => Promise<unknown>) => () => {
  // tidying staged files: a failure leaves them staged, which the next drop clears
  work().catch(() => undefined);
};

/** a staged attachment's upload: the one uploader, to /api/kayako/upload/attachment/no */
export const attachmentFlow = attachmentChild.provide({
  actors: { upload: uploadCallback(() => ATTACHMENT_UPLOAD_URL) },
  actions: { logout: () => sessionActor.send({ type: 'session.logout' }) },
});

const attachmentEffects = { unstage: quietly(unshiftAttachment) };

export const ticketListFlow = ticketListMachine.provide({ actors: { list: fromPromise(() => listTickets()) } });

export const ticketThreadFlow = ticketThreadChild.provide({
  actors: {
    show: fromPromise(({ input }) => showTicket(input)),
    reply: fromPromise(({ input }) => replyTicket(input)),
    close: fromPromise(({ input }) => closeTicket(input)),
    attachment: attachmentFlow,
  },
  // the header's unread count follows what the trader has read
  actions: { seen: refreshUser, ...attachmentEffects },
});

export const newTicketFlow = newTicketMachine.provide({
  actors: {
    loadForm: fromPromise(() => loadTicketForm()),
    create: fromPromise(({ input }) => createTicket(input)),
    attachment: attachmentFlow,
  },
  actions: { createdEffect: refreshUser, drop: quietly(dropAttachments), ...attachmentEffects },
});

export const supportPageFlow = supportPageMachine.provide({
  actors: {
    init: supportInitChild.provide({ actors: { init: fromPromise(() => initSupport()) } }),
    list: ticketListFlow,
    thread: ticketThreadFlow,
    compose: newTicketFlow,
  },
});

type ListRef = ActorRefFrom<typeof ticketListFlow>;
type ThreadRef = ActorRefFrom<typeof ticketThreadFlow>;
type ComposeRef = ActorRefFrom<typeof newTicketFlow>;
export type AttachmentRef = ActorRefFrom<typeof attachmentFlow>;

/** the upload controls of a form's attachments, by slot */
function attachmentRefs(children: Record<string, unknown>, attachments: StagedAttachment[]) {
  return attachments.map((a) => ({ ...a, ref: children[a.slot] as AttachmentRef | undefined }));
}

/**
 * The support page, #/show/support[/{id}]: init with its retries, the list, the new ticket form or
 * one thread (children of the page machine), following ticket.updated pushed by the server.
 */
export function useSupportPage(ticket: string | null) {
  const actor = useActorRef(supportPageFlow, { input: { keySeed: keySeed(), ticket }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  useEffect(
    () =>
      onServerEvent((event) => {
        if (event.type === 'ticket.updated' && event.id) actor.send({ type: 'ticket.updated', id: event.id, status: event.status });
      }),
    [actor],
  );
  return {
    ...connectSupportPage(snapshot, actor.send),
    listRef: snapshot.children[SUPPORT_CHILD.list] as ListRef | undefined,
    threadRef: snapshot.children[SUPPORT_CHILD.thread] as ThreadRef | undefined,
    composeRef: snapshot.children[SUPPORT_CHILD.compose] as ComposeRef | undefined,
  };
}

export function useTicketList(ref: ListRef) {
  return connectTicketList(useSelector(ref, (s) => s), ref.send);
}

export function useTicketThread(ref: ThreadRef) {
  const snapshot = useSelector(ref, (s) => s);
  const api = connectTicketThread(snapshot, ref.send);
  return { ...api, files: attachmentRefs(snapshot.children, api.attachments) };
}

export function useNewTicket(ref: ComposeRef) {
  const snapshot = useSelector(ref, (s) => s);
  const api = connectNewTicket(snapshot, ref.send);
  return { ...api, files: attachmentRefs(snapshot.children, api.attachments) };
}

/** One attachment's upload control (progress, cancel, refusal, retry). */
export function useAttachment(ref: AttachmentRef) {
  const api = connectUploadItem(useSelector(ref, (s) => s), ref.send);
  // the upload's refusal is said at once
  return { ...api, uploading: api.phase === 'uploading', stored: api.phase === 'success', getProblemProps: () => ({ role: 'alert' as const }) };
}

/**
 * The support dialog (a dynamic modal): a new ticket in department '62', optionally about a
 * payment, an invoice or a withdrawal; closes 3500 ms after the success (the machine's delay).
 */
export function useSupportDialog(about: TicketAbout | null, onClose: () => void) {
  const actor = useActorRef(newTicketFlow, { input: { department: DIALOG_DEPARTMENT, about, keySeed: keySeed(), dialog: true }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  const api = connectNewTicket(snapshot, actor.send);
  const { finished } = api;
  useEffect(() => {
    if (finished) onClose();
  }, [finished, onClose]);
  return { ...api, files: attachmentRefs(snapshot.children, api.attachments) };
}
