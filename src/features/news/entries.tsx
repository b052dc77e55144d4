import { lazyPage } from '../../ui/lazyPage';

/** the news dialog (dynamic modal `news`), loaded with its own chunk when first opened */
export const NewsDialogEntry = lazyPage(() => import('./NewsDialog'), 'inline');
