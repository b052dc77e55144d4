import { useEffect } from 'react';
import { useT } from '../../i18n';

/** The page's title in the page's language: "{title} · {app name}". */
export function usePageTitle(key: string): void {
  const { t } = useT();
  const title = `${t(key)} · ${t('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
