import type { ComponentType } from 'react';
import { FUNDING_METHODS, TABS, type FlowKind } from '../../../core/methods';
import { lazyView } from './lazy';
import type { FundingTabId, FundingTabProps } from './tab-props';

export type { FundingTabId, FundingTabProps };

/**
 * The view of each flow kind (core/methods.ts `FlowKind`), loaded with its first use; the tabs
 * come from the methods table, each showing its kind's view. A kind without a view fails to
 * compile here. The card form (spec 001 §3), the coin invoice (the crypto area), the wallet form,
 * the bank transfer and fiat report (one view) and the Vload voucher.
 */
const KIND_VIEWS = {
  card: lazyView(() => import('./CardTab')),
  crypto: lazyView(() => import('../crypto/CryptoTab')),
  wallet: lazyView(() => import('./methods/MethodTab')),
  bank: lazyView(() => import('./bank/BankTab')),
  voucher: lazyView(() => import('./voucher/VoucherTab')),
} satisfies Record<FlowKind, ComponentType<FundingTabProps>>;

/** The view of every funding tab: its kind's. */
export const fundingTabViews = Object.fromEntries(TABS.map((tab) => [tab, KIND_VIEWS[FUNDING_METHODS[tab].kind]])) as Readonly<
  Record<FundingTabId, ComponentType<FundingTabProps>>
>;
