import type { AnyEventObject } from 'xstate';
import { firstInvalid } from '../../../machines/security/password.machine';
import type { PasswordForm } from '../../../machines/security/password.types';
import { chatSeen } from '../../browser/sandbox-users';
import { alterNextRequest, failNextRequest, freshUser, signInByApi } from '../sandbox';
import type { StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

interface User {
  email: string;
  password: string;
}

/** a new password the policy accepts, different at each success */
const fresh = (n: number) => `Ui-Path-Pass-${2026 + n}`;

/**
 * Password change on the Security page (#/show/security), a fresh trader signed in. The form's own
 * refusals are the path's fields as typed (each breaks one rule of the policy); the server's field
 * refusal is a wrong current password (real), or the policy's own refusal for a password altered
 * on the way to a short one (the page never sends one: the policy is checked before); any other
 * failure is a lost connection. The `storedGoogle` input is a stored social sign-in value in
 * localStorage (`google`) before the page loads; it prefills the current password, which the
 * binding types over as a person would.
 */
export const passwordChangeBinding: UiBinding = {
  machine: 'passwordChange',
  maxPaths: 6,
  async start(ctx) {
    const { page, baseURL, input } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL);
    ctx.world.user = user;
    ctx.world.successes = 0;
    const stored = (input as { storedGoogle?: string }).storedGoogle;
    if (stored) await ctx.context.addInitScript((value) => localStorage.setItem('google', value), stored);
    await signInByApi(page, user);
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor(WAIT);
    if (stored && (await page.getByLabel('Current password', { exact: true }).inputValue()) !== stored) throw new Error('the stored google value does not prefill the current password');
  },
  events: {
    async 'form.edit'({ page }) {
      await page.getByLabel('Repeat the new password').pressSequentially('x');
    },
    async 'form.submit'(ctx: StepContext) {
      const { page, event } = ctx;
      const user = ctx.world.user as User;
      const outcome: AnyEventObject | undefined = ctx.upcoming('changePassword.done', 'changePassword.error');
      const form = event as unknown as PasswordForm;
      // the model's own check of the path's fields (its login is the input's); the real trader's
      // email differs, so an invalid form is typed as the same field broken for this trader
      const invalid = firstInvalid(form, String((ctx.input as { login?: string }).login ?? ''))?.field;
      const next = fresh(Number(ctx.world.successes) + 1);
      const error = outcome?.type.includes('error') ? (outcome.error as { kind?: string; error?: string }) : undefined;
      let old = user.password;
      if (!invalid && error?.error === 'security.old_wrong') old = `${user.password}-wrong`;
      else if (!invalid && error?.error === 'register.password_short') {
        await alterNextRequest(page, '**/api/us/security', (body) => JSON.stringify({ ...(JSON.parse(body) as object), password: 'Short-1', repeatPassword: 'Short-1' }));
      } else if (!invalid && error) await failNextRequest(page, '**/api/us/security');
      await page.getByLabel('Current password', { exact: true }).fill(invalid === 'oldPassword' ? '' : old);
      await page.getByLabel('New password', { exact: true }).fill(invalid === 'password' ? 'abcd1234' : next);
      await page.getByLabel('Repeat the new password').fill(invalid === 'repeatPassword' ? `${next}-other` : invalid === 'password' ? 'abcd1234' : next);
      if (form.endOthers === false) await page.getByTestId('password-end-others').uncheck();
      await page.getByRole('button', { name: 'Change password' }).click();
      if (!invalid && outcome && !error) {
        user.password = next;
        ctx.world.successes = Number(ctx.world.successes) + 1;
      }
    },
    'changePassword.done': async () => {},
    'changePassword.error': async () => {},
  },
  states: {
    async 'passwordChange.editing'({ page, expected }) {
      await page.getByRole('button', { name: 'Change password' }).waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await page.getByRole('alert').first().waitFor(WAIT);
    },
    async 'passwordChange.submitting'({ page }) {
      await page.getByRole('button', { name: 'Saving…' }).waitFor(WAIT);
    },
  },
};
