import { lazy, Suspense } from 'react';
import { lazyPage } from '../../ui/lazyPage';

const TermsDialog = lazy(() => import('./TermsDialog'));

/**
 * In the trading overlays (a signed-in trader only): the legal documents asked again after a new
 * version, loaded with its own chunk after the shell (it shows nothing unless one is outdated).
 */
export function TermsEntry() {
  return (
    <Suspense fallback={null}>
      <TermsDialog />
    </Suspense>
  );
}

/** #/show/terms for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const TermsPageEntry = lazyPage(() => import('./TermsPage'));
