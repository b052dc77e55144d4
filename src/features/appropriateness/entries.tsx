import { lazyPage } from '../../ui/lazyPage';

/** #/show/appropriateness for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const AppropriatenessEntry = lazyPage(() => import('./AppropriatenessPage'));
