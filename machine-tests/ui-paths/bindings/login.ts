import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { loginModel } from '../../../machines/login/login.model';
import { typeCode } from '../../browser/sandbox-users';
import { alterNextRequest, failNextRequest, freshUser, outboxCode, sandboxCall } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

interface User {
  email: string;
  password: string;
}

/** the outcome the path wants from an invoked actor (its done output or its error) */
const outputOf = (e: AnyEventObject | undefined): Record<string, unknown> => (e?.output ?? {}) as Record<string, unknown>;
const errorOf = (e: AnyEventObject | undefined): Record<string, unknown> | undefined => e?.error as Record<string, unknown> | undefined;

/** A fresh user for the path, with the email factor when the session step is to ask for one. */
async function userFor(ctx: PathContext): Promise<User> {
  if (ctx.world.user) return ctx.world.user as User;
  const session = ctx.upcoming('sessionLogin.done', 'sessionLogin.error');
  const twoFactor = session?.type.startsWith('xstate.done') && outputOf(session).factor ? 'email' : '';
  const user = await freshUser(ctx.page, ctx.baseURL, { two_factor: twoFactor });
  ctx.world.user = user;
  return user;
}

/** five failed sign-ins on the platform (its own attempt limit): the next one answers `locked` */
async function lockPlatform(page: Page, email: string): Promise<void> {
  await page.evaluate(async (login) => {
    for (let i = 0; i < 5; i++) {
      await fetch('/platform/login', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' }, body: new URLSearchParams({ login, password: 'not-it' }) });
    }
  }, email);
}

/** five refused product sign-ins (no platform token) for the email: the site's own limit answers 429 login.locked */
async function lockSite(page: Page, email: string): Promise<void> {
  await page.evaluate(async (address) => {
    const me = (await (await fetch('/api/me')).json()) as { csrf: string };
    for (let i = 0; i < 5; i++) {
      await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify({ email: address, password: 'not-it', token: '', captcha: '', url: '' }) });
    }
  }, email);
}

/**
 * Arranges what the platform and the product server will answer to the sign-in the next step
 * starts, from the outcomes later in the path; returns the password to type.
 */
async function arrangeOutcomes(ctx: PathContext, user: User, autologin: boolean): Promise<string> {
  const { page } = ctx;
  let password = user.password;
  const platform = ctx.upcoming('platformLogin.done', 'platformLogin.error');
  if (platform?.type.startsWith('xstate.error')) await failNextRequest(page, '**/platform/login');
  else {
    const code = outputOf(platform).code;
    if (code === 'invalid_credentials') {
      if (autologin) await alterNextRequest(page, '**/platform/login', (body) => body.replace(/password=[^&]*/, 'password=altered-ticket'));
      else password = `${user.password}-wrong`;
    } else if (code === 'locked') await lockPlatform(page, user.email);
    else if (platform && !outputOf(platform).success) {
      // another refusal (maintenance, or none given): the sandbox platform's one-shot scripted answer
      const outcome = code === 'maintenance' ? 'maintenance' : 'no_code';
      await sandboxCall(page, '/api/sandbox/script', { email: user.email, platform: [{ outcome }] }, ctx.operator);
    }
  }
  const session = ctx.upcoming('sessionLogin.done', 'sessionLogin.error');
  const error = errorOf(session);
  if (error?.kind === 'network') await failNextRequest(page, '**/api/login');
  else if (error?.error === 'login.locked') await lockSite(page, user.email);
  else if (error?.error === 'login.password') {
    // the platform took the password, our server does not: the request carries another one
    await alterNextRequest(page, '**/api/login', (body) => JSON.stringify({ ...(JSON.parse(body) as object), password: 'changed-since' }));
  }
  return password;
}

/** waits for the code the sandbox sent (or computes nothing: the email factor's code is in the outbox) and types it */
async function enterFactorCode(ctx: StepContext): Promise<void> {
  const user = ctx.world.user as User;
  const code = await outboxCode(ctx.page, user.email);
  await typeCode(ctx.page, code);
}

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name });

async function busy({ page }: PathContext): Promise<void> {
  if (page.url().includes('/autologin')) await page.getByRole('heading', { name: 'Signing you in…' }).waitFor(WAIT);
  else await button(page, /Signing in/).waitFor(WAIT);
}

/**
 * Login through the sign-in page (`/en/login`) and the autologin page (`/en/autologin?key=…`),
 * with the email second factor (the code from the sandbox outbox, typed digit by digit). The
 * platform's refusals are real: a wrong password, its own attempt limit, and (scripted, one-shot:
 * POST /api/sandbox/script {platform}) maintenance or a refusal without a code.
 */
export const loginBinding: UiBinding = {
  machine: 'login',
  model: loginModel,
  alsoMeasures: ['twoFactorEntry'],
  maxPaths: 30,
  async start(ctx) {
    const { page, baseURL, input } = ctx;
    const key = (input as { autologinKey?: string }).autologinKey;
    if (!key) {
      await page.goto(`${baseURL}/en/login`);
      return;
    }
    const loaded = ctx.upcoming('loadAutologin.done', 'loadAutologin.error');
    if (loaded?.type.startsWith('xstate.error')) {
      await page.goto(`${baseURL}/en/autologin?key=made-up-key`);
      return;
    }
    await page.goto(`${baseURL}/en/login`);
    const user = await userFor(ctx);
    await arrangeOutcomes(ctx, user, true);
    const link = await sandboxCall<{ url: string }>(page, '/api/sandbox/autologin', { email: user.email, redirect: 'show/funding' }, ctx.operator);
    await page.goto(new URL(link.url, baseURL).toString());
  },
  events: {
    async 'login.submit'(ctx) {
      const { page, event } = ctx;
      const email = page.getByLabel('Email');
      const password = page.getByLabel('Password');
      await email.waitFor(WAIT);
      if (String(event.email).trim() === '') {
        await email.fill('   ');
        await password.fill('');
      } else {
        const user = await userFor(ctx);
        await email.fill(user.email);
        await password.fill(await arrangeOutcomes(ctx, user, false));
      }
      await button(page, /^Sign in$/).click();
    },
    async 'login.edit'({ page }) {
      await page.getByLabel('Email').pressSequentially('a');
    },
    // started by the submit (or the autologin page), arranged there: the page answers by itself
    'loadAutologin.done': async () => {},
    'loadAutologin.error': async () => {},
    'platformLogin.done': async () => {},
    'platformLogin.error': async () => {},
    'sessionLogin.done': async () => {},
    'sessionLogin.error': async () => {},
    'twoFactorEntry.done': enterFactorCode,
    async 'factor.cancel'({ page }) {
      await button(page, 'Cancel').click();
    },
  },
  states: {
    async 'login.editing'({ page, expected }) {
      await button(page, /^Sign in$/).waitFor(WAIT);
      const error = (expected.context as { error: { key: string; fallback?: string } | null }).error;
      if (!error) return;
      // the platform's own words when it gave some (maintenance); else the page's text for the key
      if (error.key === '' && /maintenance/i.test(error.fallback ?? '')) await page.getByRole('alert').filter({ hasText: /maintenance/i }).first().waitFor(WAIT);
      else await page.getByRole('alert').first().waitFor(WAIT);
    },
    // the form's button says so; the autologin page shows its heading all along
    'login.platformLogin': busy,
    'login.sessionLogin': busy,
    async 'login.autologin'({ page }) {
      await page.getByRole('heading', { name: 'Signing you in…' }).waitFor(WAIT);
    },
    async 'login.twoFactor'({ page }) {
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor(WAIT);
      await page.getByLabel('Digit 1 of 6').waitFor(WAIT);
    },
    async 'login.success'({ page, baseURL }) {
      await page.waitForURL(`${baseURL}/en/trading**`, WAIT);
    },
    async 'login.autologinFailed'({ page, baseURL }) {
      await page.waitForURL(`${baseURL}/en/login?autologin=failed**`, WAIT);
      await page.getByText('Automatic sign-in did not work.').waitFor(WAIT);
    },
  },
};
