/**
 * The trading header's menu on a narrow screen: the menu button opens the navigation below the
 * header (a disclosure). The open state is the header's own (a followed link closes it).
 */
export const TOPBAR_MENU_ID = 'topbar-menu';

export const topbarMenuButtonProps = (open: boolean, toggle: () => void) => ({
  type: 'button' as const,
  onClick: toggle,
  'aria-expanded': open,
  'aria-controls': TOPBAR_MENU_ID,
});

export const topbarMenuProps = () => ({ id: TOPBAR_MENU_ID });
