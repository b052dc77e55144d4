import type { LegalDocumentId } from '../../../core/legal/documents';
import { useLegalText } from '../../flows/legal/legal-text.hooks';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { LEGAL_VERSIONS } from '../../../core/legal/versions';
import { formatDate } from '../../../core/format-dates';

/**
 * A legal document's full text in the page's language: its sections as headings and plain
 * paragraphs (text only: nothing in a document is read as markup). `level`: the headings' level
 * under the page's own (a public page's title is h1: its sections are h2; inside a dialog h3).
 * `withTitle`: the document's own title above (when several are shown one after another).
 */
export function LegalDocumentText({ doc, level = 2, withTitle = false }: { doc: LegalDocumentId; level?: 2 | 3; withTitle?: boolean }) {
  const { t, lang } = useT();
  const { text, failed, retry } = useLegalText(doc, lang);
  if (failed) {
    return (
      <p className="form-error" role="alert">
        {t('legal.load_failed')}{' '}
        <button type="button" className="button button--small" onClick={retry}>
          {t('legal.retry')}
        </button>
      </p>
    );
  }
  if (!text) return <Spinner label={t('legal.loading')} />;
  const Title = level === 2 ? 'h2' : 'h3';
  const Heading = withTitle ? (level === 2 ? 'h3' : 'h4') : Title;
  return (
    <div className="legal-text" data-testid={`legal-text-${doc}`}>
      {withTitle && <Title>{text.title}</Title>}
      <p className="legal-text__summary">{text.summary}</p>
      {text.sections.map((section) => (
        <section key={section.heading}>
          <Heading>{section.heading}</Heading>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

/** "Version 1, in effect from 30.11.2026" */
export function VersionLine({ doc }: { doc: LegalDocumentId }) {
  const { t } = useT();
  const v = LEGAL_VERSIONS[doc];
  return <p className="legal-page__version muted">{t('legal.version', { version: String(v.version), date: formatDate(`${v.effective}T00:00:00Z`, 'UTC') })}</p>;
}

