import { useT } from '../../i18n';
import { usePageMeta } from '../../ui/usePageMeta';

/** An unknown address under a language (the server answered it with 404 and the same text). */
export function NotFoundPage() {
  const { t, lang } = useT();
  usePageMeta('title.not_found', 'description.not_found');
  return (
    <main className="centered not-found" data-testid="not-found">
      <section className="panel">
        <h1>{t('not_found.heading')}</h1>
        <p>{t('not_found.body')}</p>
        <p>
          <a className="button" href={`/${lang}/`}>{t('not_found.home')}</a>{' '}
          <a href={`/${lang}/login`}>{t('not_found.login')}</a>
        </p>
      </section>
    </main>
  );
}
