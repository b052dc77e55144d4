import { request, type Page, type Route } from 'playwright-core';
import { sandboxCall } from '../sandbox';

/**
 * Helpers of the card, crypto and withdrawal bindings ("uicash"): the sandbox's scripted
 * outcomes (docs/sandbox.md "Scripted outcomes") and requests altered on the way by the browser
 * (DevTools Fetch domain under page.route: failed, refused with a stale token, held). Our server is
 * never replaced.
 */

/** Queues one-shot outcomes for the signed-in trader (POST /api/sandbox/script). */
export async function scriptOutcomes(page: Page, body: { card?: Array<{ processor?: string; at?: number; outcome: string }>; withdrawal?: Array<{ outcome: string }> }): Promise<void> {
  await sandboxCall(page, '/api/sandbox/script', body);
}

/** Drops the trader's waiting scripted outcomes. */
export async function clearOutcomes(page: Page): Promise<void> {
  await sandboxCall(page, '/api/sandbox/script/clear', {});
}

/** What one request of a kind does on the way: reach the server, fail as a lost connection, reach it with a stale CSRF token (403, its re-send too), or be held until the page goes away. */
export type Fate = 'pass' | 'network' | 'refuse' | 'hold';

/**
 * Every request matching `match` (a URL glob, or a test of the whole address), in order, meets the
 * fate at its index in `fates` (then 'pass').
 * A held request never answers: the page is reloaded or closed while it is in flight.
 */
export async function fateRequests(page: Page, match: string | ((url: string) => boolean), fates: Fate[]): Promise<{ held: () => number }> {
  let n = 0;
  let held = 0;
  // the app sends a call refused 'csrf' once more with the token asked again (src/api/http.ts): a
  // refusal meant to reach the flow refuses that re-send too, without spending a fate
  let resend = false;
  const stale = (route: Route) => route.continue({ headers: { ...route.request().headers(), 'x-csrf-token': 'changed-elsewhere' } });
  await page.route(typeof match === 'string' ? match : (url) => match(url.href), async (route: Route) => {
    if (resend) {
      resend = false;
      return stale(route);
    }
    const fate = fates[n++] ?? 'pass';
    if (fate === 'network') return route.abort('internetdisconnected');
    if (fate === 'refuse') {
      resend = true;
      return stale(route);
    }
    if (fate === 'hold') {
      held++;
      return new Promise<void>(() => {});
    }
    return route.continue();
  });
  // how many requests are held now: a reload meant to cut one waits for it to be on its way
  return { held: () => held };
}

/** Waits until a request of `fateRequests` is held (a reload meant to cut it off comes after). */
export async function heldBy(gate: { held: () => number }, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (gate.held() === 0) {
    if (Date.now() > end) throw new Error('the request to hold never left the page before the reload');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The next request to `url` reaches the server with a CSRF token that no longer matches (a session changed in another tab): 403 csrf, its re-send too. */
export async function breakNextCsrf(page: Page, url: string): Promise<void> {
  await fateRequests(page, url, ['refuse']);
}

/**
 * The page's session is replaced by a signed-out one (a real anonymous session of the same
 * server: its cookie in the browser, its CSRF token on the next request to `url`): what a page
 * sees after the trader signed out elsewhere while a session lived on.
 */
export async function signedOutNextRequest(page: Page, baseURL: string, url: string): Promise<void> {
  const api = await request.newContext({ baseURL });
  const me = (await (await api.get('/api/me')).json()) as { csrf: string };
  const sid = (await api.storageState()).cookies.find((c) => c.name === 'sid')?.value ?? '';
  await api.dispose();
  await page.context().addCookies([{ name: 'sid', value: sid, url: baseURL }]);
  let done = false;
  await page.route(url, async (route) => {
    if (done) return route.continue();
    done = true;
    await route.continue({ headers: { ...route.request().headers(), 'x-csrf-token': me.csrf } });
  });
}
