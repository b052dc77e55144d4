import type { KeyboardEvent } from 'react';
import { buttonProps, regionProps, titleProps } from '../shared/props';

/**
 * The header bell and its dropdown as a disclosure: the button says whether the list is open and
 * which element it opens; Escape closes it and the focus comes back to the button (focus intent,
 * src/ui/focus-intent.ts). Small: the stand-in bell of the trading page's first chunk uses it.
 */
export const BELL_MENU_ID = 'notifications-menu';
export const BELL_TITLE_ID = 'notifications-title';

export const bellButtonProps = ({ open, busy = false, focusOn = null, onClick }: { open: boolean; busy?: boolean; focusOn?: string | null; onClick?: () => void }) => ({
  type: 'button' as const,
  onClick,
  'aria-expanded': busy ? undefined : open,
  'aria-controls': open ? BELL_MENU_ID : undefined,
  'aria-busy': busy || undefined,
  'data-focus-on': focusOn ?? undefined,
});

/** the dropdown's memory: open, and how many times Escape sent the focus back to the bell */
export interface BellMenu {
  open: boolean;
  escaped: number;
}

export function connectBellMenu(menu: BellMenu, set: (next: BellMenu) => void) {
  const close = () => set({ ...menu, open: false });
  return {
    open: menu.open,
    close,
    /** around the bell and its list: Escape closes the list and the focus goes back to the bell */
    getRootProps: () => ({
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key !== 'Escape' || !menu.open) return;
        e.stopPropagation();
        set({ open: false, escaped: menu.escaped + 1 });
      },
    }),
    getTriggerProps: () =>
      bellButtonProps({ open: menu.open, focusOn: menu.escaped > 0 && !menu.open ? `escaped-${menu.escaped}` : null, onClick: () => set({ ...menu, open: !menu.open }) }),
    getMenuProps: () => ({ id: BELL_MENU_ID, role: 'dialog' as const, ...regionProps(BELL_TITLE_ID) }),
    getTitleProps: () => titleProps(BELL_TITLE_ID),
    getCloseProps: () => buttonProps(close),
  };
}
