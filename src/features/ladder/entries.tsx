import { lazyPage } from '../../ui/lazyPage';

/** the ladder dialog (dynamic modal `ladder`), loaded with its own chunk when first opened */
export const LadderDialogEntry = lazyPage(() => import('./LadderDialog'), 'inline');
