import type { Page, Route } from 'playwright-core';
import type { TestPath } from '../../../machine-kit/types';
import type { PasskeysContext } from '../../../machines/passkeys/passkeys.types';
import { softAuthenticator } from '../../../server/test/authenticator';
import { freshUser } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const LIST = (u: URL) => u.pathname === '/api/security/passkeys';
const REMOVE = (u: URL) => u.pathname === '/api/security/passkeys/remove';
const OPTIONS = (u: URL) => u.pathname === '/api/security/passkeys/options';
const SIGN_IN = (u: URL) => u.pathname === '/api/passkey/sign_in';

/** the site as its relying party: localhost (the suite's server's SITE_URL); an IP address cannot be one */
export const siteOf = (baseURL: string): string => baseURL.replace('127.0.0.1', 'localhost');

/** Chromium's virtual authenticator on this page (CTAP2, built in, resident keys, user verified) */
export async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

/** signs in on `site` by the API (the page's cookies are the site's) */
async function signInAt(page: Page, site: string, user: { email: string; password: string }): Promise<string> {
  const csrf = ((await (await page.request.get(`${site}/api/me`)).json()) as { csrf: string }).csrf;
  const platform = await page.request.post(`${site}/platform/login`, { form: { login: user.email, password: user.password }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
  const token = ((await platform.json()) as { data?: { token?: string } }).data?.token ?? '';
  await page.request.post(`${site}/api/login`, { data: { email: user.email, password: user.password, token, captcha: 'test-fingerprint', url: '/en/login' }, headers: { 'x-csrf-token': csrf } });
  return ((await (await page.request.get(`${site}/api/me`)).json()) as { csrf: string }).csrf;
}

interface PasskeysWorld {
  held: Route[];
  /** the page's additions and removals, held until the path's step for their outcome */
  changes: Route[];
  /** an addition's first call (its password, for the registration's challenge), held likewise */
  options: Route[];
  password: string;
}

const world = (ctx: PathContext): PasskeysWorld => {
  const w = ctx.world as Partial<PasskeysWorld>;
  if (!w.held) Object.assign(w, { held: [], changes: [], options: [], password: '' });
  return w as PasskeysWorld;
};

async function heldChange(ctx: StepContext, from: 'changes' | 'options' = 'changes'): Promise<Route> {
  const w = world(ctx);
  const deadline = Date.now() + WAIT.timeout;
  while (w[from].length === 0 && Date.now() < deadline) await ctx.page.waitForTimeout(20);
  const route = w[from].shift();
  if (!route) throw new Error(from === 'options' ? 'the page asked no challenge for a passkey' : 'the page sent no change of its passkeys');
  return route;
}

/** a held call sent on with its password made wrong (the server refuses it as a wrong password) */
async function wrongPassword(route: Route): Promise<void> {
  const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, string>;
  await route.continue({ postData: JSON.stringify({ ...body, password: `${body.password}-wrong` }) });
}

const section = (ctx: PathContext) => ctx.page.getByTestId('passkeys');
/** the dialog that asks the password: for a passkey to add or to remove */
const dialog = (ctx: PathContext) => ctx.page.locator('[data-testid=passkey-add-dialog], [data-testid=passkey-remove-dialog]');

/** Removing a passkey the page does not list: there is no button for it. */
function stepFeasible(step: TestPath['steps'][number], before: TestPath['steps'][number]): boolean {
  const context = before.state.context as PasskeysContext;
  if (step.event.type === 'passkey.remove') return context.passkeys?.some((p) => p.id === step.event.id) ?? false;
  return true;
}

/**
 * Passkeys on #/show/security, opened at localhost (the relying party) for a fresh trader with one
 * passkey (made by a software authenticator through the API), with Chromium's virtual authenticator
 * making the new ones. The list's reads and every change wait on their way until the path's step for
 * their outcome (answered or lost); a removal the server refuses is its password altered on its way.
 */
export const passkeysBinding: UiBinding = {
  machine: 'passkeys',
  maxPaths: 10,
  stepFeasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const site = siteOf(baseURL);
    const user = await freshUser(page, baseURL);
    const csrf = await signInAt(page, site, user);
    const options = await (await page.request.post(`${site}/api/security/passkeys/options`, { data: { password: user.password }, headers: { 'x-csrf-token': csrf } })).json();
    const credential = softAuthenticator({ origin: site, rpId: new URL(site).hostname }).register(options as never);
    await page.request.post(`${site}/api/security/passkeys`, { data: { name: 'My laptop', credential }, headers: { 'x-csrf-token': csrf } });
    const w = world(ctx);
    w.password = user.password;
    await page.route(LIST, async (route) => {
      if (route.request().method() === 'GET') w.held.push(route);
      else w.changes.push(route);
    });
    await page.route(REMOVE, async (route) => {
      w.changes.push(route);
    });
    await page.route(OPTIONS, async (route) => {
      w.options.push(route);
    });
    await virtualAuthenticator(page);
    await page.goto(`${site}/en/trading#/show/security`);
    await section(ctx).waitFor(WAIT);
  },
  events: {
    async 'loadPasskeys.done'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the passkeys', WAIT.timeout)).continue();
    },
    async 'loadPasskeys.error'(ctx) {
      await (await newestHeldRead(world(ctx).held, 'the passkeys', WAIT.timeout)).abort('internetdisconnected');
    },
    async retry(ctx) {
      await section(ctx).getByRole('button', { name: 'Try again' }).click();
    },
    async 'passkey.add'(ctx) {
      await section(ctx).getByLabel('Name of the new passkey').fill(ctx.event.name as string);
      await section(ctx).getByRole('button', { name: 'Add a passkey' }).click();
    },
    async 'addPasskey.done'(ctx) {
      await (await heldChange(ctx, 'options')).continue();
      await (await heldChange(ctx)).continue();
    },
    async 'addPasskey.error'(ctx) {
      const route = await heldChange(ctx, 'options');
      if ((ctx.event.error as { status?: number } | undefined)?.status) await wrongPassword(route);
      else await route.abort('internetdisconnected');
    },
    async 'passkey.remove'(ctx) {
      await section(ctx).getByTestId('passkey-row').first().getByRole('button', { name: 'Remove' }).click();
    },
    async 'password.submit'(ctx) {
      await dialog(ctx).getByLabel('Password').fill(ctx.event.password === '' ? '' : world(ctx).password);
      await dialog(ctx).locator('button[type=submit]').click();
    },
    async 'password.cancel'(ctx) {
      await dialog(ctx).getByRole('button', { name: 'Cancel' }).click();
    },
    async 'removePasskey.done'(ctx) {
      await (await heldChange(ctx)).continue();
    },
    async 'removePasskey.error'(ctx) {
      const route = await heldChange(ctx);
      if ((ctx.event.error as { status?: number } | undefined)?.status) await wrongPassword(route);
      else await route.abort('internetdisconnected');
    },
  },
  states: {
    async 'passkeys.loading'(ctx) {
      await section(ctx).getByText('Loading…').waitFor(WAIT);
    },
    async 'passkeys.loadFailed'(ctx) {
      await section(ctx).getByRole('alert').first().waitFor(WAIT);
    },
    async 'passkeys.ready'(ctx) {
      await section(ctx).getByTestId('passkey-form').waitFor(WAIT);
    },
    async 'passkeys.ready.idle'(ctx) {
      await section(ctx).getByTestId('passkeys-answer').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'passkeys.ready.done'(ctx) {
      await section(ctx).locator('[data-testid=passkeys-answer].form-note').waitFor(WAIT);
    },
    async 'passkeys.ready.failed'(ctx) {
      await section(ctx).locator('[data-testid=passkeys-answer].form-error').waitFor(WAIT);
    },
    async 'passkeys.adding'(ctx) {
      await ctx.page.getByTestId('passkey-add-dialog').locator('button[aria-busy="true"]').waitFor(WAIT);
    },
    async 'passkeys.confirming'(ctx) {
      await dialog(ctx).getByLabel('Password').waitFor(WAIT);
    },
    async 'passkeys.removing'(ctx) {
      await ctx.page.getByTestId('passkey-remove-dialog').locator('button[aria-busy="true"]').waitFor(WAIT);
    },
  },
};

/**
 * "Sign in with a passkey" on /en/login at localhost, for a fresh trader whose passkey Chromium's
 * virtual authenticator made on the security page. The assertion waits on its way until the path's
 * step for its outcome: sent as it is (the page leaves for the trading page), or with its signature
 * altered (refused: said under the button, which works again).
 */
export const passkeySignInBinding: UiBinding = {
  machine: 'passkeySignIn',
  maxPaths: 5,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const site = siteOf(baseURL);
    const user = await freshUser(page, baseURL);
    await signInAt(page, site, user);
    await virtualAuthenticator(page);
    await page.goto(`${site}/en/trading#/show/security`);
    await page.getByTestId('passkeys').getByLabel('Name of the new passkey').fill('My laptop');
    await page.getByTestId('passkeys').getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByTestId('passkey-add-dialog').getByLabel('Password').fill(user.password);
    await page.getByTestId('passkey-add-dialog').getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('passkey-row').waitFor(WAIT);
    await page.context().clearCookies();
    const w = world(ctx);
    await page.route(SIGN_IN, async (route) => {
      w.changes.push(route);
    });
    await page.goto(`${site}/en/login`);
    await page.getByTestId('passkey-sign-in').waitFor(WAIT);
  },
  events: {
    async 'passkey.start'(ctx) {
      await ctx.page.getByTestId('passkey-sign-in').click();
    },
    async 'signIn.done'(ctx) {
      await (await heldChange(ctx)).continue();
    },
    async 'signIn.error'(ctx) {
      const route = await heldChange(ctx);
      const body = JSON.parse(route.request().postData() ?? '{}') as { credential: { response: { signature: string } } };
      const signature = body.credential.response.signature;
      body.credential.response.signature = `${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      await route.continue({ postData: JSON.stringify(body) });
    },
  },
  states: {
    async 'passkeySignIn.idle'(ctx) {
      await ctx.page.locator('[data-testid=passkey-sign-in]:not([disabled])').waitFor(WAIT);
    },
    async 'passkeySignIn.signingIn'(ctx) {
      await ctx.page.locator('[data-testid=passkey-sign-in][aria-busy="true"]').waitFor(WAIT);
    },
    async 'passkeySignIn.failed'(ctx) {
      await ctx.page.getByTestId('passkey-error').waitFor(WAIT);
    },
    async 'passkeySignIn.leaving'(ctx) {
      await ctx.page.waitForURL('**/en/trading**', WAIT);
    },
  },
};
