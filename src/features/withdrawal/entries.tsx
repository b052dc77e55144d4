import { lazyPage } from '../../ui/lazyPage';

/** #/show/withdrawal for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const WithdrawalEntry = lazyPage(() => import('./WithdrawalPage'));
