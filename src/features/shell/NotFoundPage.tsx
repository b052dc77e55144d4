import { useEffect } from 'react';
import { notFoundText } from '../../../core/site-pages';
import { useT } from '../../i18n';
import { setDescription } from '../../ui/usePageMeta';

/**
 * An unknown address under a language: the server answered it with 404 and the same text
 * (core/site-pages.ts, both languages: one source for the static page and this view). Its own
 * chunk: only a mistyped address loads it.
 */
export default function NotFoundPage() {
  const { lang } = useT();
  const text = notFoundText(lang);
  useEffect(() => {
    document.title = `${text.title} · ${text.site}`;
    setDescription(text.description);
  }, [text]);
  return (
    <main className="centered not-found" data-testid="not-found">
      <section className="panel">
        <h1>{text.heading}</h1>
        <p>{text.body}</p>
        <p>
          <a className="button" href={`/${lang}/`}>{text.home}</a>{' '}
          <a href={`/${lang}/login`}>{text.login}</a>
        </p>
      </section>
    </main>
  );
}
