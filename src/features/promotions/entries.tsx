import { lazyPage } from '../../ui/lazyPage';

/** #/show/promotions for the route tables (src/app/routes.tsx), loaded with its own chunk; a trader not offered incentives is told why instead. */
export const PromotionsEntry = lazyPage(async () => {
  const [page, gate] = await Promise.all([import('./PromotionsPage'), import('../eligibility/offered-only')]);
  return { default: gate.offeredOnly(page.default) };
});
