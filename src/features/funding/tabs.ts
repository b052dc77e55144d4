import type { ComponentType } from 'react';

/** Funding tabs (spec 001 §2); which are shown depends on language, currency and settings. */
export const FUNDING_TABS = [
  'card', 'jcb', 'bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins',
  'neteller', 'skrill', 'perfect', 'vload', 'webmoney', 'yandex', 'qiwi', 'okpay', 'bank', 'fiat',
] as const;
export type FundingTabId = (typeof FUNDING_TABS)[number];

export interface FundingTabProps {
  tab: FundingTabId;
}

/**
 * The view of each funding tab, registered by the area that builds it (card: issue 3;
 * crypto tabs: issue 4; …). The funding machine offers only the tabs that work end to end
 * (machines/funding/tabs.ts WORKING_TABS), each of which has a view here.
 */
export const fundingTabViews: Partial<Record<FundingTabId, ComponentType<FundingTabProps>>> = {};
