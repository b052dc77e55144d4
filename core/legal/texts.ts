import type { LegalDocumentId, LegalLanguage } from './versions';

/**
 * A legal document's text: a title and sections of headings and plain paragraphs (no markup: the
 * views render each paragraph as text, nothing is read as HTML). Where a real operator states its
 * own facts (its registered name, its licence and regulator, its ombudsman), the text says so.
 */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface LegalText {
  title: string;
  /** one sentence under the title: what the document is */
  summary: string;
  sections: readonly LegalSection[];
}

type Loader = () => Promise<{ text: LegalText }>;

/** one chunk per document and language: a page loads only the one it shows */
const LOADERS: Record<LegalDocumentId, Record<LegalLanguage, Loader>> = {
  client_agreement: { en: () => import('./texts/client-agreement.en'), ru: () => import('./texts/client-agreement.ru') },
  risk_disclosure: { en: () => import('./texts/risk-disclosure.en'), ru: () => import('./texts/risk-disclosure.ru') },
  privacy_notice: { en: () => import('./texts/privacy-notice.en'), ru: () => import('./texts/privacy-notice.ru') },
};

/** The text of a document in a language (English for a language it is not written in). */
export async function loadLegalText(doc: LegalDocumentId, lang: string): Promise<LegalText> {
  const loaders = LOADERS[doc];
  const loader = lang === 'ru' ? loaders.ru : loaders.en;
  return (await loader()).text;
}
