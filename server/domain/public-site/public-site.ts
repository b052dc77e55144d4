import type { PublicRunlineEntry, PublicSiteInfo, PublicTab, TabContent } from '../../../core/contract/public-site';
import { fillTab, type SiteFacts } from '../../../core/public-site/content';
import type { Db } from '../../db';
import type { PlatformGateway } from '../ports';
import { runline } from '../trading/history';

/** What the public site reads from the configuration and settings. */
export interface PublicSiteConfig {
  companyName: string;
  supportEmail: string;
  supportPhone: string;
  marketing: { default: number; byCountry: Record<string, number>; byAffiliate: Record<string, number> };
}

/** The company details, from the configuration: the one place the public pages take them from. */
export const companyOf = (config: PublicSiteConfig): PublicSiteInfo['company'] => ({
  name: config.companyName,
  email: config.supportEmail,
  phone: config.supportPhone,
});

export const siteFacts = (config: PublicSiteConfig, minDeposit: string): SiteFacts => ({
  company: config.companyName,
  email: config.supportEmail,
  phone: config.supportPhone,
  minDeposit,
});

/** A well-formed affiliate id (what a referral link carries in `?aff=`), else null. */
export const affiliateId = (value: unknown): string | null => (typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null);

/** 002 §9: the marketing number, 10 unless the affiliate's or the country's setting says otherwise (the affiliate's wins). */
export function marketingNumberFor(config: PublicSiteConfig, who: { affiliate?: string | null; country?: string | null }): number {
  const { marketing } = config;
  if (who.affiliate && marketing.byAffiliate[who.affiliate] !== undefined) return marketing.byAffiliate[who.affiliate];
  if (who.country && marketing.byCountry[who.country] !== undefined) return marketing.byCountry[who.country];
  return marketing.default;
}

export const tabContent = (tab: PublicTab, lang: string, facts: SiteFacts): TabContent => fillTab(tab, lang, facts);

/**
 * The public ticker (spec README rule 1): the signed-in ticker's real settled trades, with
 * initials and country only: no platform trade id, login or name leaves the server.
 */
export async function publicRunline(db: Db, platform: PlatformGateway, now = Date.now()): Promise<PublicRunlineEntry[]> {
  const entries = await runline(db, platform, now);
  return entries.map((e) => ({
    initials: e.initials,
    country: e.country,
    result: e.result,
    amount: e.amount,
    currency: e.currency,
    symbol: e.symbol,
    settledAt: e.settledAt,
  }));
}

/** The signed-in trader's country (for the marketing number), null for a visitor. */
export async function countryOfUser(db: Db, userId: number | null | undefined): Promise<string | null> {
  if (userId === null || userId === undefined) return null;
  return (await db.selectFrom('users').select('country').where('id', '=', userId).executeTakeFirst())?.country ?? null;
}
