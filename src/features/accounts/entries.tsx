import { lazyPage } from '../../ui/lazyPage';

/** #/show/accounts for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const AccountsEntry = lazyPage(() => import('./AccountsPage'));
