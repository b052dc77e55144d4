import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { LanguageSwitch } from './LanguageSwitch';

/** The card of the signed-out pages (login, autologin, register): brand, language, title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <main className="auth" id="main" tabIndex={-1}>
      <div className="auth__card">
        <div className="auth__top">
          <span className="brand">{t('app.name')}</span>
          <LanguageSwitch />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
