import { lazyPage } from '../../ui/lazyPage';

/** #/show/accounts for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const AccountsEntry = lazyPage(() => import('./AccountsPage'));

/** the add-account dialog (dynamic modal add_account), loaded with its own chunk when first opened */
export const AddAccountDialogEntry = lazyPage(() => import('./AddAccountDialog'), 'inline');
