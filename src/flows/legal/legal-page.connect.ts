import { documentOfSlug, LEGAL_DOCUMENTS, legalPath, type LegalDocumentId } from '../../../core/legal/documents';

/**
 * connect() for the public legal pages (/{lang}/legal/{slug}): which document the address names
 * (null: the list of the three) and the links to each, the one shown marked as the current page.
 */
export function connectLegalPage(pathname: string, lang: string) {
  const doc: LegalDocumentId | null = documentOfSlug(pathname.split('/')[3] ?? '');
  return {
    doc,
    documents: LEGAL_DOCUMENTS,
    getLinkProps: (other: LegalDocumentId) => ({ href: legalPath(lang, other), 'aria-current': other === doc ? ('page' as const) : undefined }),
  };
}
