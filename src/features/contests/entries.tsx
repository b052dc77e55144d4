import { lazyPage } from '../../ui/lazyPage';

/** #/show/contest for the route tables (src/app/routes.tsx), loaded with its own chunk; a trader not offered incentives is told why instead. */
export const ContestEntry = lazyPage(async () => {
  const [page, gate] = await Promise.all([import('./ContestPage'), import('../eligibility/offered-only')]);
  return { default: gate.offeredOnly(page.default) };
});

/** the weekend contest modal (dynamic modal tourney_weekend), loaded with its own chunk when first opened */
export const TourneyWeekendEntry = lazyPage(() => import('./TourneyWeekend'), 'inline');
