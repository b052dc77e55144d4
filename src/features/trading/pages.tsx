/**
 * The route tables moved to src/app/routes.tsx and PageProps to src/app/page.ts. This type-only
 * re-export remains for the deposit views (funding/FundingPage.tsx, crypto/InvoicePage.tsx) until
 * their owner points them at src/app/page.ts; it imports no page, so it closes no circle.
 */
export type { PageProps } from '../../app/page';
