import { lazyPage } from '../../ui/lazyPage';

/** #/show/close for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const CloseEntry = lazyPage(() => import('./ClosePage'));
