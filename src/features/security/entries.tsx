import { lazyPage } from '../../ui/lazyPage';

/** #/show/security and #/sw/validate for the route tables (src/app/routes.tsx), each its own chunk. */
export const SecurityEntry = lazyPage(() => import('./SecurityPage'));
export const ValidateEntry = lazyPage(() => import('./ValidatePage'));
