import { setup } from 'xstate';
import type { SiteMenuEvent } from './site-menu.types';

/** The public site's mobile menu (002 §2): a toggle; following a link or Escape closes it. */
export const siteMenuMachine = setup({
  types: {} as { events: SiteMenuEvent },
}).createMachine({
  id: 'siteMenu',
  initial: 'closed',
  states: {
    closed: { on: { 'menu.toggle': 'open' } },
    open: { on: { 'menu.toggle': 'closed', 'menu.close': 'closed' } },
  },
});
