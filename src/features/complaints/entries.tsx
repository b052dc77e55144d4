import { lazyPage } from '../../ui/lazyPage';

/** #/show/complaints for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const ComplaintsEntry = lazyPage(() => import('./ComplaintsPage'));
