import { bech32 } from '@scure/base';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser, outboxCode, typeCode, type FreshUserOptions } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** a valid (checksummed) native segwit address */
const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(5))]);
const IBAN = 'DE89 3704 0044 0532 0130 00';

/** A fresh trader signed in on the withdrawal page. */
async function withdrawalPage(options: FreshUserOptions = {}, viewport?: { width: number; height: number }) {
  const tab = await openTab(chromium.current, viewport);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, options);
  await signIn(tab.page, baseURL, user);
  if (options.two_factor === 'email') {
    // the sign-in asks for the emailed code first
    await typeCode(tab.page, await outboxCode(tab.page, user.email));
  }
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  // the shell is up (its router listens) before the hash changes
  await tab.page.getByTestId('balance').waitFor();
  await tab.page.goto(`${baseURL}/en/trading#/show/withdrawal`);
  await tab.page.getByRole('heading', { name: 'Withdraw funds' }).waitFor().catch(async (e: unknown) => {
    await tab.page.screenshot({ path: '/tmp/i5/fail.png' });
    console.log('URL', tab.page.url(), tab.errors);
    throw e;
  });
  return { ...tab, user };
}

async function fill(page: Page, { tab, method, amount, wallet }: { tab?: string; method?: string; amount: string; wallet?: string }) {
  if (tab) await page.getByRole('tab', { name: tab }).click();
  if (method) await page.getByLabel('Pay out by').selectOption(method);
  await page.getByLabel(/^Amount/).fill(amount);
  if (wallet !== undefined) await page.getByRole('textbox', { name: /address|IBAN/ }).fill(wallet);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
}

const balanceText = (page: Page) => page.getByTestId('balance').textContent();
const requested = (page: Page) => page.getByRole('heading', { name: 'Withdrawal requested' }).waitFor();

describe('withdrawal, through each case the server answers', () => {
  it('five: a used fiat method goes straight to the final request; the amount is held and listed', async () => {
    const { page, errors, context } = await withdrawalPage({ wd_methods: 'Bank Wire' });
    await fill(page, { tab: '10 USD', method: 'Bank Wire', amount: '250', wallet: IBAN });
    await requested(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => balanceText(page)).toContain('$750.00');
    await expect.poll(() => page.getByTestId('pending-withdrawal').first().textContent()).toContain('$250.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  // five fresh traders in a row: more time than one
  it('one, two, three, four and six open their confirmation first; Back keeps the form, Continue sends it', { timeout: 120_000 }, async () => {
    const cases: [FreshUserOptions, Parameters<typeof fill>[1], RegExp][] = [
      [{}, { amount: '10', wallet: BTC }, /first withdrawal by Bitcoin/],
      [{ turnover: { current: '1200.00', need: '5000.00' }, wd_methods: 'Bitcoin' }, { amount: '10', wallet: BTC }, /turnover is \$1,200 of the \$5,000 your bonus needs/],
      [{ balances: [{ currency: 'USD', type: 'trading', amount: '20000.00' }], wd_methods: 'Bank Wire' }, { tab: '10 USD', method: 'Bank Wire', amount: '15000', wallet: IBAN }, /checked by hand/],
      [{ wd_methods: 'Bitcoin' }, { amount: '10', wallet: BTC }, /convert \$10\.00 to BTC/],
    ];
    for (const [options, form, text] of cases) {
      const { page, errors, context } = await withdrawalPage(options);
      await fill(page, form);
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.textContent()).toMatch(text);
      await dialog.getByRole('button', { name: 'Back' }).click();
      expect(await page.getByLabel(/^Amount/).inputValue()).toBe(form.amount);
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await requested(page);
      expect(errors).toEqual([]);
      await context.close();
    }
    // six: a second withdrawal while the first is pending
    const { page, context } = await withdrawalPage({ wd_methods: 'Bank Wire' });
    await fill(page, { tab: '10 USD', method: 'Bank Wire', amount: '10', wallet: IBAN });
    await requested(page);
    await page.getByRole('button', { name: 'New withdrawal' }).click();
    await fill(page, { tab: '10 USD', method: 'Bank Wire', amount: '20', wallet: IBAN });
    await expect.poll(() => page.getByRole('dialog').textContent()).toMatch(/earlier withdrawal is still being processed/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await requested(page);
    await expect.poll(() => page.getByTestId('pending-withdrawal').count()).toBe(2);
    await context.close();
  });

  it('verify: an unverified trader gets the need-verify modal, which leads to verification', async () => {
    const { page, context } = await withdrawalPage({ verification: 'None' });
    await fill(page, { amount: '10', wallet: BTC });
    const dialog = page.getByRole('dialog', { name: 'Verify your identity first' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Go to verification' }).click();
    await page.waitForFunction(() => window.location.hash === '#/show/personal/withdrawal');
    await page.getByTestId('personal-back').waitFor();
    await expect.poll(() => balanceText(page)).toContain('$1,000.00');
    await context.close();
  });

  it('exchange (fixed) mode goes straight to the final request, from the exchange balance of the coin', async () => {
    const { page, context } = await withdrawalPage({ balances: [{ currency: 'USD', type: 'trading', amount: '100.00' }, { currency: 'BTC', type: 'exchange', amount: '0.50000000' }] });
    await page.goto(`${baseURL}/en/trading#/show/accounts`);
    await page.getByRole('button', { name: 'Use the exchange account' }).click();
    // the switch is done when the exchange account is marked current (no button, not even "Switching…")
    await expect.poll(() => page.getByRole('button', { name: /^(Use the exchange account|Switching…)$/ }).count()).toBe(0);
    await page.goto(`${baseURL}/en/trading#/show/withdrawal`);
    // core/format puts a no-break space between a coin amount and its code
    await expect.poll(() => page.getByTestId('exchange-balance').textContent()).toMatch(/0\.50000\sBTC/);
    await fill(page, { amount: '0.2', wallet: BTC });
    await requested(page);
    await expect.poll(() => page.getByTestId('exchange-balance').textContent()).toMatch(/0\.30000\sBTC/);
    await context.close();
  });

  it('the final request asks for the second factor: the emailed code, then the same request passes', async () => {
    const { page, user, context } = await withdrawalPage({ two_factor: 'email', wd_methods: 'Bank Wire' });
    await fill(page, { tab: '10 USD', method: 'Bank Wire', amount: '100', wallet: IBAN });
    await page.getByRole('dialog', { name: 'Confirm the withdrawal' }).waitFor();
    await typeCode(page, await outboxCode(page, user.email));
    await requested(page);
    await expect.poll(() => balanceText(page)).toContain('$900.00');
    await context.close();
  });

  it('a pending withdrawal is cancelled after "Do you want to cancel this withdrawal?"; the amount returns', async () => {
    const { page, context } = await withdrawalPage({ wd_methods: 'Bank Wire' }, { width: 390, height: 844 });
    await fill(page, { tab: '10 USD', method: 'Bank Wire', amount: '300', wallet: IBAN });
    await requested(page);
    await expect.poll(() => balanceText(page)).toContain('$700.00');
    await page.getByTestId('pending-withdrawal').getByRole('button', { name: 'Cancel' }).click();
    const question = page.getByRole('dialog', { name: 'Cancel withdrawal' });
    await expect.poll(() => question.textContent()).toContain('Do you want to cancel this withdrawal?');
    await question.getByRole('button', { name: 'No' }).click();
    expect(await page.getByTestId('pending-withdrawal').count()).toBe(1);
    await page.getByTestId('pending-withdrawal').getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.locator('.toast').first().textContent()).toContain('Success');
    await expect.poll(() => page.getByTestId('pending-withdrawal').count()).toBe(0);
    await expect.poll(() => balanceText(page)).toContain('$1,000.00');
    await context.close();
  });

  it('bad input: a clear message, nothing typed is lost; a session ended elsewhere logs out', async () => {
    const { page, context } = await withdrawalPage();
    await fill(page, { amount: '0', wallet: BTC });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Incorrect amount!');
    expect(await page.getByLabel('BTC address').inputValue()).toBe(BTC);
    await fill(page, { amount: '12', wallet: '' });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please enter Wallet address!');
    await fill(page, { amount: '5000', wallet: BTC });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The amount is more than your balance.');
    expect(await page.getByLabel(/^Amount/).inputValue()).toBe('5000');
    // the session ends (another tab logged out): the next request logs this page out too
    await page.evaluate(async () => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      await fetch('/api/logout', { method: 'POST', headers: { 'x-csrf-token': me.csrf } });
    });
    await fill(page, { amount: '10', wallet: BTC });
    await page.waitForURL(`${baseURL}/en/login**`);
    await context.close();
  });
});
