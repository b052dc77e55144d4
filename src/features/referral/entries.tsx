import { lazyPage } from '../../ui/lazyPage';

/** #/show/referral for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const ReferralEntry = lazyPage(() => import('./ReferralPage'));
