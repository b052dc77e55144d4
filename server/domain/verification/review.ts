import type { ServerEvent } from '../../../core/contract/events';
import type { Db } from '../../db';
import type { Verification } from '../../db/schema';
import type { DocumentKind, DocumentMime, DocumentStatus } from '../../db/schema-verification';
import type { Messenger } from '../ports';
import { notificationKey } from '../notifications/key';
import { notify } from '../notifications/notify';
import { Refusal } from '../refusal';
import { isDocumentId, moveDocument, type DocumentFile, type DocumentSummary } from './documents';
import { requiredKinds, verificationFacts } from './state';
import { KIND, reviewMail, siteLink, userLang, type MailLang } from '../mail';

/**
 * The review of verification documents: a reviewer starts, approves or rejects a
 * document (the state machine of documents.ts, by conditional UPDATEs); approving the last
 * required document makes the trader Full in the same transaction. After the commit the owner's
 * tabs are told (push) and the owner gets a message (the Messenger port).
 */

export type ReviewDecision = 'start' | 'approve' | 'reject';
export const REVIEW_DECISIONS: readonly ReviewDecision[] = ['start', 'approve', 'reject'];
export const isReviewDecision = (value: unknown): value is ReviewDecision => typeof value === 'string' && (REVIEW_DECISIONS as readonly string[]).includes(value);

/** How a document is named to its owner. */
export const KIND_LABEL: Readonly<Record<DocumentKind, string>> = KIND.en;

export interface ReviewOutcome {
  document: DocumentSummary;
  userId: number;
  email: string;
  /** the user's verification after the review */
  verification: Verification;
  /** this approval completed the required documents: the user just became Full */
  becameFull: boolean;
  /** the trader's language: the language of the email */
  lang: MailLang;
}

/** What happens after the commit: pushes to the owner's tabs and a message. */
export interface ReviewEffects {
  messenger?: Messenger;
  /** the site's address (config.siteUrl): the email links the personal page absolutely */
  siteUrl?: string;
  publish?: (userId: number, event: ServerEvent) => void;
}

const notFound = () => new Refusal(404, 'not_found', 'No such document.');

/**
 * Starts, approves or rejects a document, in one transaction. Approving or rejecting a document
 * that is still 'uploaded' passes through 'in_review' (the state machine has no shortcut). A
 * rejection needs a reason. After an approval, when every required kind has an approved document,
 * the user's verification becomes 'Full'. Then `effects` are run (after the commit).
 */
export async function reviewDocument(db: Db, id: string, decision: ReviewDecision, reason?: string | null, effects: ReviewEffects = {}, now: Date = new Date()): Promise<ReviewOutcome> {
  if (!isReviewDecision(decision)) throw new Refusal(400, 'review.decision', 'Choose start, approve or reject.');
  if (!isDocumentId(id)) throw notFound();
  if (decision === 'reject' && (reason ?? '').trim() === '') throw new Refusal(400, 'document.reason', 'Say why the document is rejected.');
  const outcome = await db.transaction().execute(async (trx) => {
    // a support attachment is no identity document: nothing to review
    const current = await trx.selectFrom('documents').select(['status', 'user_id']).where('id', '=', id).where('kind', '<>', 'attachment').forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    let document: DocumentSummary;
    if (decision === 'start') {
      document = await moveDocument(trx, id, 'in_review', null, now);
    } else {
      if (current.status === 'uploaded') await moveDocument(trx, id, 'in_review', null, now);
      document = await moveDocument(trx, id, decision === 'approve' ? 'approved' : 'rejected', reason ?? null, now);
    }
    const facts = await verificationFacts(trx, current.user_id);
    if (!facts) throw notFound();
    let verification = facts.verification;
    let becameFull = false;
    if (decision === 'approve' && verification !== 'Full') {
      const approved = await trx.selectFrom('documents').select('kind').distinct().where('user_id', '=', current.user_id).where('status', '=', 'approved').execute();
      const have = new Set(approved.map((row) => row.kind));
      if (requiredKinds(facts).every((kind) => have.has(kind))) {
        await trx.updateTable('users').set({ verification: 'Full' }).where('id', '=', current.user_id).execute();
        verification = 'Full';
        becameFull = true;
      }
    }
    // the trader's bell: the review's outcome, stored with it; announceReview pushes notification.new
    if (document.status === 'approved' || document.status === 'rejected') {
      await notify(trx, {
        userId: current.user_id,
        kind: `document.${document.status}`,
        params: { document: document.kind, ...(document.reason && { reason: document.reason.slice(0, 500) }), ...(becameFull && { verified: 'full' }) },
        key: notificationKey('document', id, document.status),
      });
    }
    return { document, userId: current.user_id, email: facts.email, verification, becameFull, lang: await userLang(trx, current.user_id) };
  });
  await announceReview(outcome, effects);
  return outcome;
}

/** The owner's notification of a review (an email through the Messenger), in the trader's language (server/domain/mail.ts). */
export function reviewMessage(outcome: ReviewOutcome, siteUrl = ''): { subject: string; body: string } | null {
  const { document } = outcome;
  if (document.status !== 'approved' && document.status !== 'rejected') return null;
  return reviewMail(outcome.lang, document.kind, document.status, document.reason ?? null, outcome.becameFull, siteLink(siteUrl, `/${outcome.lang}/trading#/show/personal`));
}

/** Pushes document.updated and user.updated to the owner's tabs, then sends the message of an approval or rejection. */
export async function announceReview(outcome: ReviewOutcome, { messenger, publish, siteUrl }: ReviewEffects): Promise<void> {
  const { document, userId } = outcome;
  if (publish) {
    publish(userId, { type: 'document.updated', id: document.id, status: document.status, kind: document.kind, ...(document.reason && { reason: document.reason }) });
    publish(userId, { type: 'user.updated' });
    if (document.status === 'approved' || document.status === 'rejected') publish(userId, { type: 'notification.new' });
  }
  const message = reviewMessage(outcome, siteUrl);
  if (messenger && message) await messenger.send({ userId, channel: 'email', address: outcome.email, ...message });
}

export interface PendingDocument {
  id: string;
  userId: number;
  email: string;
  kind: DocumentKind;
  status: DocumentStatus;
  mime: DocumentMime;
  size: number;
  created_at: string;
}

/** For the reviewer: documents 'uploaded' or 'in_review', oldest first, with the owner's email; never their content. */
type ReviewRow = { id: string; user_id: number; email: string; kind: DocumentKind; status: DocumentStatus; mime: DocumentMime; size_bytes: number; created_at: Date };

const pendingOf = (r: ReviewRow): PendingDocument => ({
  id: r.id,
  userId: r.user_id,
  email: r.email,
  kind: r.kind,
  status: r.status,
  mime: r.mime,
  size: r.size_bytes,
  created_at: new Date(r.created_at).toISOString(),
});

export async function listPendingDocuments(db: Db, limit = 200): Promise<PendingDocument[]> {
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.user_id', 'u.email', 'd.kind', 'd.status', 'd.mime', 'd.size_bytes', 'd.created_at'])
    .where('d.status', 'in', ['uploaded', 'in_review'])
    // a transfer receipt is no identity document: the bank console shows it; nor is a support attachment
    .where('d.kind', 'not in', ['receipt', 'attachment'])
    .orderBy('d.created_at', 'asc')
    .orderBy('d.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map(pendingOf);
}

export interface ReviewedDocument extends PendingDocument {
  reason: string | null;
  reviewed_at: string | null;
}

/** For the reviewer: the most recently reviewed documents (approved or rejected), newest first, with their reasons. */
export async function listReviewedDocuments(db: Db, limit = 20): Promise<ReviewedDocument[]> {
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.id', 'd.user_id', 'u.email', 'd.kind', 'd.status', 'd.mime', 'd.size_bytes', 'd.created_at', 'd.reason', 'd.reviewed_at'])
    .where('d.status', 'in', ['approved', 'rejected'])
    .where('d.kind', 'not in', ['receipt', 'attachment'])
    .orderBy('d.reviewed_at', 'desc')
    .orderBy('d.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...pendingOf(r),
    reason: r.reason,
    reviewed_at: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
  }));
}

/** One document with its content, for the reviewer (any owner). */
export async function readDocumentForReview(db: Db, id: string): Promise<DocumentFile> {
  if (!isDocumentId(id)) throw notFound();
  const row = await db.selectFrom('documents').select(['id', 'kind', 'mime', 'content']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return { id: row.id, kind: row.kind, mime: row.mime, content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) };
}
