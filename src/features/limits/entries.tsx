import { lazyPage } from '../../ui/lazyPage';

/** #/show/limits for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const LimitsEntry = lazyPage(() => import('./LimitsPage'));
