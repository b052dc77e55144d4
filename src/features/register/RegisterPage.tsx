import { useT } from '../../i18n';
import { AuthCard } from '../shell/AuthCard';

/** /{lang}/register: the registration route (spec 000 §2). */
export default function RegisterPage() {
  const { t, lang } = useT();
  return (
    <AuthCard title={t('register.title')}>
      <p>{t('register.body')}</p>
      <a className="button button--wide" href={`/${lang}/login`}>
        {t('register.back')}
      </a>
    </AuthCard>
  );
}
