import type { AnyEventObject } from 'xstate';
import { forgotModel } from '../../../machines/forgot/forgot.model';
import type { TestPath } from '../../../machine-kit/types';
import { alterNextRequest, failNextRequest, sandboxCall } from '../sandbox';
import type { PathContext, UiBinding } from '../types';
import { WAIT } from './wait';

const errorOf = (e: AnyEventObject | undefined) => e?.error as { kind?: string; status?: number; error?: string } | undefined;

/** a mailbox of this path only: the per-email limit (3 asks in 15 minutes) is the path's own */
function emailOf(ctx: PathContext): string {
  if (!ctx.world.email) ctx.world.email = `ui-forgot-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  return ctx.world.email as string;
}

/** the field is disabled while the ask is out and gone once answered: no change reaches the machine there */
function feasible(path: TestPath): boolean {
  return !path.steps.some((s, i) => i > 0 && s.event.type === 'email.change' && ['sending', 'sent'].some((v) => path.steps[i - 1].state.matches(v)));
}

/**
 * Forgot password at /en/forgot: an address of the path's own (no account: the same answer), or a
 * malformed one. What the server answers is arranged before the click that asks: the per-email
 * limit by three asks made before from the page's session (the fourth is refused), the server's
 * own refusal of the email by the request altered on its way, a failure by a lost connection.
 */
export const forgotBinding: UiBinding = {
  machine: 'forgot',
  model: forgotModel,
  maxPaths: 8,
  feasible,
  async start({ page, baseURL }) {
    await page.goto(`${baseURL}/en/forgot`);
    await page.getByTestId('forgot-email').waitFor(WAIT);
  },
  events: {
    async 'email.change'(ctx) {
      const value = String(ctx.event.value);
      const field = ctx.page.getByTestId('forgot-email');
      const next = value.includes('@') ? emailOf(ctx) : value;
      // the same text again is no change for the page: the person clears the field and types it anew
      if ((await field.inputValue()) === next) await field.fill('');
      await field.fill(next);
    },
    async 'forgot.submit'(ctx) {
      const { page } = ctx;
      const error = errorOf(ctx.upcoming('askReset.done', 'askReset.error'));
      if (error?.status === 429) {
        for (let i = 0; i < 3; i++) await sandboxCall(page, '/api/forget', { email: emailOf(ctx), lang: 'en' });
      } else if (error?.status === 400) await alterNextRequest(page, '**/api/forget', (body) => JSON.stringify({ ...(JSON.parse(body) as object), email: 'not-an-email' }));
      else if (error) await failNextRequest(page, '**/api/forget');
      await page.getByTestId('forgot-submit').click();
    },
    async 'forgot.retry'({ page }) {
      await page.getByTestId('forgot-submit').click();
    },
    async 'forgot.again'({ page }) {
      await page.getByRole('button', { name: 'Use another email' }).click();
    },
    'askReset.done': async () => {},
    'askReset.error': async () => {},
  },
  states: {
    async 'forgot.editing'({ page }) {
      await page.getByRole('button', { name: 'Send the link' }).waitFor(WAIT);
    },
    async 'forgot.invalidEmail'({ page }) {
      await page.getByTestId('forgot-error').filter({ hasText: 'Please enter a valid email address.' }).waitFor(WAIT);
    },
    async 'forgot.sending'({ page }) {
      await page.getByRole('button', { name: 'Sending…' }).waitFor(WAIT);
    },
    async 'forgot.sent'({ page }) {
      await page.getByTestId('forgot-result').filter({ hasText: 'If an account exists for this email' }).waitFor(WAIT);
    },
    async 'forgot.rateLimited'({ page }) {
      await page.getByTestId('forgot-error').filter({ hasText: /Too many password reset requests/ }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Try again' }).waitFor(WAIT);
    },
    async 'forgot.failed'({ page }) {
      await page.getByRole('alert').filter({ hasText: 'Operation failed' }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Try again' }).waitFor(WAIT);
    },
  },
};
