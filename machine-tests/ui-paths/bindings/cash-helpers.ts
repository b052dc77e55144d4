import { request, type Page } from 'playwright-core';
import { sandboxCall } from '../sandbox';

/**
 * Helpers of the card, crypto and withdrawal bindings ("uicash"): the sandbox's scripted
 * outcomes (docs/sandbox.md "Scripted outcomes") and requests altered on the way by the browser
 * (DevTools Fetch domain under page.route). Our server is never replaced: every request reaches it.
 */

/** Queues one-shot outcomes for the signed-in trader (POST /api/sandbox/script). */
export async function scriptOutcomes(page: Page, body: { card?: Array<{ processor?: string; at?: number; outcome: string }>; withdrawal?: Array<{ outcome: string }> }): Promise<void> {
  await sandboxCall(page, '/api/sandbox/script', body);
}

/** Drops the trader's waiting scripted outcomes. */
export async function clearOutcomes(page: Page): Promise<void> {
  await sandboxCall(page, '/api/sandbox/script/clear', {});
}

/**
 * The next request to `url` reaches the server with a CSRF token that no longer matches (a session
 * changed in another tab): 403 csrf. The app sends a call so refused once more with the token asked
 * again (src/api/http.ts); that re-send is refused too, so the refusal reaches the flow.
 */
export async function breakNextCsrf(page: Page, url: string): Promise<void> {
  let left = 2;
  await page.route(url, async (route) => {
    if (left === 0) return route.continue();
    left -= 1;
    await route.continue({ headers: { ...route.request().headers(), 'x-csrf-token': 'changed-elsewhere' } });
  });
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
