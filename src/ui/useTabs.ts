import { useId, type KeyboardEvent } from 'react';

/**
 * The WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) as prop getters:
 * role tablist / tab / tabpanel, aria-selected, aria-controls and aria-labelledby, one Tab stop
 * for the row (roving tabindex: the selected tab), and Left / Right / Home / End move to a tab and
 * select it (automatic activation), skipping disabled tabs and going round at the ends.
 */
export interface TabsOptions {
  /** the tabs' ids, in order */
  ids: readonly string[];
  selected: string;
  onSelect: (id: string) => void;
  /** the tab row's accessible name */
  label: string;
  /** ids of tabs that cannot be chosen now */
  disabled?: (id: string) => boolean;
  /** the elements' ids: `{prefix}-tab-{id}` and `{prefix}-panel` (a generated one by default) */
  prefix?: string;
}

const NEXT: Record<string, (at: number, n: number) => number> = {
  ArrowRight: (at, n) => (at + 1) % n,
  ArrowLeft: (at, n) => (at - 1 + n) % n,
  Home: () => 0,
  End: (_at, n) => n - 1,
};

export function useTabs({ ids, selected, onSelect, label, disabled = () => false, prefix }: TabsOptions) {
  const generated = useId();
  const base = prefix ?? generated;
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;
  // the selected tab holds the row's Tab stop; if it is not among the ids, the first one does
  const stop = ids.includes(selected) ? selected : ids[0];

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const move = NEXT[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey) return;
    const n = ids.length;
    const from = Math.max(0, ids.indexOf((e.target as HTMLElement).dataset.tabId ?? selected));
    // Home and End look from the ends inwards, the arrows from the current tab onwards
    const step = e.key === 'ArrowLeft' || e.key === 'End' ? -1 : 1;
    let at = move(from, n);
    for (let tries = 0; tries < n && disabled(ids[at]!); tries++) at = (at + step + n) % n;
    const next = ids[at]!;
    if (disabled(next)) return;
    e.preventDefault();
    e.currentTarget.ownerDocument.getElementById(tabId(next))?.focus();
    if (next !== selected) onSelect(next);
  };

  return {
    getListProps: () => ({ role: 'tablist' as const, 'aria-label': label, 'aria-orientation': 'horizontal' as const, onKeyDown }),
    getTabProps: (id: string) => ({
      type: 'button' as const,
      role: 'tab' as const,
      id: tabId(id),
      'data-tab-id': id,
      'aria-selected': id === selected,
      'aria-controls': panelId,
      tabIndex: id === stop ? 0 : -1,
      disabled: disabled(id) || undefined,
      onClick: () => onSelect(id),
    }),
    getPanelProps: () => ({ role: 'tabpanel' as const, id: panelId, 'aria-labelledby': tabId(stop ?? '') }),
  };
}
