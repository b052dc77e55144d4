import { legalPath } from '../../../core/legal/documents';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';

registerMessages(messages);

/**
 * The legal documents under the risk warning on every page (issue 30 §5), each a public page in
 * the page's language. Loaded after the page (its own small chunk), so the login and landing
 * pages stay within their budgets.
 */
export default function LegalLinks() {
  const { t, lang } = useT();
  return (
    <nav className="risk-docs" aria-label={t('legal.all')} data-testid="legal-links">
      {(['risk_disclosure', 'client_agreement', 'privacy_notice'] as const).map((doc) => (
        <a key={doc} href={legalPath(lang, doc)}>
          {t(`legal.name.${doc}`)}
        </a>
      ))}
    </nav>
  );
}
