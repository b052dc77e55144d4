import { lazyPage } from '../../ui/lazyPage';

/** #/show/pause for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const PauseEntry = lazyPage(() => import('./PausePage'));
