import { lazy, Suspense, type ComponentType } from 'react';
import type { PageProps } from '../trading/pages';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';

/** A page that loads with its own chunk, with a spinner meanwhile (the trading shell stays). */
function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType<PageProps> {
  const Page = lazy(load);
  return function LazyPage() {
    const { t } = useT();
    return (
      <Suspense fallback={<div className="centered"><Spinner label={t('common.loading')} /></div>}>
        <Page />
      </Suspense>
    );
  };
}

/** Issue 5's pages for the trading shell's registries (src/features/trading/pages.tsx). */
export const WithdrawalEntry = lazyPage(() => import('./WithdrawalPage'));
export const SecurityEntry = lazyPage(() => import('../security/SecurityPage'));
export const AccountsEntry = lazyPage(() => import('../accounts/AccountsPage'));
export const ValidateEntry = lazyPage(() => import('../security/ValidatePage'));
