import type { TermsApi } from '../../flows/legal/terms.connect';
import { LEGAL_VERSIONS } from '../../../core/legal/versions';
import { formatDate } from '../../../core/format-dates';
import { useT } from '../../i18n';
import { LegalDocumentText } from './LegalDocumentText';

/**
 * What the dialog and the Documents page show of the documents to accept: for each, its version and
 * date and what changed; then their full text in one scrollable box that takes the Tab focus (the
 * arrow keys and Page Down scroll it).
 */
export function TermsToAccept({ terms, idPrefix }: { terms: TermsApi; idPrefix: string }) {
  const { t, lang } = useT();
  const textTitle = `${idPrefix}-text-title`;
  return (
    <>
      {terms.shown.map((shown) => (
        <div key={shown.document} className="legal-changes" data-testid={`terms-changes-${shown.document}`}>
          <h3>
            {t(`legal.name.${shown.document}`)}: {t('legal.version', { version: String(shown.version), date: formatDate(`${shown.effective}T00:00:00Z`, 'UTC') })}
          </h3>
          <p>
            <strong>{t('legal.changes')}:</strong> {LEGAL_VERSIONS[shown.document].changes[lang === 'ru' ? 'ru' : 'en']}
          </p>
        </div>
      ))}
      <p {...terms.getTitleProps(textTitle)} className="visually-hidden">
        {t('legal.text_label')}
      </p>
      <div className="legal-scroll" {...terms.getTextProps(textTitle)} data-testid="terms-text">
        {terms.shown.map((shown) => (
          <LegalDocumentText key={shown.document} doc={shown.document} level={3} withTitle />
        ))}
      </div>
    </>
  );
}
