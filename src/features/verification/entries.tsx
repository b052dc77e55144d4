import { lazyPage } from '../../ui/lazyPage';

/** #/show/personal for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const PersonalEntry = lazyPage(() => import('./PersonalPage'));
