import { lazy, Suspense, type ComponentType } from 'react';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import type { PageProps } from '../trading/pages';

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

/** Issue 6's pages for #/show/history and #/show/reports (lazy chunks). */
export const HistoryEntry = lazyPage(() => import('./HistoryPage'));
export const ReportsEntry = lazyPage(() => import('./ReportsPage'));
