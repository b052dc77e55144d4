import type { Page } from 'playwright-core';
import { freshUser, outboxCode, type FreshUserOptions } from '../browser/sandbox-users';

export { freshUser, outboxCode, type FreshUserOptions };

/** a sandbox API call from the page, with the session's CSRF token (and the operator token when given) */
export async function sandboxCall<T = unknown>(page: Page, path: string, body: unknown, operator?: string): Promise<T> {
  return page.evaluate(
    async ({ path, body, operator }) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-csrf-token': me.csrf };
      if (operator) headers['x-sandbox-operator'] = operator;
      const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path} ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { path, body, operator },
  ) as Promise<T>;
}

/**
 * Browser-level fault injection (the DevTools Fetch domain under page.route): the next request to
 * `url` fails as a lost connection. Our server is never replaced: the request never reaches it.
 */
export async function failNextRequest(page: Page, url: string): Promise<void> {
  let done = false;
  await page.route(url, async (route) => {
    if (done) return route.continue();
    done = true;
    await route.abort('internetdisconnected');
  });
}

/** The next request to `url` goes to the real server with its form/JSON body changed by `edit` (a request altered on the way). */
export async function alterNextRequest(page: Page, url: string, edit: (body: string) => string): Promise<void> {
  let done = false;
  await page.route(url, async (route) => {
    if (done) return route.continue();
    done = true;
    await route.continue({ postData: edit(route.request().postData() ?? '') });
  });
}
