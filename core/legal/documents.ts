/**
 * The legal documents' ids and the addresses of their public pages (/{lang}/legal/{slug}): the
 * small part of the table that every page's links need (the risk line, the registration form).
 * Their versions, dates and change notes are ./versions.ts; their texts ./texts/.
 */
export const LEGAL_DOCUMENTS = ['client_agreement', 'risk_disclosure', 'privacy_notice'] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_SLUGS = {
  client_agreement: 'client-agreement',
  risk_disclosure: 'risk-disclosure',
  privacy_notice: 'privacy-notice',
} as const satisfies Record<LegalDocumentId, string>;

export const isLegalDocument = (value: string): value is LegalDocumentId => (LEGAL_DOCUMENTS as readonly string[]).includes(value);

/** The document at a public page's slug, or null. */
export const documentOfSlug = (slug: string): LegalDocumentId | null => LEGAL_DOCUMENTS.find((doc) => LEGAL_SLUGS[doc] === slug) ?? null;

/** The public page of a document in a language: /{lang}/legal/{slug}. */
export const legalPath = (lang: string, doc: LegalDocumentId): string => `/${lang}/legal/${LEGAL_SLUGS[doc]}`;
