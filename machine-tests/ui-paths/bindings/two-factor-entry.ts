import type { Page } from 'playwright-core';
import { twoFactorEntryModel } from '../../../machines/two-factor/two-factor.model';
import { failNextRequest, freshUser, outboxCode } from '../sandbox';
import type { PathContext, UiBinding } from '../types';

const WAIT = { timeout: 5_000 };

interface User {
  email: string;
  password: string;
}

const digit = (page: Page, index: number) => page.getByLabel(`Digit ${index + 1} of 6`);

/** pastes `text` into the first box as a person's clipboard would */
async function paste(page: Page, text: string): Promise<void> {
  await digit(page, 0).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** four wrong codes for the sign-in in progress, from the page's session: the page's next wrong one locks entry */
async function wrongCodes(page: Page, times: number): Promise<void> {
  await page.evaluate(async (n) => {
    const me = (await (await fetch('/api/me')).json()) as { csrf: string };
    for (let i = 0; i < n; i++) {
      await fetch('/api/fraud/factors_check', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify({ type: 'email', code: '000000', purpose: 'login' }) });
    }
  }, times);
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
  if (output.disabled) await wrongCodes(ctx.page, 4);
  return 'wrong';
}

/** the sandbox's code, or a wrong one that differs from it */
async function codeFor(ctx: PathContext, which: 'right' | 'wrong'): Promise<string> {
  const code = await outboxCode(ctx.page, (ctx.world.user as User).email);
  return which === 'right' ? code : code === '123456' ? '654321' : '123456';
}

/**
 * Two-factor code entry, as the sign-in's second step (an account with the email factor: the code
 * from the sandbox outbox). The page's resend pause runs on Playwright's clock (fast-forwarded,
 * never slept); the server's own 30 s limit runs on the real clock.
 */
export const twoFactorEntryBinding: UiBinding = {
  machine: 'twoFactorEntry',
  model: twoFactorEntryModel,
  maxPaths: 20,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const input = ctx.input as { type: string; purpose: string; send?: boolean };
    if (input.purpose !== 'login') return `the ${input.purpose} entry (Security page) is not bound yet`;
    await page.clock.install();
    await page.goto(`${baseURL}/en/login`);
    const user = await freshUser(page, baseURL, { two_factor: 'email' });
    ctx.world.user = user;
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await digit(page, 0).waitFor({ timeout: 15_000 });
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
    async 'code.resend'({ page }) {
      await page.getByRole('button', { name: 'Send a new code' }).click();
    },
    async 'after:resendCooldown'({ page }) {
      await page.clock.fastForward(30_000);
    },
    'checkCode.done': async () => {},
    'checkCode.error': async () => {},
    'resendCode.error': async () => {},
    'resendCode.done': { reason: "a new code is sent only 30 s after the last one by the server's real clock; the page's pause is fast-forwarded, the server's is not" },
  },
  states: {
    async 'twoFactorEntry.editing'({ page }) {
      await digit(page, 0).waitFor(WAIT);
    },
    async 'twoFactorEntry.editing.cooling'({ page }) {
      await page.getByText('You can ask for a new code 30 seconds after the last one.').waitFor(WAIT);
    },
    async 'twoFactorEntry.editing.ready'({ page }) {
      const resend = page.getByRole('button', { name: 'Send a new code' });
      await resend.waitFor(WAIT);
      if (await resend.isDisabled()) throw new Error('"Send a new code" is disabled in editing.ready');
    },
    async 'twoFactorEntry.checking'({ page }) {
      await page.getByText('Checking the code…').waitFor(WAIT);
    },
    async 'twoFactorEntry.disabled'({ page }) {
      await page.getByRole('alert').first().waitFor(WAIT);
      if (!(await digit(page, 0).isDisabled())) throw new Error('the digit boxes are still enabled');
    },
  },
  reasons: {
    'twoFactorEntry.editing.start:always:0': 'the entry sends the first code itself only for a method change on the Security page; this binding drives the sign-in entry (the Security page is not bound yet)',
    'twoFactorEntry.editing.start:always:2': 'an authenticator (google) entry that sends nothing: the Security page setup, not bound yet',
    'twoFactorEntry.editing.sending:xstate.done.actor.0.twoFactorEntry.editing.sending:0': "a resend the server accepts needs its 30 s since the last code on the real clock (not slept); the sign-in entry's first code is sent by the server",
  },
};
