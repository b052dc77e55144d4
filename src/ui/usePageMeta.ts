import { useEffect } from 'react';
import { useT } from '../i18n';

/** Sets the page's description meta tag (created when index.html has none). */
export function setDescription(text: string): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}

/**
 * The page's `<title>` ("{title} · {app name}", e.g. "Deposit · Brokerage") and meta description
 * in the page's language, from message keys. Null keys leave them as they are.
 */
export function usePageMeta(titleKey: string | null, descriptionKey?: string | null): void {
  const { t } = useT();
  const title = titleKey ? `${t(titleKey)} · ${t('app.name')}` : null;
  const description = descriptionKey ? t(descriptionKey) : null;
  useEffect(() => {
    if (title) document.title = title;
    if (description) setDescription(description);
  }, [title, description]);
}
