import * as z from 'zod/mini';
import { PUBLIC_TABS, PUBLIC_WIDGETS } from '../public-site/tabs';
import { Decimal } from './common';

export { PUBLIC_TABS, PUBLIC_WIDGETS, isPublicTab } from '../public-site/tabs';

/** The public site's tabs (spec 000 §2 async tab loader): `home` is `/{lang}/`, the others `/{lang}/{tab}`. */
export const PublicTab = z.enum(PUBLIC_TABS);
export type PublicTab = z.infer<typeof PublicTab>;

/** the widgets a tab shows, in order; each is a view of its own (src/features/public) */
export const PublicWidget = z.enum(PUBLIC_WIDGETS);
export type PublicWidget = z.infer<typeof PublicWidget>;

/** GET /api/tb/{tab}?lang=en (000 §7): the tab's content as JSON, company placeholders filled from settings. */
export const TabContent = z.object({
  tab: PublicTab,
  lang: z.string(),
  /** the page's <title> and meta description */
  title: z.string(),
  description: z.string(),
  heading: z.string(),
  lead: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  faq: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
  widgets: z.array(PublicWidget),
});
export type TabContent = z.infer<typeof TabContent>;

/** GET /api/public/runline: real trades settled in the last day; initials and country only, no ids. */
export const PublicRunlineEntry = z.object({
  initials: z.string(),
  country: z.string(),
  result: z.enum(['profit', 'loss']),
  amount: Decimal,
  currency: z.string(),
  symbol: z.string(),
  settledAt: z.number(),
});
export type PublicRunlineEntry = z.infer<typeof PublicRunlineEntry>;
export const PublicRunline = z.object({ entries: z.array(PublicRunlineEntry) });
export type PublicRunline = z.infer<typeof PublicRunline>;

/** GET /api/public/site: the company details and the marketing number (002 §9: 10 unless a country or affiliate setting says otherwise). */
export const PublicSiteInfo = z.object({
  company: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  marketingNumber: z.number(),
});
export type PublicSiteInfo = z.infer<typeof PublicSiteInfo>;
