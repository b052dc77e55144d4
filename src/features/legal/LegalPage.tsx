import { useEffect } from 'react';
import { connectLegalPage } from '../../flows/legal/legal-page.connect';
import { registerMessages, useT } from '../../i18n';
import { mainProps } from '../../ui/SkipLink';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { LegalDocumentText, VersionLine } from './LegalDocumentText';
import { messages } from './messages';
import './legal.css';

registerMessages(messages);

/**
 * /{lang}/legal/{slug} (issue 30 §5): a legal document in full in the page's language, for
 * anyone, signed in or not (the registration form's links open it in a new tab). /{lang}/legal
 * lists the three. The server answers an unknown slug with its 404 page (server/http/site.ts).
 */
export default function LegalPage() {
  const { t, lang } = useT();
  const page = connectLegalPage(window.location.pathname, lang);
  const { doc } = page;
  const title = doc ? t(`legal.name.${doc}`) : t('legal.index_title');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <main className="legal-page" {...mainProps()}>
      <div className="legal-page__top">
        <a className="brand" href={`/${lang}/`}>
          {t('app.name')}
        </a>
        <LanguageSwitch />
      </div>
      <h1>{title}</h1>
      {doc ? (
        <>
          <VersionLine doc={doc} />
          <LegalDocumentText doc={doc} />
        </>
      ) : (
        <p>{t('legal.index_intro')}</p>
      )}
      <nav className="legal-page__nav" aria-label={t('legal.all')}>
        <h2>{t('legal.all')}</h2>
        <ul>
          {page.documents.map((other) => (
            <li key={other}>
              <a {...page.getLinkProps(other)}>
                {t(`legal.name.${other}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
