import { useSession } from '../../flows/session/session.hooks';
import { useT } from '../../i18n';
import { LanguageSwitch } from './LanguageSwitch';

/** The end of a signed-in header: the language and Log out (the trading bar's, the withdraw-only page's). */
export function SignedInTools() {
  const { t } = useT();
  const { logout } = useSession();
  return (
    <>
      <LanguageSwitch />
      <button type="button" className="button button--ghost topbar__logout" onClick={logout}>
        {t('nav.logout')}
      </button>
    </>
  );
}
