import { LEGAL_VERSIONS } from '../../../core/legal/versions';
import { legalPath } from '../../../core/legal/documents';
import { formatDate } from '../../../core/format-dates';
import type { PageProps } from '../../app/page';
import { useTermsAcceptance } from '../../flows/legal/terms.flow';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { messages } from './messages';
import { TermsToAccept } from './TermsParts';
import './legal.css';

registerMessages(messages);

/**
 * #/show/terms, the Documents page (the `terms_outdated` lock's next step): each legal document's
 * current version, the version the trader accepted and a link to read it; the documents to accept
 * with what changed, their text and "I have read and accept", at once (no arbiter: the trader
 * came here for it).
 */
export default function TermsPage(_: PageProps) {
  const { t, text, lang } = useT();
  const terms = useTermsAcceptance({ page: true });
  return (
    <section className="panel terms-page" data-testid="terms-page" {...terms.getRegionProps('terms-page-title')}>
      <h1 {...terms.getTitleProps('terms-page-title')}>{t('legal.page.title')}</h1>
      <p className="muted">{t('legal.page.intro')}</p>
      {terms.loading && <Spinner label={t('common.loading')} />}
      {terms.unread && (
        <p {...terms.getErrorProps()} className="form-error">
          {terms.error ? text(terms.error) : t('legal.load_failed')}{' '}
          <button {...terms.getRetryProps()} className="button button--small">
            {t('legal.retry')}
          </button>
        </p>
      )}
      {terms.documents.length > 0 && (
        <ul className="terms-docs">
          {terms.documents.map((d) => (
            <li key={d.document} data-testid={`terms-doc-${d.document}`}>
              <h2>{t(`legal.name.${d.document}`)}</h2>
              <p>{t('legal.version', { version: String(d.version), date: formatDate(`${LEGAL_VERSIONS[d.document].effective}T00:00:00Z`, 'UTC') })}</p>
              <p className="muted">{t('legal.page.accepted_version', { version: String(d.accepted) })}</p>
              <p>
                <a href={legalPath(lang, d.document)} target="_blank" rel="noopener">
                  {t('legal.page.read', { name: t(`legal.name.${d.document}`) })}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
      {(terms.current || terms.accepted) && (
        <p {...terms.getOutcomeProps()} className={terms.accepted ? 'terms-page__ok' : 'muted'} data-testid="terms-outcome">
          {terms.accepted ? t('legal.page.accepted') : t('legal.page.current')}
        </p>
      )}
      {terms.open && (
        <section {...terms.getRegionProps('terms-page-accept')}>
          <h2 {...terms.getTitleProps('terms-page-accept')}>{t('legal.page.to_accept')}</h2>
          {terms.error && (
            <p {...terms.getErrorProps()} className="form-error" data-testid="terms-error">
              {text(terms.error)}
            </p>
          )}
          <TermsToAccept terms={terms} idPrefix="terms-page" />
          <p className="terms-actions">
            <button {...terms.getAcceptProps()} className="button" data-testid="terms-accept">
              {terms.busy ? t('legal.accepting') : t('legal.accept')}
            </button>
          </p>
        </section>
      )}
    </section>
  );
}
