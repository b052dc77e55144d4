import { useT } from '../../i18n';
import { LanguageSwitch } from '../shell/LanguageSwitch';

/** /{lang}/register: the registration route (spec 000 §2). */
export default function RegisterPage() {
  const { t, lang } = useT();
  return (
    <main className="auth">
      <div className="auth__card">
        <div className="auth__top">
          <span className="brand">{t('app.name')}</span>
          <LanguageSwitch />
        </div>
        <h1>{t('register.title')}</h1>
        <p>{t('register.body')}</p>
        <a className="button button--wide" href={`/${lang}/login`}>
          {t('register.back')}
        </a>
      </div>
    </main>
  );
}
