import { lazyPage } from '../../ui/lazyPage';

/** #/show/promotions for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const PromotionsEntry = lazyPage(() => import('./PromotionsPage'));
