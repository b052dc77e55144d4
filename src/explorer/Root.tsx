import { useEffect, useState } from 'react';
import { I18nProvider, loadDict, type Dict, type Lang } from '../i18n';
import { ExplorerApp } from './App';
import { loadPurposes } from './catalog';
import { ServicesContext, type ExplorerServices } from './services';

export const LANG_KEY = 'explorer.lang';

/** The explorer with its language (switchable, remembered) and its actors. */
export function Root({ services, initial }: { services: ExplorerServices; initial: { lang: Lang; dict: Dict } }) {
  const [current, setCurrent] = useState(initial);
  useEffect(() => {
    document.documentElement.lang = current.lang;
  }, [current.lang]);
  const onLang = (lang: Lang) => {
    try {
      localStorage.setItem(LANG_KEY, lang);
    } catch {
      // private mode: the choice lasts for this page only
    }
    // the machines' purposes in that language come with its words
    void Promise.all([loadDict(lang), loadPurposes(services.catalog, lang)]).then(([dict]) => setCurrent({ lang, dict }));
  };
  return (
    <I18nProvider lang={current.lang} dict={current.dict}>
      <ServicesContext.Provider value={services}>
        <ExplorerApp onLang={onLang} />
      </ServicesContext.Provider>
    </I18nProvider>
  );
}
