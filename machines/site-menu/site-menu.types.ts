export type SiteMenuEvent = { type: 'menu.toggle' } | { type: 'menu.close' };
