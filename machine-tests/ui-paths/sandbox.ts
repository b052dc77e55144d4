import { request, type Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
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
  const send = async () => {
    const me = (await (await page.request.get('/api/me')).json()) as { csrf: string };
    const headers: Record<string, string> = { 'x-csrf-token': me.csrf };
    if (operator) headers['x-sandbox-operator'] = operator;
    return page.request.post(path, { data: body, headers });
  };
  let res = await send();
  // the page's first /api/me, without a cookie, beside this one: the cookie kept may be the other
  // anonymous session's; asked again, the token is the kept session's (freshUser says more)
  if (res.status() === 403 && (await res.text()).includes('"csrf"')) res = await send();
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
  // once (`times: 1`): the route is then removed, and with no route left the page's requests stop
  // going through this process (every one did, for the rest of the path)
  await page.route(url, (route) => route.abort('internetdisconnected'), { times: 1 });
}

/** The next request to `url` goes to the real server with its form/JSON body changed by `edit` (a request altered on the way). */
export async function alterNextRequest(page: Page, url: string, edit: (body: string) => string): Promise<void> {
  await page.route(url, (route) => route.continue({ postData: edit(route.request().postData() ?? '') }), { times: 1 });
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

/**
 * The authenticator turned on for the signed-in trader through the API, as the security page does
 * it (the setup's emailed code, then the app's first code, computed with `otpauth` as an app
 * would): its key and its ten recovery codes. The setup spends the current 30 s step: the next
 * code the trader types is the next step's (one step of drift is accepted).
 */
export async function setUpAuthenticator(page: Page, email: string): Promise<{ secret: string; codes: string[] }> {
  await sandboxCall(page, '/api/fraud/two_factors', { type: 'google', state: true });
  const emailStep = await sandboxCall<{ secret?: string }>(page, '/api/fraud/factors_check', { type: 'email', code: await outboxCode(page, email), purpose: 'setup' });
  if (!emailStep.secret) throw new Error('the authenticator setup gave no key');
  const saved = await sandboxCall<{ recoveryCodes?: string[] }>(page, '/api/fraud/factors_check', { type: 'google', code: authenticatorCode(emailStep.secret), purpose: 'setup' });
  if (saved.recoveryCodes?.length !== 10) throw new Error(`the authenticator was saved with ${saved.recoveryCodes?.length ?? 0} recovery codes`);
  return { secret: emailStep.secret, codes: saved.recoveryCodes };
}

/** the code an authenticator app shows for `secret` (RFC 6238), `steps` 30 s steps from now */
export function authenticatorCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
}
