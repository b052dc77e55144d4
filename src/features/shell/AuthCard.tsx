import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { mainProps } from '../../ui/SkipLink';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * The card of the signed-out pages (login, autologin, register): brand, language, title. `tools`
 * sit in its top row before the language (login and register: the visitor's chat launcher).
 */
export function AuthCard({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  const { t } = useT();
  return (
    <main className="auth" {...mainProps()}>
      <div className="auth__card">
        <div className="auth__top">
          <span className="brand">{t('app.name')}</span>
          {tools ? (
            <span className="auth__tools">
              {tools}
              <LanguageSwitch />
            </span>
          ) : (
            <LanguageSwitch />
          )}
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
