import { lazyPage } from '../../ui/lazyPage';

/** the IQ mining dialog (dynamic modal `iq_mining`), loaded with its own chunk when first opened */
export const IqDialogEntry = lazyPage(() => import('./IqDialog'), 'inline');
