import { useSelector } from '@xstate/react';
import { ALTERNATIVE_KINDS, kindOf, methodLabel, TABS, type TabId } from '../../../core/methods';
import type { FundingActor } from './funding.hooks';

/**
 * The honest do-not-honor dialog's other methods (spec README "Do-not-honor": contact the bank
 * or choose another method: crypto, bank, wallet). Offered are only the tabs this trader sees
 * on the funding page (machines/funding/tabs.ts `visibleTabs`, in the funding machine's
 * `context.tabs`): every method there works end to end, and one the trader cannot use (Skrill
 * in its 15 countries, Vload hidden, the Russian wallets outside Russian/RUB) is never offered.
 * Each button switches to its tab (`dialog.tab` → the cascade ends as `tab` → `tab.select`).
 * The groups are the methods' flow kinds (core/methods.ts `ALTERNATIVE_KINDS`), each with its tabs.
 */
export const ALTERNATIVE_GROUPS = ALTERNATIVE_KINDS.map((group) => ({ group, tabs: TABS.filter((tab) => kindOf(tab) === group) }));

export type AlternativeGroup = (typeof ALTERNATIVE_KINDS)[number];

export interface Alternative {
  tab: TabId;
  /** the tab's own name (`funding.tab.{tab}`) */
  label: string;
  onSelect: () => void;
}

/** The groups with at least one visible tab, in the order crypto, bank, wallets, voucher; each tab once, in the page's order. */
export function doNotHonorAlternatives(visible: readonly string[]): Array<{ group: AlternativeGroup; tabs: TabId[] }> {
  return ALTERNATIVE_GROUPS.map(({ group, tabs }) => ({ group, tabs: tabs.filter((tab) => visible.includes(tab)) })).filter(
    (g) => g.tabs.length > 0,
  );
}

/** The dialog's choices as the view spreads them: a heading key per group and a button per tab. */
export function connectDoNotHonor(visible: readonly string[], send: (event: { type: 'dialog.tab'; tab: string }) => void) {
  return {
    groups: doNotHonorAlternatives(visible).map(({ group, tabs }) => ({
      group,
      title: `cascade.dnh.group.${group}`,
      options: tabs.map((tab): Alternative => ({ tab, label: methodLabel(tab), onSelect: () => send({ type: 'dialog.tab', tab }) })),
    })),
  };
}

const noTabs: readonly string[] = [];

/** The funding page's visible tabs (none outside a funding page: the dialog then offers only Close). */
export function useDoNotHonor(funding: FundingActor | null, send: (event: { type: 'dialog.tab'; tab: string }) => void) {
  const tabs = useSelector(funding ?? undefined, (s) => (s ? (s.context.tabs as readonly string[]) : noTabs)) ?? noTabs;
  return connectDoNotHonor(tabs, send);
}
