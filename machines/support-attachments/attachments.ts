import { sendParent } from 'xstate';
import { SUPPORT_LIMITS } from '../../core/contract/support';
import type { DocumentKind } from '../../core/contract/verification';
import { msg, type Msg } from '../../core/message';
import { UPLOAD_MAX_BYTES } from '../../core/upload';
import { uploadItemMachine } from '../upload-item/upload-item.machine';
import type { ChosenFile } from '../upload-item/upload-item.types';

/**
 * Attachments of a support message, shared by the reply box (ticketThread) and the new
 * ticket form (newTicket): each chosen file is one upload control (machines/upload-item) spawned as
 * a child whose id is its slot; the control stages the file on the server
 * (POST /api/kayako/upload/attachment/no) and tells its parent the stored id. The message then
 * carries the ids of its stored attachments.
 */

/** the upload kind of a staged attachment (the path /api/kayako/upload/attachment/no) */
export const ATTACHMENT_KIND = 'attachment' as string as DocumentKind;

/** the largest attachment when the form options do not say (like every upload: core/upload.ts) */
export const ATTACHMENT_MAX_BYTES = UPLOAD_MAX_BYTES;

/** One chosen attachment: its control's id (slot), the file's name, and the stored id once staged. */
export interface StagedAttachment {
  slot: string;
  name: string;
  /** the stored attachment's id; null while uploading, failed or refused */
  id: string | null;
}

/** what a parent holding attachments keeps in its context */
export interface AttachmentsContext {
  attachments: StagedAttachment[];
  /** slots opened so far (the next slot's number) */
  slots: number;
  maxAttachments: number;
  maxBytes: number;
  /** something said beside the attachments that is not an error (extra files left out) */
  notice: Msg | null;
}

export type AttachmentEvent =
  /** files dropped or picked in the attachment input */
  | { type: 'attachments.chosen'; files: ChosenFile[] }
  /** from an upload control: its file is staged */
  | { type: 'attachment.stored'; slot: string; id: string }
  /** the trader takes one attachment off the message */
  | { type: 'attachment.remove'; slot: string };

/** an upload control as a child of a support form: a staged file tells the form its id */
export const attachmentChild = uploadItemMachine.provide({
  actions: { stored: sendParent(({ context }) => ({ type: 'attachment.stored', slot: context.target, id: context.document?.id ?? '' })) },
});

export const attachmentsContext = (maxAttachments: number | undefined, maxBytes: number | undefined): AttachmentsContext => ({
  attachments: [],
  slots: 0,
  maxAttachments: Math.max(0, Math.min(maxAttachments ?? SUPPORT_LIMITS.attachments, SUPPORT_LIMITS.attachments)),
  maxBytes: maxBytes && maxBytes > 0 ? maxBytes : ATTACHMENT_MAX_BYTES,
  notice: null,
});

/** Which of the chosen files get a slot (as many as the message may still carry), and what is said about the rest. */
export function planSlots(context: AttachmentsContext, files: ChosenFile[], prefix: string): { add: Array<{ slot: string; file: ChosenFile }>; notice: Msg | null } {
  const free = Math.max(0, context.maxAttachments - context.attachments.length);
  const add = files.slice(0, free).map((file, i) => ({ slot: `${prefix}${context.slots + i}`, file }));
  return { add, notice: files.length > free ? msg('support.attachments_max', undefined, { max: context.maxAttachments }) : null };
}

/** the input of the upload control of one slot */
export const slotInput = (context: AttachmentsContext, slot: string) => ({ kind: ATTACHMENT_KIND, maxBytes: context.maxBytes, fileMax: 1, target: slot });

/** the stored ids the message carries */
export const storedIds = (attachments: StagedAttachment[]): string[] => attachments.flatMap((a) => (a.id ? [a.id] : []));

/** an attachment is not staged yet (uploading, or failed and not removed): the message waits */
export const attachmentsPending = (attachments: StagedAttachment[]): boolean => attachments.some((a) => a.id === null);

export const markStored = (attachments: StagedAttachment[], slot: string, id: string): StagedAttachment[] =>
  attachments.map((a) => (a.slot === slot ? { ...a, id: id || null } : a));

/** the removed attachment was the newest staged one: the server takes it back (POST /api/kayako/upload/attachment/unshift) */
export function removesNewestStaged(attachments: StagedAttachment[], slot: string): boolean {
  const staged = attachments.filter((a) => a.id !== null);
  return staged.length > 0 && staged[staged.length - 1].slot === slot;
}

/**
 * Files chosen for a message: the upload controls to open (slot, its input, its file) and the
 * attachments part of the context after. Both forms (reply, new ticket) spawn and assign from it.
 */
export function chooseAttachments(context: AttachmentsContext, files: ChosenFile[], prefix: string) {
  const { add, notice } = planSlots(context, files, prefix);
  return {
    open: add.map(({ slot, file }) => ({ slot, file, input: slotInput(context, slot) })),
    next: { attachments: [...context.attachments, ...add.map(({ slot, file }): StagedAttachment => ({ slot, name: file.name, id: null }))], slots: context.slots + add.length, notice },
  };
}

/** One attachment taken off a message: null when the slot is not there; else whether the server takes it back (unshift) and the attachments after. */
export function dropAttachment(context: AttachmentsContext, slot: string): { unstage: boolean; next: Pick<AttachmentsContext, 'attachments' | 'notice'> } | null {
  if (!context.attachments.some((a) => a.slot === slot)) return null;
  return { unstage: removesNewestStaged(context.attachments, slot), next: { attachments: context.attachments.filter((a) => a.slot !== slot), notice: null } };
}

/** A text's bound (SUPPORT_LIMITS): required and at most `max` characters, else the message key. */
export function checkText(value: string, max: number, field: 'subject' | 'content'): Msg | null {
  if (value.trim() === '') return msg(`support.${field}_required`);
  if (value.length > max) return msg(`support.${field}_too_long`, undefined, { max, length: value.length });
  return null;
}
