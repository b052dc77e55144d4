import { Secret, TOTP } from 'otpauth';
import type { Page, Route } from 'playwright-core';
import { twoFactorEntryModel } from '../../../machines/two-factor/two-factor.model';
import { signIn } from '../../browser/browser';
import { typeCode } from '../../browser/sandbox-users';
import { failNextRequest, freshUser, outboxCode, setUpAuthenticator } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { siteOf, virtualAuthenticator } from './passkeys';
import { WAIT } from './wait';

/** a page load or a dialog after a server call: longer, the machine is shared */
const LOAD = { timeout: 30_000 };

/**
 * The server's resend interval in this run: `npm run test:ui-paths` starts the sandbox server with
 * SANDBOX_2FA_RESEND_MS at this value (machine-tests/ui-paths/cli.ts), so an accepted resend waits
 * at most this long instead of the real 30 s.
 */
export const UI_PATHS_RESEND_MS = 2_000;

interface User {
  email: string;
  password: string;
}

type Input = { type: 'email' | 'google'; purpose: 'login' | 'setup' | 'change'; send?: boolean; passkey?: boolean };

const digit = (page: Page, index: number) => page.getByLabel(`Digit ${index + 1} of 6`);

/** pastes `text` into the first box as a person's clipboard would */
async function paste(page: Page, text: string): Promise<void> {
  await digit(page, 0).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** a JSON POST from the page's session (its CSRF token); answers the status */
async function post(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify(body) });
      return res.status;
    },
    { path, body },
  );
}

/** a JSON POST from the page's session (its CSRF token); answers the body (throws on a refusal) */
async function postJson<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, body }) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    { path, body },
  );
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/** a TOTP code of `secret` (RFC 6238, what an authenticator app shows) `steps` 30 s steps from now */
const totp = (secret: string, steps = 0): string => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** a code the server refuses: for google, none of the codes of the steps it accepts (one step of drift) */
function wrongCode(right: string[]): string {
  return ['123456', '654321', '000000'].find((c) => !right.includes(c))!;
}

/** the wrong codes of the entry in progress, from the page's session: the page's next wrong one locks entry */
async function wrongCodes(ctx: PathContext, times: number): Promise<void> {
  const input = ctx.input as Input;
  const code = input.type === 'google' ? wrongCode([-1, 0, 1].map((s) => totp(String(ctx.world.secret), s))) : '000000';
  for (let i = 0; i < times; i++) await post(ctx.page, '/api/fraud/factors_check', { type: input.type, code, purpose: input.purpose });
}

/** what the code check the next complete code starts must answer: arranged before the code is complete */
async function arrangeCheck(ctx: PathContext): Promise<'right' | 'wrong'> {
  const next = ctx.upcoming('checkCode.done', 'checkCode.error');
  if (!next) return 'wrong';
  if (next.type.startsWith('xstate.error')) {
    await failNextRequest(ctx.page, '**/api/fraud/factors_check');
    return 'wrong';
  }
  const output = next.output as { success: boolean; disabled: boolean };
  if (output.success) return 'right';
  if (output.disabled) await wrongCodes(ctx, 4);
  return 'wrong';
}

/** the code the entry expects (the outbox's newest, or the authenticator's), or a wrong one */
async function codeFor(ctx: PathContext, which: 'right' | 'wrong'): Promise<string> {
  if ((ctx.input as Input).type === 'google') {
    const secret = String(ctx.world.secret);
    // at sign-in the setup's own step was spent (a code is never taken twice): the next step's, one step of drift
    const steps = (ctx.input as Input).purpose === 'login' ? 1 : 0;
    return which === 'right' ? totp(secret, steps) : wrongCode([-1, 0, 1, 2].map((s) => totp(secret, s)));
  }
  const code = await outboxCode(ctx.page, (ctx.world.user as User).email);
  return which === 'right' ? code : wrongCode([code]);
}

/** when the newest code in the user's outbox was sent (server time, this machine's clock) */
async function lastSent(page: Page, email: string): Promise<number> {
  return page.evaluate(async (address) => {
    const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
    const body = (await res.json()) as { messages: { createdAt: string }[] };
    return body.messages[0] ? Date.parse(body.messages[0].createdAt) : 0;
  }, email);
}

/**
 * The answer the next send of a code (the resend, or a method change's first code) must get from
 * the server: accepted once the sandbox's short interval has passed since the last code (waited,
 * at most UI_PATHS_RESEND_MS), refused (429 factor.resend_wait) when a code was sent just before:
 * one is asked for from the same session first, as a second tab would.
 */
async function arrangeSend(ctx: PathContext): Promise<void> {
  const next = ctx.upcoming('resendCode.done', 'resendCode.error');
  if (!next) return;
  const { page } = ctx;
  const input = ctx.input as Input;
  const user = ctx.world.user as User;
  if (next.type.startsWith('xstate.done')) {
    const wait = (await lastSent(page, user.email)) + UI_PATHS_RESEND_MS + 100 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    return;
  }
  // a code sent now: the page's send within the interval is refused by the server
  for (let i = 0; i < 5; i++) {
    const status = await post(page, '/api/fraud/two_factors', { type: 'email_resend', state: true, purpose: input.purpose });
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, UI_PATHS_RESEND_MS / 2));
  }
  throw new Error('the sandbox sent no code to arrange the refused resend');
}

/** the Security page (#/show/security) of a fresh user signed in through the sign-in form */
async function securityPage(ctx: PathContext): Promise<User> {
  const { page, baseURL } = ctx;
  await page.goto(`${baseURL}/en/login`);
  const user = await freshUser(page, baseURL);
  ctx.world.user = user;
  await signIn(page, baseURL, user);
  await page.waitForURL(`${baseURL}/en/trading**`, { timeout: 15_000 });
  return user;
}

const factorRow = (page: Page, method: string) => page.getByTestId(`factor-${method}`);

/**
 * Two-factor code entry in its three places: the sign-in's second step (an account with the email
 * factor), a method change on the Security page (the current email factor is proven first: the
 * entry sends that code itself) and the authenticator setup (the email code, then the page shows
 * the new key; the right code is computed from it with `otpauth`, as an authenticator app would).
 * The page's resend pause runs on Playwright's clock (fast-forwarded, never slept); the server's
 * resend interval is the sandbox's short SANDBOX_2FA_RESEND_MS (UI_PATHS_RESEND_MS).
 */
/** The sign-in form filled and sent: the page then asks for the second factor (its code boxes). */
async function signInToCode(page: Page, site: string, user: User): Promise<void> {
  await page.goto(`${site}/en/login`);
  // under CI load the click can land before the app has taken over the form: wait for it
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await digit(page, 0).waitFor(LOAD).catch(async () => {
    throw new Error(`no code entry after the sign-in: ${page.url()} ${(await page.locator('body').innerText()).slice(0, 300)}`);
  });
}

/**
 * Signs out through the API from a page with no app on it: the app open on the trading page would
 * follow its session's end to the sign-in page itself, and that navigation could cut the path's own
 * `goto` to the sign-in page (net::ERR_ABORTED, seen in a full run).
 */
async function signOutOffTheApp(page: Page, site: string): Promise<void> {
  await page.goto(`${site}/robots.txt`);
  await postJson(page, '/api/logout', {});
}

/** the recovery code field (sign-in with the authenticator only) */
const recoveryField = (page: Page) => page.getByLabel('Recovery code', { exact: true });

/**
 * A trader whose authenticator was set up through the API from this session (the setup's emailed
 * code, then the app's first code: its ten recovery codes kept for the path), signed out, then
 * signed in again through the form: the page asks for the authenticator's code.
 */
async function authenticatorSignIn(ctx: PathContext): Promise<void> {
  const { page, baseURL } = ctx;
  const user = await securityPage(ctx);
  const { secret, codes } = await setUpAuthenticator(page, user.email);
  ctx.world.secret = secret;
  ctx.world.recovery = codes;
  await signOutOffTheApp(page, baseURL);
  await signInToCode(page, baseURL, user);
}

const PASSKEY_CHECK = (u: URL) => u.pathname === '/api/fraud/passkey/check';

/**
 * A trader with a passkey and the email factor, at localhost (the relying party): signed in without
 * a factor, a passkey added on the security page by Chromium's virtual authenticator (the password asked first), the email
 * factor turned on through the API (its setup code), signed out, then signed in again through the
 * form: the page asks for the emailed code and offers the passkey. The passkey's check waits on its
 * way until the path's step for its outcome.
 */
async function passkeyTraderSignIn(ctx: PathContext): Promise<void> {
  const { page, baseURL } = ctx;
  const site = siteOf(baseURL);
  await virtualAuthenticator(page);
  const user = await freshUser(page, site);
  ctx.world.user = user;
  await signIn(page, site, user);
  await page.waitForURL(`${site}/en/trading**`, LOAD);
  await page.goto(`${site}/en/trading#/show/security`);
  const section = page.getByTestId('passkeys');
  await section.getByLabel('Name of the new passkey').fill('My laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const ask = page.getByTestId('passkey-add-dialog');
  await ask.getByLabel('Password').fill(user.password);
  await ask.getByRole('button', { name: 'Continue' }).click();
  await section.getByTestId('passkey-row').waitFor(LOAD);
  await postJson(page, '/api/fraud/two_factors', { type: 'email', state: true });
  await postJson(page, '/api/fraud/factors_check', { type: 'email', code: await outboxCode(page, user.email), purpose: 'setup' });
  await signOutOffTheApp(page, site);
  const held: Route[] = [];
  ctx.world.held = held;
  await page.route(PASSKEY_CHECK, async (route) => {
    held.push(route);
  });
  await signInToCode(page, site, user);
}

/** the passkey's check the page sent (after the browser's prompt), held on its way */
async function heldCheck(ctx: StepContext): Promise<Route> {
  const held = ctx.world.held as Route[];
  const deadline = Date.now() + LOAD.timeout;
  while (held.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const route = held.shift();
  if (route) return route;
  // a browser prompt still open would keep the page (and the path's end) waiting: leave the page first
  await ctx.page.goto('about:blank', { timeout: 5_000 }).catch(() => undefined);
  throw new Error('the page sent no passkey check');
}

/** the held check sent with its signature altered: the server refuses it (a wrong passkey, counted) */
async function alteredCheck(route: Route): Promise<void> {
  const body = JSON.parse(route.request().postData() ?? '{}') as { credential: { response: { signature: string } } };
  const signature = body.credential.response.signature;
  body.credential.response.signature = `${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
  await route.continue({ postData: JSON.stringify(body) });
}

export const twoFactorEntryBinding: UiBinding = {
  machine: 'twoFactorEntry',
  model: twoFactorEntryModel,
  maxPaths: 30,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const input = ctx.input as Input;
    await page.clock.install();
    if (input.passkey) return passkeyTraderSignIn(ctx);
    if (input.purpose === 'login' && input.type === 'google') return authenticatorSignIn(ctx);
    if (input.purpose === 'login') {
      const user = await freshUser(page, baseURL, { two_factor: 'email' });
      ctx.world.user = user;
      await signInToCode(page, baseURL, user);
      return;
    }
    const user = await securityPage(ctx);
    if (input.purpose === 'change') {
      // the email factor is on (set up through the API from this session: not the path under test)
      if ((await post(page, '/api/fraud/two_factors', { type: 'email', state: true })) !== 200) throw new Error('could not start the email setup');
      if ((await post(page, '/api/fraud/factors_check', { type: 'email', code: await outboxCode(page, user.email), purpose: 'setup' })) !== 200) throw new Error('could not save the email factor');
      // a full load: a hash change alone would keep the user the page read before the change
      await page.goto(`${baseURL}/en/trading#/show/security`);
      await page.reload();
      await factorRow(page, 'email').getByText('On', { exact: true }).waitFor(LOAD).catch(async () => {
        throw new Error(`the email factor is not shown on: ${page.url()} ${(await page.locator('body').innerText()).slice(0, 300)}`);
      });
      await arrangeSend(ctx);
      // turning the authenticator on asks for the current method's code first: the entry sends it
      await factorRow(page, 'google').getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('heading', { name: 'Confirm with your current method' }).waitFor(LOAD).catch(async () => {
        throw new Error(`no "Confirm with your current method" dialog: ${(await page.locator('body').innerText()).slice(0, 400)}`);
      });
      return;
    }
    // the authenticator setup: the emailed setup code first, then the key and the app's code
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await factorRow(page, 'google').getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('heading', { name: 'Enter the code we sent' }).waitFor(LOAD);
    await typeCode(page, await outboxCode(page, user.email));
    const secret = page.getByTestId('totp-secret');
    await secret.waitFor(LOAD);
    ctx.world.secret = (await secret.textContent())?.trim() ?? '';
    if (!/^[A-Z2-7]{16,}$/.test(String(ctx.world.secret))) throw new Error(`the page shows no base32 key: "${String(ctx.world.secret)}"`);
  },
  events: {
    async 'digit.input'(ctx) {
      const { page, event } = ctx;
      const index = Number(event.index);
      // the sixth digit completes the code: the path's outcome decides which code the boxes spell
      const filled = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => digit(page, i).inputValue()));
      const completes = /^\d$/.test(String(event.value)) && filled.filter((d, i) => d !== '' || i === index).length === 6;
      if (!completes) {
        await digit(page, index).fill(String(event.value));
        return;
      }
      const code = await codeFor(ctx, await arrangeCheck(ctx));
      for (let i = 0; i < 6; i++) if (i !== index && filled[i] !== code[i]) await digit(page, i).fill(code[i]);
      await digit(page, index).fill(code[index]);
    },
    async 'digit.clear'({ page, event }) {
      await digit(page, Number(event.index)).fill('');
    },
    async 'code.paste'(ctx) {
      const text = String(ctx.event.text);
      if (text.replace(/\D/g, '').length < 6) {
        await paste(ctx.page, text);
        return;
      }
      await paste(ctx.page, await codeFor(ctx, await arrangeCheck(ctx)));
    },
    async 'code.resend'(ctx) {
      await arrangeSend(ctx);
      await ctx.page.getByRole('button', { name: 'Send a new code' }).click();
    },
    /** the link under the boxes, or back from the recovery code */
    async 'recovery.toggle'({ page }) {
      const name = (await recoveryField(page).count()) ? 'Use the authenticator app instead' : 'Use a recovery code instead';
      await page.getByRole('button', { name }).click(WAIT);
    },
    async 'recovery.input'({ page, event }) {
      await recoveryField(page).fill(String(event.value));
    },
    /**
     * Sign in with this code: a typed code is made the one the path's check wants before the click —
     * one of the trader's unused codes, a code that is none of them, the same after four wrong ones
     * from this session (the fifth locks), or a lost connection.
     */
    async 'recovery.submit'(ctx) {
      const { page } = ctx;
      const typed = await recoveryField(page).inputValue();
      const next = ctx.upcoming('checkCode.done', 'checkCode.error');
      if (typed.trim() !== '' && next) {
        if (next.type.startsWith('xstate.error')) await failNextRequest(page, '**/api/fraud/factors_check');
        else {
          const output = next.output as { success: boolean; disabled: boolean };
          if (output.success) {
            const codes = ctx.world.recovery as string[];
            await recoveryField(page).fill(codes.shift()!);
          } else if (output.disabled) {
            for (let i = 0; i < 4; i++) await post(page, '/api/fraud/factors_check', { type: 'google', purpose: 'login', code: 'zzzzz-zzzzz', recovery: true });
          }
        }
      }
      await page.getByRole('button', { name: 'Sign in with this code' }).click(WAIT);
    },
    /** the link under the boxes: the browser's prompt (the virtual authenticator answers), then the check, held */
    async 'passkey.use'({ page }) {
      await page.getByRole('button', { name: 'Use a passkey instead' }).click(WAIT);
    },
    /**
     * The held check answered as the path wants: sent as it is (signed in), its signature altered (a
     * refused passkey), the same after four wrong codes from this session (the fifth failure locks).
     */
    async 'checkPasskey.done'(ctx) {
      const route = await heldCheck(ctx);
      const output = ctx.event.output as { success: boolean; disabled: boolean };
      if (output.success) return route.continue();
      if (output.disabled) await wrongCodes(ctx, 4);
      await alteredCheck(route);
    },
    /** the check lost on its way (the browser's closed prompt, the model's case, fails the same way: no answer to check) */
    async 'checkPasskey.error'(ctx) {
      await (await heldCheck(ctx)).abort('failed');
    },
    async 'after:resendCooldown'({ page }) {
      await page.clock.fastForward(30_000);
    },
    // started by the complete code, the resend click or the entry itself; arranged before them
    'checkCode.done': async () => {},
    'checkCode.error': async () => {},
    'resendCode.done': async () => {},
    'resendCode.error': async () => {},
  },
  states: {
    async 'twoFactorEntry.editing'({ page }) {
      await digit(page, 0).waitFor(WAIT);
    },
    async 'twoFactorEntry.editing.cooling'({ page }) {
      await page.getByText('You can ask for a new code 30 seconds after the last one.').waitFor(WAIT);
    },
    async 'twoFactorEntry.editing.ready'({ page, input }) {
      const resend = page.getByRole('button', { name: 'Send a new code' });
      if ((input as Input).type === 'google') {
        // an authenticator code is never sent: no resend; the setup's key stays on screen, a sign-in offers a recovery code
        if ((input as Input).purpose === 'login') await page.getByRole('button', { name: 'Use a recovery code instead' }).waitFor(WAIT);
        else await page.getByTestId('totp-secret').waitFor(WAIT);
        if (await resend.count()) throw new Error('"Send a new code" is offered for an authenticator code');
        return;
      }
      await resend.waitFor(WAIT);
      if (await resend.isDisabled()) throw new Error('"Send a new code" is disabled in editing.ready');
    },
    async 'twoFactorEntry.editing.sending'({ page }) {
      await page.getByRole('button', { name: 'Sending…' }).waitFor(WAIT);
    },
    async 'twoFactorEntry.checking'({ page }) {
      await page.getByText('Checking the code…').waitFor(WAIT);
    },
    async 'twoFactorEntry.passkey'({ page }) {
      await page.locator('button[aria-busy="true"]', { hasText: 'Waiting for your passkey…' }).waitFor(WAIT);
      if (!(await digit(page, 0).isDisabled())) throw new Error('the digit boxes take input while the passkey is asked for');
    },
    async 'twoFactorEntry.recovery.typing'({ page }) {
      await recoveryField(page).waitFor(WAIT);
    },
    async 'twoFactorEntry.disabled'({ page }) {
      await page.getByRole('alert').first().waitFor(WAIT);
      if (!(await digit(page, 0).isDisabled())) throw new Error('the digit boxes are still enabled');
    },
  },
};
