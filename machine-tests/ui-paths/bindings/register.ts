import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import type { TestPath } from '../../../machine-kit/types';
import { registerModel } from '../../../machines/register/register.model';
import { DEMO } from '../../browser/browser';
import { alterNextRequest, failNextRequest } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const REGISTER = '**/api/register';
const CHECK = '**/api/register/check';

interface ModelContext {
  values: Record<string, string>;
  demo: boolean;
}
const contextAt = (path: TestPath, i: number) => path.steps[i].state.context as ModelContext;
const errorOf = (e: AnyEventObject | undefined) => e?.error as { kind?: string; status?: number; error?: string } | undefined;

/** the path's own address for each address of the model (the model's are the same on every path) */
function emailFor(ctx: PathContext, modelEmail: string): string {
  if (!modelEmail) return '';
  const emails = (ctx.world.emails ??= {}) as Record<string, string>;
  emails[modelEmail] ??= `ui-reg-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  return emails[modelEmail];
}

/**
 * Values filled as the browser's autofill fills a form: each field gets its value and an input
 * event, no focus moves (so no field is left and checked: what the path's own steps do is theirs).
 */
async function autofill(page: Page, values: Record<string, string>): Promise<void> {
  const { country, ...rest } = values;
  const set = (v: Record<string, string>) =>
    page.evaluate((v) => {
      for (const [name, value] of Object.entries(v)) {
        const el = document.getElementById(`reg-${name}`) as HTMLInputElement | HTMLSelectElement | null;
        if (!el || el.value === value) continue;
        const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
        Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
        el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      }
    }, v);
  if (country !== undefined) {
    await set({ country });
    // a US resident names the state: the field appears with the country
    if (country === 'US') await page.locator('#reg-state').waitFor(WAIT);
  }
  await set(rest);
}

/** what the model's form holds at a step, as the page holds it (the path's own addresses) */
function formOf(ctx: PathContext, i: number): Record<string, string> {
  const { values, demo } = contextAt(ctx.path, i);
  const form: Record<string, string> = { ...values, login: emailFor(ctx, values.login) };
  if (demo) delete form.login;
  if (values.country !== 'US') delete form.state;
  return form;
}

/** a form the rules accept, for the country the path's form has (Germany when none) */
function validForm(ctx: PathContext, i: number): Record<string, string> {
  const { values, demo } = contextAt(ctx.path, i);
  const us = values.country === 'US';
  const form: Record<string, string> = {
    country: values.country || 'DE',
    login: emailFor(ctx, values.login || 'anna@example.com'),
    password: 'Long-enough-2026',
    firstName: 'Anna',
    lastName: 'Schmidt',
    phone_prefix: us ? '1' : '49',
    phone: us ? '202 555 0143' : '1512 3456789',
    ...(us && { state: 'NY' }),
  };
  if (demo) delete form.login;
  return form;
}

/** the step that leaves `validating` goes straight on to the account (no US notice first) */
const sendsAfterCheck = (ctx: StepContext) => ctx.path.steps[ctx.index + 1]?.state.matches('submitting') === true;

/** what the server answers to the account's request, arranged before the click that sends it */
async function arrangeRegister(ctx: StepContext): Promise<void> {
  const error = errorOf(ctx.upcoming('register.done', 'register.error'));
  if (!error) return;
  if (error.kind === 'network') await failNextRequest(ctx.page, REGISTER);
  // the email taken: the address altered on its way to the seeded trader's (409, the server's own)
  else if (error.status === 409) await alterNextRequest(ctx.page, REGISTER, (body) => JSON.stringify({ ...(JSON.parse(body) as object), login: DEMO.email }));
  // a US resident without the notice, or the documents not accepted: the acceptance dropped on its way (400 with the field, real)
  else if (error.status === 400) {
    const dropped = 'terms' in ((error as { fields?: Record<string, string> }).fields ?? {}) ? { terms: false } : { usNotice: false };
    await alterNextRequest(ctx.page, REGISTER, (body) => JSON.stringify({ ...(JSON.parse(body) as object), ...dropped }));
  }
  // a refusal about no field (the model's 429): the body cut on its way, which the server refuses as no JSON (400 bad_json)
  else await alterNextRequest(ctx.page, REGISTER, (body) => body.slice(0, 12));
}

/** the email's check with the server waits on its way (the path's next events come while the field is checked) */
async function holdChecks(ctx: StepContext): Promise<void> {
  if (ctx.world.releaseChecks) return;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await ctx.page.route(CHECK, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  ctx.world.releaseChecks = async () => {
    release();
    ctx.world.releaseChecks = undefined;
    await ctx.page.unroute(CHECK);
  };
}

/** what only a page could not do: the model's outcomes that contradict the form it holds */
function feasible(path: TestPath): boolean {
  return path.steps.every((s, i) => {
    if (i === 0) return true;
    const before = contextAt(path, i - 1);
    const type = s.event.type;
    // a demo account's form has no email field
    if ((type === 'field.change' || type === 'field.blur') && before.demo) return false;
    // while a field is checked, only an email asked of the server can still be out when the next event comes
    if (path.steps[i - 1].state.matches({ editing: 'checking' }) && !type.startsWith('xstate.') && (before.demo || !before.values.login)) return false;
    if (type === 'demo.choose' && before.demo) return false;
    if (type === 'demo.leave' && !before.demo) return false;
    if (type.startsWith('xstate.done.actor.') && path.steps[i - 1].state.matches('submitting')) {
      const login = (s.event as { output?: { login?: string } }).output?.login;
      return Boolean(login) === before.demo;
    }
    if (type.startsWith('xstate.error.actor.') && path.steps[i - 1].state.matches('submitting')) {
      const error = errorOf(s.event);
      // the server makes a demo account's login: never taken, never limited per email
      if (error?.status === 409 || error?.status === 429) return !before.demo;
      // the documents' acceptance can be dropped on any form; the US notice only on a US resident's
      if (error?.status === 400) return 'terms' in ((error as { fields?: Record<string, string> }).fields ?? {}) || before.values.country === 'US';
    }
    return true;
  });
}

const form = (page: Page) => page.locator('form.reg');
const submitButton = (page: Page) => form(page).locator('button.button--wide');

/**
 * Registration at /en/register (?demo=1 for the demo input). The input's values are filled as the
 * browser's autofill fills them (no field left); the model's addresses become the path's own.
 * What the rules say is the form the page holds: a submit the path wants refused has a short
 * password, one it wants accepted a whole form. The server's answers are its own: the email taken is
 * the seeded trader's (the address altered on its way), the US notice missing is the acceptance
 * dropped on its way, a refusal about no field is a body cut on its way, a failure a lost connection.
 */
export const registerBinding: UiBinding = {
  machine: 'register',
  model: registerModel,
  maxPaths: 10,
  feasible,
  reasons: {
    'register.editing.checking:xstate.error.actor.0.register.editing.checking:0':
      'the page\'s field check never fails: a server check that cannot run refuses nothing (the submit checks again)',
    'register.validating:xstate.error.actor.0.register.validating:0': 'the form\'s rules run in the page and never fail',
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    const demo = (ctx.input as { demo?: boolean }).demo === true;
    await page.goto(`${baseURL}/en/register${demo ? '?demo=1' : ''}`);
    await submitButton(page).waitFor(WAIT);
    await autofill(page, formOf(ctx, 0));
  },
  events: {
    async 'field.change'(ctx) {
      const field = ctx.page.locator(`#reg-${String(ctx.event.field)}`);
      const value = emailFor(ctx, String(ctx.event.value));
      if ((await field.inputValue()) === value) await field.fill('');
      await field.fill(value);
    },
    async 'field.blur'(ctx) {
      // an event of the path comes while the field is checked: the server's check is held on its way until the path's outcome
      const next = ctx.path.steps[ctx.index + 1]?.event.type;
      if (next && !next.startsWith('xstate.')) await holdChecks(ctx);
      const field = ctx.page.locator(`#reg-${String(ctx.event.field)}`);
      await field.focus();
      await field.blur();
    },
    async 'country.change'({ page, event }) {
      const select = page.locator('#reg-country');
      await select.selectOption(String(event.country));
    },
    async 'terms.set'({ page, event }) {
      await page.locator('#reg-terms').setChecked(event.value === true);
    },
    async 'demo.choose'({ page }) {
      await page.getByRole('button', { name: 'Open a demo account' }).click();
    },
    async 'demo.leave'({ page }) {
      await page.getByRole('button', { name: 'Open a real account instead' }).click();
    },
    async 'register.submit'(ctx) {
      const checked = ctx.upcoming('checkForm.done');
      if (!checked) return submitButton(ctx.page).click();
      const refused = Object.keys((checked?.output as object | undefined) ?? {}).length > 0;
      await autofill(ctx.page, refused ? { password: 'short' } : validForm(ctx, ctx.index - 1));
      // a form the rules accept has the legal documents accepted (issue 30 §5)
      if (!refused) await ctx.page.locator('#reg-terms').check();
      if (!refused && sendsAfterCheck(ctx)) await arrangeRegister(ctx);
      await submitButton(ctx.page).click();
    },
    async 'usNotice.agree'(ctx) {
      await arrangeRegister(ctx);
      await ctx.page.getByRole('button', { name: 'I understand and agree' }).click();
    },
    async 'usNotice.decline'({ page }) {
      await page.getByRole('button', { name: 'Back to the form' }).click();
    },
    async 'demo.continue'({ page }) {
      await page.getByRole('button', { name: 'Go to trading' }).click();
    },
    async 'checkFields.done'(ctx) {
      await (ctx.world.releaseChecks as (() => Promise<void>) | undefined)?.();
    },
    'checkForm.done': async () => {},
    'register.done': async () => {},
    'register.error': async () => {},
  },
  states: {
    async 'register.editing'({ page, expected }) {
      await submitButton(page).filter({ hasText: /Open my (demo )?account/ }).waitFor(WAIT);
      const { formError, demo } = expected.context as { formError: unknown; demo: boolean };
      await page.getByRole('heading', { name: demo ? 'Open a demo account' : 'Open an account' }).waitFor(WAIT);
      if (formError) await form(page).getByRole('alert').waitFor(WAIT);
    },
    async 'register.usNotice'({ page }) {
      await page.getByRole('dialog', { name: 'Notice for US residents' }).waitFor(WAIT);
    },
    async 'register.demoOpened'({ page }) {
      await page.getByTestId('demo-login').filter({ hasText: /^demo-[0-9a-f]+@/ }).waitFor(WAIT);
    },
    async 'register.success'({ page }) {
      // the autologin page signs the new account in and opens the trading page
      await page.waitForURL(/\/en\/(autologin|trading)/, { timeout: 15_000 });
    },
  },
};
