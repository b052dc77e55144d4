import { lazyPage } from '../../ui/lazyPage';

/** #/show/data for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const DataEntry = lazyPage(() => import('./DataPage'));
