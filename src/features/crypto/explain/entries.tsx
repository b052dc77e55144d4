import { lazyPage } from '../../../ui/lazyPage';

/** the bitcoin explanation (dynamic modal bitcoin_explanation), loaded with its own chunk when first opened */
export const BitcoinExplanationEntry = lazyPage(() => import('./BitcoinExplanation'), 'inline');
