import { lazyPage } from '../../ui/lazyPage';

/** #/show/support for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const SupportEntry = lazyPage(() => import('./SupportPage'));

/** the support dialog (dynamic modal support_dialog), loaded with its own chunk when first opened */
export const SupportDialogEntry = lazyPage(() => import('./SupportDialog'), 'inline');
