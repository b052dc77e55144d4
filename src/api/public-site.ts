import { CryptoRates } from '../../core/contract/crypto';
import { PublicRunline, PublicSiteInfo, TabContent, type PublicTab } from '../../core/contract/public-site';
import { call } from './http';

/** GET /api/tb/{tab} (spec 000 §7): a public tab's content as JSON. */
export const getTab = (tab: PublicTab, lang: string): Promise<TabContent> => call(TabContent, `/api/tb/${tab}?lang=${encodeURIComponent(lang)}`);

/** GET /api/public/runline: real settled trades, initials and country only (signed out too). */
export const getPublicRunline = (): Promise<PublicRunline> => call(PublicRunline, '/api/public/runline');

/** GET /api/public/site: the company details and the marketing number. */
export const getPublicSite = (): Promise<PublicSiteInfo> => call(PublicSiteInfo, '/api/public/site');

/** GET /api/bitcoin/currency: approximate rates, no markup (a public read). */
export const getRates = (): Promise<CryptoRates> => call(CryptoRates, '/api/bitcoin/currency', { cache: 'no-store' });
