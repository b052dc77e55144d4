import { sql } from 'kysely';
import type { VerificationState } from '../../../core/contract/verification';
import type { Verification } from '../../db/schema';
import type { VerificationKind as DocumentKind } from './documents';
import { toBigInt } from '../../db/values';
import { DEPOSIT_KINDS, type DbOrTx } from '../ledger';
import { Refusal } from '../refusal';
import { DOCUMENT_MAX_BYTES, listDocuments } from './documents';

/**
 * What a trader must send and may do on the personal page: the required documents,
 * who may upload (spec 001 §5) and who may sign (spec 002 §4). The page shows what this says;
 * the upload routes enforce the same rules (requireUploadAllowed).
 */

/** how many files one upload control takes (spec: file-max, default 1) */
export const FILE_MAX = 1;
/** the identity document asked for when the user has no verification_type of their own */
export const DEFAULT_VERIFICATION_TYPE = 'passport';
/** identity documents a verification_type may name (the first required document) */
const IDENTITY_KINDS: readonly DocumentKind[] = ['passport'];

export interface VerificationFacts {
  userId: number;
  email: string;
  verification: Verification;
  /** users has no verification_type column: every trader is asked for a passport */
  verificationType: string;
  signed: boolean;
  canUploadFlag: boolean;
  wdMethods: string;
  lastCount: number;
  /** deposits in the user's own currency, minor units (as depositsTotal of /api/me) */
  depositsMinor: bigint;
  /** at least one approved card payment */
  cardPayer: boolean;
}

/** The facts the rules below read, from the database (null: no such user). */
export async function verificationFacts(db: DbOrTx, userId: number): Promise<VerificationFacts | null> {
  const user = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.email',
      'u.verification',
      'u.sign',
      'u.can_upload',
      'u.wd_methods',
      'u.last_count',
      sql<bigint | string>`coalesce((
        select sum(e.amount_minor) from ledger_entries e
        join ledger_transactions t on t.id = e.tx_id
        join accounts a on a.id = e.account_id
        where a.user_id = u.id and a.currency = u.currency and e.amount_minor > 0 and t.kind in (${sql.join(DEPOSIT_KINDS)})
      ), 0)::bigint`.as('deposits_minor'),
      sql<boolean>`exists (select 1 from card_payments p where p.user_id = u.id and p.status = 'approved')`.as('card_payer'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  return {
    userId: user.id,
    email: user.email,
    verification: user.verification,
    verificationType: DEFAULT_VERIFICATION_TYPE,
    signed: user.sign,
    canUploadFlag: user.can_upload,
    wdMethods: user.wd_methods,
    lastCount: user.last_count,
    depositsMinor: toBigInt(user.deposits_minor),
    cardPayer: Boolean(user.card_payer),
  };
}

/** The documents this trader needs, in order: their identity document, proof of address, and the card's two sides once they have paid by card. */
export function requiredKinds(facts: Pick<VerificationFacts, 'verificationType' | 'cardPayer'>): DocumentKind[] {
  const identity = (IDENTITY_KINDS as readonly string[]).includes(facts.verificationType) ? (facts.verificationType as DocumentKind) : 'passport';
  const kinds: DocumentKind[] = [identity, 'address'];
  if (facts.cardPayer) kinds.push('card_front', 'card_back');
  return kinds;
}

const hasDeposited = (facts: VerificationFacts): boolean => facts.depositsMinor > 0n;

/** Spec 001 §5: (has withdrawal methods AND has deposited) OR can_upload. */
export function canUpload(facts: VerificationFacts): boolean {
  return (facts.wdMethods.trim() !== '' && hasDeposited(facts)) || facts.canUploadFlag;
}

/** The trading block of spec 002 §4: not Full, and has deposited or has traded (last_count), and not signed. */
export function underTradingBlock(facts: VerificationFacts): boolean {
  return facts.verification !== 'Full' && (hasDeposited(facts) || facts.lastCount > 0) && !facts.signed;
}

/**
 * Who may save a signature: whoever has signed already, can_upload, or the trader under the
 * trading block. The last is deliberate: the block lifts only on a saved signature or document
 * (002 §4), and a blocked trader usually may not upload documents yet (no withdrawal method), so
 * refusing them the signature would leave them unable to ever trade.
 */
export function canSign(facts: VerificationFacts): boolean {
  return facts.signed || facts.canUploadFlag || (facts.verification !== 'Full' && (hasDeposited(facts) || facts.lastCount > 0));
}

const noUser = () => new Refusal(401, 'auth.required', 'Please sign in.');

/** GET /api/verification/documents: everything the personal page shows. */
export async function verificationState(db: DbOrTx, userId: number): Promise<VerificationState> {
  const facts = await verificationFacts(db, userId);
  if (!facts) throw noUser();
  const documents = await listDocuments(db, userId);
  return {
    verification: facts.verification,
    verification_type: facts.verificationType,
    required: requiredKinds(facts),
    documents,
    canUpload: canUpload(facts),
    canSign: canSign(facts),
    signed: facts.signed,
    // listDocuments is newest first
    signatureId: documents.find((d) => d.kind === 'signature')?.id ?? null,
    fileMax: FILE_MAX,
    maxBytes: DOCUMENT_MAX_BYTES,
  };
}

export const UPLOAD_NOT_ALLOWED = 'upload.not_allowed';
const cannotUpload = () =>
  new Refusal(403, UPLOAD_NOT_ALLOWED, 'You can upload documents once you have deposited and set up a withdrawal method. Contact support if you need to upload them sooner.');
const cannotSign = () =>
  new Refusal(403, UPLOAD_NOT_ALLOWED, 'There is nothing for you to sign yet: the agreement is signed once you have deposited or traded on an account that is not verified.');

/** Whether this trader may upload anything at all (a document or a signature): refused before the body is read. */
export async function requireAnyUploadAllowed(db: DbOrTx, userId: number): Promise<VerificationFacts> {
  const facts = await verificationFacts(db, userId);
  if (!facts) throw noUser();
  if (!canUpload(facts) && !canSign(facts)) throw cannotUpload();
  return facts;
}

/** A signature needs canSign, any other document canUpload: otherwise 403 upload.not_allowed, saying why. */
export function requireKindAllowed(facts: VerificationFacts, kind: DocumentKind): void {
  if (kind === 'signature') {
    if (!canSign(facts)) throw cannotSign();
  } else if (!canUpload(facts)) {
    throw cannotUpload();
  }
}
