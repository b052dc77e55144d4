import { lazyPage } from '../../ui/lazyPage';

/** #/show/contest for the route tables (src/app/routes.tsx), loaded with its own chunk. */
export const ContestEntry = lazyPage(() => import('./ContestPage'));

/** the weekend contest modal (dynamic modal tourney_weekend), loaded with its own chunk when first opened */
export const TourneyWeekendEntry = lazyPage(() => import('./TourneyWeekend'), 'inline');
