import type { Locator, Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { passwordResetModel } from '../../../machines/password-reset/password-reset.model';
import type { FreshUser } from '../../browser/sandbox-users';
import { failNextRequest, freshUser, sandboxCall } from '../sandbox';
import type { UiBinding } from '../types';
import { WAIT } from './wait';

const MADE_UP = 'A'.repeat(43);

const errorOf = (e: AnyEventObject | undefined) => e?.error as { kind?: string; status?: number; error?: string } | undefined;

/** the token of the newest reset link the sandbox "sent" to `email` */
async function outboxToken(page: Page, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const token = await page.evaluate(async (address) => {
      const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
      const body = (await res.json()) as { messages: { subject: string; body: string }[] };
      const mail = body.messages.find((m) => m.subject === 'Reset your password');
      return /\/reset\?token=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1] ?? '';
    }, email);
    if (token) return token;
    await page.waitForTimeout(100);
  }
  throw new Error(`no reset link in the outbox of ${email}`);
}

/** a person's typing: the same text again is no change, so the field is cleared and typed anew */
async function type(field: Locator, value: string): Promise<void> {
  if ((await field.inputValue()) === value) await field.fill('');
  await field.fill(value);
}

/**
 * Password reset from the emailed link (/en/reset?token=…): a fresh trader asks for a link
 * (POST /api/forget) and the path opens the one in the sandbox outbox; a link that no longer works
 * is a made-up token (checked) or the trader's link used in another tab before the submit; no token
 * at all is the address without one. The server's policy refusal is real: a password containing
 * the account's email (the page cannot know the email, the server checks it). Failures are lost
 * connections.
 */
export const passwordResetBinding: UiBinding = {
  machine: 'passwordReset',
  model: passwordResetModel,
  maxPaths: 8,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const token = (ctx.input as { token: string }).token;
    if (!token) {
      await page.goto(`${baseURL}/en/reset`);
      return;
    }
    const check = errorOf(ctx.upcoming('checkLink.done', 'checkLink.error'));
    if (check?.status === 410) {
      await page.goto(`${baseURL}/en/reset?token=${MADE_UP}`);
      return;
    }
    const user = await freshUser(page, baseURL);
    ctx.world.user = user;
    await sandboxCall(page, '/api/forget', { email: user.email, lang: 'en' });
    const real = await outboxToken(page, user.email);
    ctx.world.token = real;
    if (check) await failNextRequest(page, '**/api/forget/check');
    await page.goto(`${baseURL}/en/reset?token=${real}`);
  },
  events: {
    async 'password.change'({ page, event }) {
      await type(page.getByTestId('reset-password'), String(event.value));
    },
    async 'repeat.change'({ page }) {
      const field = page.getByTestId('reset-repeat');
      await type(field, `${await field.inputValue()}x`);
    },
    async 'reset.submit'(ctx) {
      const { page, event } = ctx;
      const error = errorOf(ctx.upcoming('resetPassword.done', 'resetPassword.error'));
      let password = String(event.password);
      let repeat = String(event.repeat);
      if (error?.status === 410) {
        // the link is used in another tab first
        await sandboxCall(page, '/api/forget/reset', { token: ctx.world.token, password: 'Other-Tab-Reset-2026!' });
      } else if (error?.error === 'register.password_email') {
        // a password with the account's email in it: the page cannot tell, the server refuses it
        password = repeat = `${(ctx.world.user as FreshUser).email}-Reset-2026`;
      } else if (error) await failNextRequest(page, '**/api/forget/reset');
      await type(page.getByTestId('reset-password'), password);
      await type(page.getByTestId('reset-repeat'), repeat);
      await page.getByTestId('reset-submit').click();
    },
    async 'link.retry'({ page }) {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    'checkLink.done': async () => {},
    'checkLink.error': async () => {},
    'resetPassword.done': async () => {},
    'resetPassword.error': async () => {},
  },
  states: {
    async 'passwordReset.checkingLink'({ page }) {
      await page.getByText('Checking the link…').waitFor(WAIT);
    },
    async 'passwordReset.checkFailed'({ page }) {
      await page.getByTestId('reset-error').waitFor(WAIT);
      await page.getByRole('button', { name: 'Try again' }).waitFor(WAIT);
    },
    async 'passwordReset.invalidLink'({ page }) {
      await page.getByTestId('reset-invalid').filter({ hasText: 'This link is no longer valid.' }).waitFor(WAIT);
    },
    async 'passwordReset.form.editing'({ page, expected }) {
      await page.getByTestId('reset-password').waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await page.getByTestId('reset-error').first().waitFor(WAIT);
    },
    async 'passwordReset.form.mismatch'({ page }) {
      await page.getByTestId('reset-error').filter({ hasText: 'The two passwords are not the same.' }).waitFor(WAIT);
    },
    async 'passwordReset.form.failed'({ page }) {
      await page.getByTestId('reset-error').waitFor(WAIT);
      await page.getByTestId('reset-submit').filter({ hasText: 'Try again' }).waitFor(WAIT);
    },
    async 'passwordReset.done'({ page }) {
      await page.getByTestId('reset-result').filter({ hasText: 'Your password has been changed' }).waitFor(WAIT);
    },
  },
};
