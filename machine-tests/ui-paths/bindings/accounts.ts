import type { Page } from 'playwright-core';
import { chatSeen } from '../../browser/sandbox-users';
import { alterNextRequest, failNextRequest, freshUser, signInByApi } from '../sandbox';
import type { StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const failed = (ctx: StepContext, ...keys: string[]) => ctx.upcoming(...keys)?.type.startsWith('xstate.error.actor') ?? false;
const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add an account' });

/**
 * The accounts page (#/show/accounts), a fresh trader with a USD and an EUR trading account and
 * 0.1 BTC on the exchange account. Switching is "Use this account" on the account not in use, or
 * "Use the exchange account"; a switch that fails is the connection lost on the way. Adding opens
 * the dialog: no currency chosen is the page's refusal; an account the server refuses is one in a
 * currency the trader already holds (the chosen currency altered on the way: 409 not_offered,
 * real).
 */
export const accountsBinding: UiBinding = {
  machine: 'accounts',
  maxPaths: 6,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, {
      balances: [
        { currency: 'USD', type: 'trading', amount: '1000.00' },
        { currency: 'EUR', type: 'trading', amount: '100.00' },
        { currency: 'BTC', type: 'exchange', amount: '0.10000000' },
      ],
    });
    await signInByApi(page, user);
    await page.goto(`${baseURL}/en/trading#/show/accounts`);
    await page.getByRole('heading', { name: 'Your accounts' }).waitFor(WAIT);
  },
  events: {
    async 'account.select'(ctx) {
      if (failed(ctx, 'setAccount.done', 'setAccount.error')) await failNextRequest(ctx.page, '**/api/us/set_account');
      await ctx.page.getByTestId('account').getByRole('button', { name: 'Use this account' }).first().click(WAIT);
    },
    async 'account.exchange'(ctx) {
      if (failed(ctx, 'setExchangeAccount.done', 'setExchangeAccount.error')) await failNextRequest(ctx.page, '**/api/us/set_account_exchange');
      await ctx.page.getByRole('button', { name: 'Use the exchange account' }).click(WAIT);
    },
    'setAccount.done': async () => {},
    'setAccount.error': async () => {},
    'setExchangeAccount.done': async () => {},
    'setExchangeAccount.error': async () => {},
    async 'add.open'({ page }) {
      await page.getByRole('button', { name: 'Add an account' }).click(WAIT);
    },
    async 'add.close'({ page }) {
      await addDialog(page).getByRole('button', { name: 'Close' }).first().click(WAIT);
    },
    async 'add.submit'(ctx) {
      const { page, event } = ctx;
      const select = addDialog(page).getByLabel('Currency');
      if (String(event.currency).trim() === '') await select.selectOption('');
      else {
        // the first currency offered
        const offered = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
        await select.selectOption(offered[0]);
        if (failed(ctx, 'createAccount.done', 'createAccount.error')) await alterNextRequest(page, '**/api/us/create_account', (body) => body.replace(/"currency":"[A-Z]+"/, '"currency":"USD"'));
      }
      await addDialog(page).getByRole('button', { name: 'Add account' }).click(WAIT);
    },
    'createAccount.done': async () => {},
    'createAccount.error': async () => {},
  },
  states: {
    async 'accounts.idle'({ page }) {
      await page.getByRole('heading', { name: 'Your accounts' }).waitFor(WAIT);
      if (await addDialog(page).count()) throw new Error('the add dialog is still open');
    },
    async 'accounts.switching'({ page }) {
      await page.locator('button:disabled', { hasText: 'Use this account' }).first().waitFor(WAIT);
    },
    async 'accounts.switchingToExchange'({ page }) {
      await page.getByRole('button', { name: 'Switching…' }).waitFor(WAIT);
    },
    async 'accounts.adding.choosing'({ page, expected }) {
      await addDialog(page).getByLabel('Currency').waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await addDialog(page).getByRole('alert').first().waitFor(WAIT);
    },
    async 'accounts.adding.creating'({ page }) {
      await addDialog(page).getByRole('button', { name: 'Adding…' }).waitFor(WAIT);
    },
  },
};
