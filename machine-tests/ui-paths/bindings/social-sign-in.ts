import type { Page } from 'playwright-core';
import { socialSignInModel } from '../../../machines/social-sign-in/social-sign-in.model';
import { alterNextRequest, failNextRequest } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

/** the provider's round trip and the register page's chunk: longer under load */
const LOAD = { timeout: 30_000 };
const REGISTER = '**/api/oidc/register';

const FIELDS: Record<string, string> = {
  country: 'Country of residence',
  phone_prefix: 'Calling code',
  phone: 'Phone number',
};

const submit = (page: Page) => page.getByRole('button', { name: 'Open my account' });

/**
 * What the account opening the next submit starts must meet (from the path's next outcome): the
 * server's own answer when it opens the account; a field refusal is the request altered on its way
 * to a phone of words (400 with the field, real: the model's refused field is the US state, which
 * the page checks itself, so any field the server refuses stands for it); an expired sign-in is the pending
 * sign-in's cookie gone from the browser (its 30 minutes passed: 410, real); a lost connection.
 */
async function arrangeRegister(ctx: StepContext): Promise<void> {
  const next = ctx.upcoming('register.done', 'register.error');
  if (!next || next.type.startsWith('xstate.done')) return;
  const error = next.error as { kind: string; status?: number };
  if (error.kind === 'network') await failNextRequest(ctx.page, REGISTER);
  else if (error.status === 410) await ctx.context.clearCookies({ name: 'oidc_reg' });
  else await alterNextRequest(ctx.page, REGISTER, (body) => JSON.stringify({ ...JSON.parse(body), phone: 'no digits' }));
}

/**
 * Social sign-in, the return (/en/register?social=1): a real OpenID Connect code flow through the
 * sandbox identity provider (docs/social-sign-in.md): Register with Sandbox ID, the provider's
 * `new` identity (a new verified email on every press), back on the remaining questions. The
 * identity "expired" is the page opened with no sign-in pending (410 from the server). The fields
 * are the model's values typed or chosen as a person does; the outcomes of Open my account are
 * arranged before the click (see arrangeRegister).
 */
export const socialSignInBinding: UiBinding = {
  machine: 'socialSignIn',
  model: socialSignInModel,
  maxPaths: 8,
  async start(ctx: PathContext) {
    const { page, baseURL } = ctx;
    const load = ctx.upcoming('loadPending.done', 'loadPending.error');
    if (load?.type.startsWith('xstate.error')) {
      await page.goto(`${baseURL}/en/register?social=1`);
      return;
    }
    await page.goto(`${baseURL}/en/register`);
    await page.getByRole('link', { name: 'Register with Sandbox ID' }).click(LOAD);
    await page.waitForURL(`${baseURL}/sandbox/idp/interaction/**`, LOAD);
    await page.getByTestId('idp-new').click(LOAD);
    await page.waitForURL(`${baseURL}/en/register?social=1`, LOAD);
  },
  events: {
    async 'field.change'(ctx) {
      const { page, event } = ctx;
      const field = String(event.field);
      // the legal documents' box (issue 30 §5): ticked as a person ticks it
      if (field === 'terms') {
        await page.getByRole('checkbox', { name: /^I have read and accept/ }).setChecked(event.value === 'yes');
        return;
      }
      const control = page.getByLabel(FIELDS[field]);
      if (field === 'country') {
        await control.selectOption(String(event.value));
        return;
      }
      // the same text again still changes the field once (a person retyping it): cleared first
      if ((await control.inputValue()) === String(event.value)) await control.fill('');
      await control.fill(String(event.value));
    },
    async 'social.submit'(ctx) {
      await arrangeRegister(ctx);
      await submit(ctx.page).click();
    },
    'loadPending.done': async () => {},
    'loadPending.error': async () => {},
    'register.done': async () => {},
    'register.error': async () => {},
  },
  /** a country chosen again is no change in the page (the select sends nothing) */
  feasible(path) {
    let country = '';
    for (const { event } of path.steps) {
      if (event.type !== 'field.change' || event.field !== 'country') continue;
      if (event.value === country) return false;
      country = String(event.value);
    }
    return true;
  },
  states: {
    async 'socialSignIn.details'({ page, expected }) {
      await page.getByTestId('social-email').waitFor(WAIT);
      const email = await page.getByTestId('social-email').inputValue();
      if (!/^new-[0-9a-f]{8}@example\.com$/.test(email)) throw new Error(`the locked email is "${email}", not the provider's new identity`);
      const ctx = expected.context as { errors: Record<string, unknown>; formError: unknown };
      // the refused fields are said beside them (which ones: the page's, see arrangeRegister)
      if (Object.keys(ctx.errors).length) await page.locator('[data-testid^="error-"]').first().waitFor(WAIT);
      if (ctx.formError) await page.locator('.form-error').first().waitFor(WAIT);
    },
    async 'socialSignIn.failed'({ page }) {
      const text = await page.getByTestId('social-failed').textContent(WAIT);
      if (text !== 'Operation failed.Please try again.') throw new Error(`the failure says "${text}"`);
    },
    async 'socialSignIn.done'({ page, baseURL }) {
      await page.waitForURL(`${baseURL}/en/trading**`, LOAD);
    },
  },
};
