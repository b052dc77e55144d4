import { listenPages, showPages, swPages } from '../../app/routes';

/** the title key of a page of the trading shell: #/show/{page}, #/sw/{page} or #/listen/… */
const SHOW_TITLES: Record<string, string> = {
  funding: 'title.funding',
  personal: 'title.personal',
  withdrawal: 'title.withdrawal',
  security: 'title.security',
  accounts: 'title.accounts',
  invoice: 'title.invoice',
  history: 'title.history',
  reports: 'title.reports',
  support: 'title.support',
  complaints: 'title.complaints',
  limits: 'title.limits',
  close: 'title.close',
  pause: 'title.pause',
  appropriateness: 'title.appropriateness',
  data: 'title.data',
  terms: 'title.terms',
  referral: 'title.referral',
  contest: 'title.contest',
  promotions: 'title.promotions',
};
const SW_TITLES: Record<string, string> = { validate: 'title.validate' };

/**
 * The `<title>` key of a hash route of /{lang}/trading ("/show/funding" → "Deposit · Brokerage");
 * home and any route that goes home: "Trading".
 */
export function routeTitleKey(hashPath: string): string {
  const [, kind = '', page = ''] = hashPath.split('/');
  if (kind === 'show' && page in showPages) return SHOW_TITLES[page] ?? 'title.trading';
  if (kind === 'sw' && page in swPages) return SW_TITLES[page] ?? 'title.trading';
  if (kind === 'listen' && page in listenPages) return 'title.listen';
  if (kind.startsWith('listen-')) return 'title.listen';
  return 'title.trading';
}

/** every title key a route can have (a test checks each is translated) */
export const ROUTE_TITLE_KEYS = ['title.trading', 'title.listen', ...Object.values(SHOW_TITLES), ...Object.values(SW_TITLES)];
export const SHOW_PAGES_WITH_TITLES = Object.keys(SHOW_TITLES);
