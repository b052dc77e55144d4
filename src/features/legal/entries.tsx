import { lazyPage } from '../../ui/lazyPage';

/**
 * In the trading overlays (a signed-in trader only): the legal documents asked again after a new
 * version, loaded with its own chunk after the shell (it shows nothing unless one is outdated).
 */
export const TermsEntry = lazyPage(() => import('./TermsDialog'), 'none');

/** #/show/terms for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const TermsPageEntry = lazyPage(() => import('./TermsPage'));
