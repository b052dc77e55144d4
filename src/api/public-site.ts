import type { CryptoRates } from '../../core/contract/crypto';
import type { PublicRunline, PublicSiteInfo, PublicTab, TabContent } from '../../core/contract/public-site';
import { firstContract } from './contracts';
import { call } from './http';

/** GET /api/tb/{tab} (spec 000 §7): a public tab's content as JSON. */
export const getTab = (tab: PublicTab, lang: string): Promise<TabContent> => call(firstContract('TabContent'), `/api/tb/${tab}?lang=${encodeURIComponent(lang)}`);

/** GET /api/public/runline: real settled trades, initials and country only (signed out too). */
export const getPublicRunline = (): Promise<PublicRunline> => call(firstContract('PublicRunline'), '/api/public/runline');

/** GET /api/public/site: the company details and the marketing number. */
export const getPublicSite = (): Promise<PublicSiteInfo> => call(firstContract('PublicSiteInfo'), '/api/public/site');

/** GET /api/bitcoin/currency: approximate rates, no markup (a public read). */
export const getRates = (): Promise<CryptoRates> => call(firstContract('CryptoRates'), '/api/bitcoin/currency', { cache: 'no-store' });
