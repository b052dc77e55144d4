import type { Page } from 'playwright-core';
import { signIn } from '../../browser/browser';
import { chatSeen } from '../../browser/sandbox-users';
import { drawSignature } from '../../browser/signature';
import { failNextRequest, freshUser } from '../sandbox';
import { signedOutNextRequest } from './cash-helpers';
import type { StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Client agreement' });

/**
 * The drawn signature in the trading block's "Client agreement" dialog (the pad with the
 * agreement tick: input `agreement: true`), a fresh locked trader (deposited, unverified,
 * unsigned) on the trading page. Drawing is one mouse stroke; an empty pad is Clear; the tick is
 * the checkbox. A save the server takes is real (the sign flag is set); a failed save is the
 * connection lost on the way (the same transition as a refusal such as 413); a 401 is the page's
 * session replaced by a signed-out one (the trader signed out elsewhere): the page logs out.
 * The personal page's pad (`agreement: false`) has the same transitions without the tick; its
 * paths are not picked (the trading block's cover every transition).
 */
export const signatureBinding: UiBinding = {
  machine: 'signature',
  maxPaths: 5,
  feasible: (path) => (path.input as { agreement: boolean }).agreement,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { verification: 'None', last_count: 1, sign: false, balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`, WAIT);
    await dialog(page).getByTestId('signature-canvas').waitFor({ timeout: 10_000 });
  },
  events: {
    async 'pad.changed'({ page, event }) {
      if (event.empty) await dialog(page).getByTestId('signature-clear').click(WAIT);
      else await drawSignature(page, dialog(page).getByTestId('signature-canvas'));
    },
    async 'agree.set'({ page, event }) {
      await dialog(page).getByLabel('I agree to the client agreement').setChecked(Boolean(event.value), WAIT);
    },
    async 'sign.save'(ctx: StepContext) {
      const { page, baseURL } = ctx;
      const outcome = ctx.upcoming('saveSignature.done', 'saveSignature.error');
      const error = outcome?.error as { kind?: string; status?: number } | undefined;
      if (error?.status === 401) await signedOutNextRequest(page, baseURL, '**/upload');
      else if (error) await failNextRequest(page, '**/upload');
      await dialog(page).getByTestId('signature-save').click(WAIT);
    },
    'saveSignature.done': async () => {},
    'saveSignature.error': async () => {},
  },
  states: {
    async 'signature.drawing'({ page, expected }) {
      // after a 401 the page is on its way to the sign-in page (the logout)
      if ((expected.context as { error: { key?: string } | null }).error?.key === 'auth.required') {
        await page.waitForURL('**/login**', WAIT);
        return;
      }
      await dialog(page).getByTestId('signature-save').waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await dialog(page).getByRole('alert').first().waitFor(WAIT);
    },
    async 'signature.saving'({ page }) {
      await dialog(page).getByRole('button', { name: 'Saving…' }).waitFor(WAIT);
    },
  },
};
