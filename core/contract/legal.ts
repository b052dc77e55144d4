import * as z from 'zod/mini';
import { LEGAL_DOCUMENTS, LEGAL_LANGUAGES } from '../legal/versions';

/**
 * The legal documents a trader accepted (issue 30 §5; the table in core/legal/versions.ts,
 * docs/legal-documents.md).
 *
 * Calls (signed in; the POST carries the CSRF header):
 *   GET  /api/legal/status                     LegalStatus: each document's current version and the one accepted
 *   POST /api/legal/accept  LegalAcceptRequest  LegalStatus (409 legal.outdated: a version sent is not the current one)
 */
export const LegalDocument = z.enum(LEGAL_DOCUMENTS);

export const LegalDocumentStatus = z.object({
  document: LegalDocument,
  /** the current version */
  version: z.number(),
  /** the day it took effect, YYYY-MM-DD */
  effective: z.string(),
  /** the version the trader accepted (1, the baseline, when none is recorded) */
  accepted: z.number(),
});
export type LegalDocumentStatus = z.infer<typeof LegalDocumentStatus>;

export const LegalStatus = z.object({
  documents: z.array(LegalDocumentStatus),
  /** the documents whose current version the trader has not accepted: deposits and trading wait for them */
  outdated: z.array(LegalDocument),
});
export type LegalStatus = z.infer<typeof LegalStatus>;

/** the versions the trader was shown and accepted, one per document */
export const LegalAcceptRequest = z.object({
  // any number: a version that is not the current one (a fraction, a negative one too) is refused by the server with legal.outdated
  accepted: z.array(z.object({ document: LegalDocument, version: z.number() })).check(z.minLength(1), z.maxLength(LEGAL_DOCUMENTS.length)),
  /** the language the documents were shown in */
  lang: z.optional(z.enum(LEGAL_LANGUAGES)),
});
export type LegalAcceptRequest = z.infer<typeof LegalAcceptRequest>;
