import { isLang, type Lang } from '../../i18n';

/** The language from the URL (/{lang}/…), English when missing or unknown. */
export function currentLang(): Lang {
  const first = window.location.pathname.split('/')[1];
  return isLang(first) ? first : 'en';
}

/** the address parameter of the first visit after registration (spec 001 §2 "trading page with param first") */
export const FIRST_PARAM = 'first';

/** The address carries `first` (any value: `?first`, `?first=1`); here, not in the welcome's flow, so the trading page's first chunk does not carry that flow. */
export function hasFirst(search: string): boolean {
  return new URLSearchParams(search).has(FIRST_PARAM);
}

/** the sign-in page's parameter after the trader closed their account (issue 30 §8): the page says the account is closed */
export const CLOSED_PARAM = 'closed';
/** the sign-in page's address after a session reached the trader's session-time limit (`?ended=limit`) */
export const ENDED_PARAM = 'ended';

/** the sign-in page's parameter after the trader took a break or excluded themselves (issue 30 §3): `timeout` or `exclusion`; the page says it has begun */
export const PAUSED_PARAM = 'paused';

/** Full navigation between pages (login → trading): a fresh page gets a fresh session. */
export function goTo(path: string): void {
  window.location.assign(path);
}

/** Only same-app hash routes may follow a login (no open redirect): "#/show/funding", "/show/funding" and "show/funding" all give "#/show/funding". */
export function safeHash(rd: string): string {
  const path = rd.replace(/^#?\/?/, '');
  return path && /^[\w\-/]+$/.test(path) ? `#/${path}` : '';
}
