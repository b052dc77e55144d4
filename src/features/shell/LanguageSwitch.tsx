import { LANGUAGES, useT, type Lang } from '../../i18n';

/** Switches /{lang}/ in the URL, keeping the rest of the address. */
export function LanguageSwitch() {
  const { t, lang } = useT();
  const change = (next: Lang) => {
    const rest = window.location.pathname.split('/').slice(2).join('/');
    window.location.assign(`/${next}/${rest}${window.location.search}${window.location.hash}`);
  };
  return (
    <label className="lang-switch">
      <span className="visually-hidden">{t('lang.label')}</span>
      <select value={lang} onChange={(e) => change(e.target.value as Lang)}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`lang.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
