import type { LegalStatus } from '../../../core/contract/legal';
import { currentVersions, LEGAL_BASELINE_VERSION, LEGAL_DOCUMENTS, LEGAL_VERSIONS, outdatedDocuments, type LegalDocumentId } from '../../../core/legal/versions';
import '../../db/schema-legal';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

/**
 * The legal documents a trader accepted (issue 30 §5, docs/legal-documents.md): registration
 * records the current versions with the user, a trader whose accepted version is older is asked
 * again, and until they accept, deposits (./../protection/deposit-limits.ts holdDeposit) and
 * trading are refused with `legal.terms_outdated`.
 */

/** how an acceptance came: the registration form, a social or demo registration, asked again after sign-in, the sandbox's factory */
export type AcceptanceSource = 'registration' | 'social' | 'demo' | 'asked_again' | 'sandbox';

/** Records `versions` as accepted now (in the caller's transaction: registration's is the one that creates the user). */
export async function recordAcceptance(
  trx: DbOrTx,
  userId: number,
  versions: Partial<Record<LegalDocumentId, number>>,
  input: { lang: string; source: AcceptanceSource; now: Date },
): Promise<void> {
  const rows = LEGAL_DOCUMENTS.flatMap((document) => {
    const version = versions[document];
    return version === undefined ? [] : [{ user_id: userId, document, version, lang: input.lang, source: input.source, accepted_at: input.now }];
  });
  if (rows.length === 0) return;
  await trx.insertInto('legal_acceptances').values(rows).onConflict((c) => c.columns(['user_id', 'document', 'version']).doNothing()).execute();
}

/** The highest version of each document the trader accepted (a document without a record: absent). */
export async function acceptedVersions(db: DbOrTx, userId: number): Promise<Partial<Record<LegalDocumentId, number>>> {
  const rows = await db.selectFrom('legal_acceptances').select(['document', (eb) => eb.fn.max('version').as('version')]).where('user_id', '=', userId).groupBy('document').execute();
  const accepted: Partial<Record<LegalDocumentId, number>> = {};
  for (const row of rows) if ((LEGAL_DOCUMENTS as readonly string[]).includes(row.document)) accepted[row.document as LegalDocumentId] = Number(row.version);
  return accepted;
}

export async function legalStatus(db: DbOrTx, userId: number): Promise<LegalStatus> {
  const accepted = await acceptedVersions(db, userId);
  return {
    documents: LEGAL_DOCUMENTS.map((document) => ({
      document,
      version: LEGAL_VERSIONS[document].version,
      effective: LEGAL_VERSIONS[document].effective,
      accepted: accepted[document] ?? LEGAL_BASELINE_VERSION,
    })),
    outdated: outdatedDocuments(accepted),
  };
}

const TITLES: Record<LegalDocumentId, string> = { client_agreement: 'Client Agreement', risk_disclosure: 'Risk Disclosure', privacy_notice: 'Privacy Notice' };
const names = (docs: readonly LegalDocumentId[]): string => docs.map((d) => TITLES[d]).join(', ');

/**
 * The versions the trader was shown and accepted (POST /api/legal/accept). Each must be the
 * document's current version: one published after the page was loaded is refused with
 * `legal.outdated` (409) and nothing is written, so the trader reads the new text first.
 */
export async function acceptDocuments(
  db: DbOrTx,
  userId: number,
  accepted: readonly { document: LegalDocumentId; version: number }[],
  input: { lang: string; now: Date },
): Promise<LegalStatus> {
  const current = currentVersions();
  const stale = accepted.filter((a) => a.version !== current[a.document]).map((a) => a.document);
  if (stale.length > 0) {
    throw new Refusal(409, 'legal.outdated', `A newer version of the ${names(stale)} has been published. Please read it and accept it again.`, { params: { documents: stale.join(',') } });
  }
  await recordAcceptance(db, userId, Object.fromEntries(accepted.map((a) => [a.document, a.version])), { lang: input.lang, source: 'asked_again', now: input.now });
  return legalStatus(db, userId);
}

/** What the `terms_outdated` lock says (the documents to accept), or null when every accepted version is current. */
export async function termsLock(db: DbOrTx, userId: number): Promise<Record<string, string> | null> {
  const outdated = outdatedDocuments(await acceptedVersions(db, userId));
  return outdated.length === 0 ? null : { documents: outdated.join(',') };
}

/** Refuses a deposit or a trade while a document's current version is not accepted (`legal.terms_outdated`, 409). */
export async function assertTermsAccepted(db: DbOrTx, userId: number, what: 'deposit' | 'trade'): Promise<void> {
  const outdated = outdatedDocuments(await acceptedVersions(db, userId));
  if (outdated.length === 0) return;
  throw new Refusal(
    409,
    'legal.terms_outdated',
    `We have published a new version of the ${names(outdated)}. Please read and accept it before you ${what === 'deposit' ? 'deposit' : 'trade'}.`,
    { params: { documents: outdated.join(',') } },
  );
}

/**
 * What the platform asks at each trade of a login (compose.ts hands it to the sandbox platform,
 * as a real platform holds the account's trade right): the refusal `legal.terms_outdated` while
 * the trader has not accepted a document's current version, else null (also for a login that is
 * not a trader's).
 */
export async function termsTradingRefusal(db: DbOrTx, login: string): Promise<Refusal | null> {
  const account = await db.selectFrom('accounts').select('user_id').where('platform_login', '=', login.trim().toLowerCase()).executeTakeFirst();
  if (!account || account.user_id === null) return null;
  try {
    await assertTermsAccepted(db, account.user_id, 'trade');
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
}
