import type { Page } from 'playwright-core';
import { validationModel } from '../../../machines/security/security.model';
import { alterNextRequest, failNextRequest, freshUser, signInByApi } from '../sandbox';
import type { UiBinding } from '../types';
import { WAIT } from './wait';

const VALUE = 'UI-PATH-4821';

/** attempts from the page's session, as the form sends them (the server counts them) */
async function attempt(page: Page, value: string, times: number): Promise<void> {
  await page.evaluate(
    async ({ value, times }) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      for (let i = 0; i < times; i++) {
        await fetch('/api/fraud/attemps', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify({ value }) });
      }
    },
    { value, times },
  );
}

/**
 * Transaction validation at #/sw/validate: a fresh user asked to validate (the value is in the
 * sandbox outbox; the binding knows it), already validated, or with the five attempts used.
 */
export const validationBinding: UiBinding = {
  machine: 'validation',
  model: validationModel,
  maxPaths: 12,
  // after "no transaction to validate" (the user validated elsewhere) every later attempt is refused the same way
  feasible: (path) => {
    const outs = path.steps.map((s) => s.event).filter((e) => e.type.startsWith('xstate.'));
    const refused = outs.findIndex((e) => (e.error as { error?: string } | undefined)?.error === 'validation.not_required');
    return refused < 0 || !outs.slice(refused + 1).some((e) => e.type.startsWith('xstate.done.actor'));
  },
  async start(ctx) {
    const { page, baseURL } = ctx;
    const input = ctx.input as { success: boolean; attempts: number };
    const user = await freshUser(page, baseURL, { validationValue: VALUE });
    await signInByApi(page, user);
    if (input.success) await attempt(page, VALUE, 1);
    else if (input.attempts >= 5) await attempt(page, 'wrong', 5);
    // one full load straight onto the form, with the user as the attempts left it: a hash change
    // then a reload raced the machine (already validated, it goes home at once; when that came
    // before the reload, the reloaded page opened #/home and the path saw no validation at all)
    // (a query the page does not read makes it a new document, not a hash change)
    await page.goto(`${baseURL}/en/trading?path=validate#/sw/validate`);
  },
  events: {
    async 'value.change'(ctx) {
      const { page, event } = ctx;
      const field = page.getByLabel('Validation value');
      const next = ctx.upcoming('attemptValidation.done');
      const right = (next?.output as { return?: boolean } | undefined)?.return;
      await field.fill(String(event.value).trim() === '' ? String(event.value) : right ? VALUE : 'not-the-value');
    },
    async 'value.submit'(ctx) {
      const { page } = ctx;
      const next = ctx.upcoming('attemptValidation.done', 'attemptValidation.error');
      const output = next?.output as { return?: boolean; attemps?: number } | undefined;
      const error = next?.error as { kind?: string; status?: number } | undefined;
      if (error && error.kind === 'http' && error.status === 409) await attempt(page, VALUE, 1); // validated in another tab
      else if (error && error.kind === 'http' && (error.status ?? 0) < 500) await alterNextRequest(page, '**/api/fraud/attemps', () => '{"value":42}'); // a request the server refuses as malformed
      else if (error) await failNextRequest(page, '**/api/fraud/attemps'); // the connection is lost (any failure that is not a refusal)
      else if (output && !output.return && (output.attemps ?? 0) >= 5) await attempt(page, 'wrong', 4); // the fifth wrong value is the page's
      await page.getByRole('button', { name: 'Validate' }).click();
    },
    'attemptValidation.done': async () => {},
    'attemptValidation.error': async () => {},
  },
  states: {
    async 'validation.editing'({ page, expected }) {
      await page.getByLabel('Validation value').waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await page.getByRole('alert').first().waitFor(WAIT);
    },
    async 'validation.checking'({ page }) {
      await page.getByRole('button', { name: 'Checking…' }).waitFor(WAIT);
    },
    async 'validation.maxTries'({ page }) {
      await page.getByTestId('max-tries').waitFor(WAIT);
    },
    async 'validation.home'({ page }) {
      await page.waitForFunction(() => window.location.hash === '#/home', undefined, WAIT);
    },
  },
};
