import { request, type Page } from 'playwright-core';
import { freshUser, outboxCode, type FreshUserOptions } from '../browser/sandbox-users';

export { freshUser, outboxCode, type FreshUserOptions };

/**
 * The runner's arrangements go through the context's own API client (page.request: the same
 * cookies as the page, relative addresses against the context's baseURL), not through a loaded
 * page: a path pays for the page loads its flow needs, not for the tester's arrangements
 * (freshUser, shared with test:e2e, puts a blank page on /robots.txt, never on the app).
 * Our server answers as it answers the page; page.route faults never touch these calls.
 */
async function post<T>(page: Page, path: string, body: unknown, operator?: string): Promise<T> {
  const me = (await (await page.request.get('/api/me')).json()) as { csrf: string };
  const headers: Record<string, string> = { 'x-csrf-token': me.csrf };
  if (operator) headers['x-sandbox-operator'] = operator;
  const res = await page.request.post(path, { data: body, headers });
  if (!res.ok()) throw new Error(`${path} ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** a sandbox API call in the page's session, with its CSRF token (and the operator token when given) */
export function sandboxCall<T = unknown>(page: Page, path: string, body: unknown, operator?: string): Promise<T> {
  return post<T>(page, path, body, operator);
}

/**
 * Signs the page's session in as `user` the way the login page does it (the sandbox platform's
 * sign-in, then ours), without loading the login page: for paths whose flow is not the sign-in.
 * The login page itself is the login binding's (and test:e2e's) to walk through.
 */
export async function signInByApi(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.request.get('/api/me');
  const platform = await page.request.post('/platform/login', { form: { login: user.email, password: user.password }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
  const token = ((await platform.json()) as { data?: { token?: string } }).data?.token ?? '';
  await post(page, '/api/login', { email: user.email, password: user.password, token, captcha: 'test-fingerprint', url: '/en/login' });
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

/** The trader signs in from another browser: a request context of its own (its own cookies and device cookie, so a new device). */
export async function signInElsewhere(baseURL: string, user: { email: string; password: string }): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    const me = (await (await api.get('/api/me')).json()) as { csrf: string };
    const platform = await api.post('/platform/login', { form: { login: user.email, password: user.password }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const token = ((await platform.json()) as { data?: { token?: string } }).data?.token ?? '';
    const res = await api.post('/api/login', { data: { email: user.email, password: user.password, token, captcha: 'test-fingerprint', url: '/en/login' }, headers: { 'x-csrf-token': me.csrf } });
    if (!res.ok()) throw new Error(`sign-in elsewhere: ${res.status()} ${await res.text()}`);
  } finally {
    await api.dispose();
  }
}
