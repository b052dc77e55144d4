import type { Page } from 'playwright-core';
import { chatSeen } from '../../browser/sandbox-users';
import { failNextRequest, freshUser, signInByApi } from '../sandbox';
import type { StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

/** the seeded demo account (docs/sandbox.md "Demo users") */
const DEMO_USER = { email: 'demo@brokerage.test', password: 'Demo-2026' };

const pinField = (page: Page) => page.getByLabel('Voucher pin');

/** a valid sandbox voucher of 250.00 no one used (docs/sandbox.md "Vload test pins") */
const freshPin = () => `1250 ${String(Date.now()).slice(-12).padStart(12, '0').replace(/(\d{4})(?=\d)/g, '$1 ')}`;

/**
 * The Vload tab of the funding page (#/show/funding, tab Vload), a fresh trader (USD) or the
 * seeded demo account (the demo block). The pin the path types is the model's shape: a 16-digit
 * pin is made the sandbox voucher the path's outcome needs — an unused `1250…` pin (redeemed), the
 * provider's used pin `9999 0000 0000 0000` (its refusal); a failure without the server's message
 * is the connection lost on the way (the same transition as a 500).
 */
export const voucherBinding: UiBinding = {
  machine: 'voucher',
  maxPaths: 5,
  async start(ctx) {
    const { page, baseURL, input } = ctx;
    await chatSeen(ctx.context);
    const demo = (input as { demo: boolean }).demo;
    const user = demo ? DEMO_USER : await freshUser(page, baseURL);
    await signInByApi(page, user);
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.locator('#fund-tab-vload').click({ timeout: 10_000 });
  },
  events: {
    async 'pin.change'(ctx: StepContext) {
      const { page, event } = ctx;
      const value = String(event.value);
      const outcome = ctx.upcoming('redeem.done', 'redeem.error');
      let pin = value;
      if (/^\d{16}$/.test(value.replace(/\s/g, '')) && outcome) {
        const error = outcome.error as { kind?: string; status?: number } | undefined;
        pin = !error ? freshPin() : error.kind === 'http' && (error.status ?? 0) < 500 ? '9999 0000 0000 0000' : freshPin();
      }
      await pinField(page).fill(pin);
    },
    async 'voucher.submit'(ctx: StepContext) {
      const { page } = ctx;
      const outcome = ctx.upcoming('redeem.done', 'redeem.error');
      const error = outcome?.error as { kind?: string; status?: number } | undefined;
      if (error && !(error.kind === 'http' && (error.status ?? 0) < 500)) await failNextRequest(page, '**/api/card/fast/vload');
      await page.getByRole('button', { name: 'Load the voucher' }).click();
    },
    'redeem.done': async () => {},
    'redeem.error': async () => {},
    'voucher.again': {
      reason:
        "the redeemed state's entry opens the voucher finish page (#/show/funding/payment_success), which shows the funding page on its first tab (Card): the Vload tab and its machine end there, so 'Load another voucher' is never on screen (opening the Vload tab again starts a new machine in editing)",
    },
  },
  states: {
    async 'voucher.demoBlocked'({ page }) {
      await page.getByRole('heading', { name: 'Demo account' }).waitFor(WAIT);
    },
    async 'voucher.editing'({ page, expected }) {
      await pinField(page).waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await page.getByRole('alert').first().waitFor(WAIT);
    },
    async 'voucher.redeeming'({ page }) {
      await page.getByRole('button', { name: 'Checking the voucher…' }).waitFor(WAIT);
    },
    async 'voucher.redeemed'({ page }) {
      await page.getByTestId('vload-redeemed').waitFor(WAIT);
    },
  },
};
