import * as z from 'zod/mini';

/**
 * Referral and affiliate program (spec 001 §3 Referral, §5, §6, §7 /api/us/refferal).
 * One call, POST /api/us/refferal, with an action:
 *   show      → ReferralProgram: the trader's program link, the affiliate links, the referral balances, materials
 *   filter    DateFrom, DateTo (ms), link? → ReferralStats: visits, registrations, first deposits, commission per link
 *   transfer  amount (an integer > 0, else 'Wrong amount'), key → ReferralTransferred (referral balance → current trading account)
 *   save      link_name, landing (both required, else 'Please fill Link name and chose Landing page') → ReferralProgram
 * Money: decimal strings.
 */

/** the public site's pages a link may open (core/contract/public-site.ts: home is `/{lang}/`) */
export const REFERRAL_LANDINGS = ['home', 'about', 'accounts', 'faq'] as const;
export const ReferralLanding = z.enum(REFERRAL_LANDINGS);
export type ReferralLanding = z.infer<typeof ReferralLanding>;

export const REFERRAL_LIMITS = { linkName: 100, links: 50 } as const;
/** the spec's messages (001 §5) */
export const WRONG_AMOUNT = 'Wrong amount';
export const LINK_REQUIRED = 'Please fill Link name and chose Landing page';

/** 001 §5: the transfer amount is an integer greater than 0 (digits only, no sign, no point) */
export const isWholeAmount = (value: string): boolean => /^[1-9]\d{0,11}$/.test(value.trim());
/** 001 §5: a link needs a name and a landing page */
export const isLinkFilled = (name: string, landing: string): boolean =>
  name.trim().length > 0 && name.trim().length <= REFERRAL_LIMITS.linkName && (REFERRAL_LANDINGS as readonly string[]).includes(landing);

export const ReferralLink = z.object({
  /** the code carried in ?aff= */
  id: z.string(),
  link_name: z.string(),
  landing: ReferralLanding,
  link_href: z.string(),
  created_at: z.string(),
});
export type ReferralLink = z.infer<typeof ReferralLink>;

export const ReferralBalance = z.object({ currency: z.string(), amount: z.string() });
export type ReferralBalance = z.infer<typeof ReferralBalance>;

export const ReferralMaterial = z.object({
  id: z.string(),
  /** e.g. 468x60 */
  size: z.string(),
  format: z.literal('svg'),
  locale: z.string(),
  /** the download address (served by us) */
  extend: z.string(),
});
export type ReferralMaterial = z.infer<typeof ReferralMaterial>;

export const ReferralProgram = z.object({
  /** the trader's own referral link (their affiliate id) */
  refferal: z.string(),
  link_href: z.string(),
  link_name: z.string(),
  landing: ReferralLanding,
  links: z.array(ReferralLink),
  /** the referral balance per currency (commissions received less transfers) */
  balances: z.array(ReferralBalance),
  /** the balance a transfer takes from: the current trading account's currency */
  balance: ReferralBalance,
  /** the current trading account a transfer credits; null when there is none (demo) */
  account: z.nullable(z.string()),
  /** the commission, in percent of a referred trader's first deposit */
  commission_percent: z.string(),
  materials: z.array(ReferralMaterial),
});
export type ReferralProgram = z.infer<typeof ReferralProgram>;

export const ReferralStatsRow = z.object({
  id: z.string(),
  link_name: z.string(),
  visits: z.number(),
  registrations: z.number(),
  first_deposits: z.number(),
  /** commission per currency */
  commission: z.array(ReferralBalance),
});
export type ReferralStatsRow = z.infer<typeof ReferralStatsRow>;

export const ReferralStats = z.object({
  DateFrom: z.number(),
  DateTo: z.number(),
  rows: z.array(ReferralStatsRow),
  total: z.object({ visits: z.number(), registrations: z.number(), first_deposits: z.number() }),
});
export type ReferralStats = z.infer<typeof ReferralStats>;

export const ReferralTransferred = z.object({ balance: ReferralBalance, account: z.string(), amount: z.string() });
export type ReferralTransferred = z.infer<typeof ReferralTransferred>;

const ms = z.number().check(z.int(), z.gte(0), z.lte(8.64e15));
export const ReferralRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('show') }),
  z.object({ action: z.literal('filter'), DateFrom: ms, DateTo: ms, link: z.optional(z.string().check(z.maxLength(64))) }),
  z.object({ action: z.literal('transfer'), amount: z.string().check(z.maxLength(40)), key: z.string().check(z.minLength(8), z.maxLength(64)) }),
  z.object({ action: z.literal('save'), link_name: z.string().check(z.maxLength(400)), landing: z.string().check(z.maxLength(40)) }),
]);
export type ReferralRequest = z.infer<typeof ReferralRequest>;
