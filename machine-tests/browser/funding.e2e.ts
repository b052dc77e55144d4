import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** three processors that answer directly (no hosted page), in this order */
const STACK = 'ORANGE,MEIKO,ZOOM';

/** A fresh trader with a 0.00 USD balance, signed in on the funding page's card tab. */
async function fundingPage(viewport?: { width: number; height: number }, cascade = STACK) {
  const tab = await openTab(chromium.current, viewport);
  const user = await freshUser(tab.page, baseURL, { cascade, balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  // a hash change before the trading page's router is mounted would be missed: wait for the shell
  await tab.page.getByTestId('balance').waitFor();
  await tab.page.goto(`${baseURL}/en/trading#/show/funding`);
  // the first page of the run loads the lazy chunks and waits for a cold server: allow for it
  await tab.page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 }).catch(async (e: unknown) => {
    await tab.page.screenshot({ path: '/tmp/funding-open-failed.png' });
    throw new Error(`the funding page did not open (${tab.page.url()}; errors: ${tab.errors.join('; ')}): ${String(e)}`);
  });
  return { ...tab, user };
}

/** the card tab's own success panel (the modal says it too) */
const done = (page: Page) => page.locator('#card-done');
const deposit = (page: Page) => page.getByRole('button', { name: 'Deposit $250.00' });
const balanceText = (page: Page) => page.getByTestId('balance').textContent();

/** The stored run of this tab: the tried list and the payment id. */
const storedRun = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('funding.cascade') ?? 'null') as { run: { payment: { id: string }; tried: string[] } } | null)?.run ?? null);

/** The server's record of the payment: every processor attempt. */
const attempts = (page: Page, id: string) =>
  page.evaluate(async (pid) => ((await (await fetch(`/api/card/payments/${pid}`)).json()) as { status: string; attempts: { processor: string; status: string }[] }), id);

describe('card funding through the sandbox processors', () => {
  it('an approved card: one processor, the balance rises by the amount', async () => {
    const { page, errors, context } = await fundingPage();
    expect(await page.getByLabel('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(await page.getByLabel('CVV').getAttribute('autocomplete')).toBe('cc-csc');
    await fillCard(page, CARDS.approved);
    await deposit(page).click();
    await done(page).waitFor();
    await expect.poll(() => balanceText(page)).toContain('$250.00');
    const run = await storedRun(page);
    // the card number never reaches browser storage
    expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage, ...localStorage })))).not.toContain('4000000000000010');
    expect((await attempts(page, run!.payment.id)).attempts.map((a) => a.processor)).toEqual(['ORANGE']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('soft declines on the first two processors, approved on the third', async () => {
    const { page, errors, context } = await fundingPage();
    await fillCard(page, CARDS.softTwice);
    await deposit(page).click();
    await done(page).waitFor();
    await expect.poll(() => balanceText(page)).toContain('$250.00');
    const run = await storedRun(page);
    expect(run!.tried).toEqual(['ORANGE', 'MEIKO']);
    const record = await attempts(page, run!.payment.id);
    expect(record.attempts.map((a) => `${a.processor}:${a.status}`)).toEqual(['ORANGE:declined', 'MEIKO:declined', 'ZOOM:approved']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every processor fails: the cascade_card.failed alert, no money moves', async () => {
    const { page, errors, context } = await fundingPage();
    await fillCard(page, CARDS.softAll);
    await deposit(page).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('could not be charged by any of our payment processors').waitFor();
    expect(await alert.getByRole('heading').first().textContent()).toContain('Card');
    const run = await storedRun(page);
    expect(run!.tried).toEqual(['ORANGE', 'MEIKO', 'ZOOM']);
    expect(await balanceText(page)).toContain('$0.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a hard decline (lost card) stops at once: no second processor', async () => {
    const { page, errors, context } = await fundingPage();
    await fillCard(page, CARDS.hard);
    await deposit(page).click();
    await page.getByRole('alertdialog').getByText('reported lost or stolen').waitFor().catch(async (e: unknown) => {
      await page.screenshot({ path: '/tmp/funding-hard.png' });
      throw e;
    });
    const run = await storedRun(page);
    expect(run!.tried).toEqual(['ORANGE']);
    expect((await attempts(page, run!.payment.id)).attempts.map((a) => a.processor)).toEqual(['ORANGE']);
    expect(await balanceText(page)).toContain('$0.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload while waiting for the bank resumes the same processor, never from the top', async () => {
    const { page, errors, context } = await fundingPage();
    await fillCard(page, CARDS.pending);
    await deposit(page).click();
    await page.getByText('Waiting for the bank (Orange)').waitFor();
    const before = await storedRun(page);
    await page.reload();
    // straight back to the wait: no new fraud check, no new start
    await page.getByText('Waiting for the bank (Orange)').or(done(page)).waitFor();
    await done(page).waitFor({ timeout: 20_000 });
    await expect.poll(() => balanceText(page)).toContain('$250.00');
    const after = await storedRun(page);
    expect(after!.payment.id).toBe(before!.payment.id);
    const record = await attempts(page, after!.payment.id);
    expect(record.attempts.map((a) => a.processor)).toEqual(['ORANGE']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a double click charges once: the balance rises once', async () => {
    const { page, errors, context } = await fundingPage();
    await fillCard(page, CARDS.approved);
    // two clicks in the same task, before React can disable the button
    await deposit(page).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await done(page).waitFor();
    await expect.poll(() => balanceText(page)).toContain('$250.00');
    // a further wait: nothing else arrives
    await page.waitForTimeout(1500);
    await page.evaluate(() => fetch('/api/me'));
    await page.reload();
    await expect.poll(() => balanceText(page)).toContain('$250.00');
    expect(await balanceText(page)).not.toContain('$500.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a risk-flagged US trader: bitcoin first, the partner-risk popup on the card tab, the fixed US amount; only working methods offered; promo prefill', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await signIn(page, baseURL, { email: 'risky@example.com', password: 'Risky-2026' });
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();
    await page.goto(`${baseURL}/en/trading#/show/funding/promo/SANDBOX1`);
    await page.getByRole('tab', { name: 'Bitcoin', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Card' }).click();
    const popup = page.getByRole('dialog');
    await popup.getByText('card deposits need full verification').waitFor();
    // the way forward is offered (the personal page); Close stays on the page
    await popup.getByRole('button', { name: 'Verify now' }).waitFor();
    await popup.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await page.getByText('The deposit amount for your country is fixed at $250.00.').waitFor();
    expect(await page.getByText('No bonus in fixed mode.').count()).toBe(1);
    expect(await page.getByLabel('Promo code').inputValue()).toBe('SANDBOX1');
    // the promo link checks the code at once (docs/sandbox.md: SANDBOX1 adds 1%)
    await page.getByText('Promo code adds 1%.').waitFor();
    // only methods that work end to end are offered: no placeholder tab (Skrill is hidden in the US)
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Card', 'JCB', 'Bitcoin', 'Litecoin', 'Ethereum', 'Bitcoin Cash', 'Dash', 'Zcash', 'USDT', 'Tokens', 'Neteller', 'Perfect Money', 'Vload', 'OKPay', 'Bank transfer', 'Fiat']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a demo account: the warning, and card deposits blocked with the demo alert', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await signIn(page, baseURL, { email: 'demo@brokerage.test', password: 'Demo-2026' });
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByText('You are funding a DEMO account.').waitFor();
    await page.getByRole('tab', { name: 'Card' }).click();
    await fillCard(page, CARDS.approved);
    await page.getByRole('button', { name: /^Deposit/ }).click();
    await page.getByRole('alertdialog').getByText('card deposits are blocked').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('3-D Secure: the bank page, then back to #/listen/funding: the cascade listens for the same attempt and credits once', async () => {
    const { page, errors, context } = await fundingPage(undefined, 'CONCEPT,MEIKO');
    await fillCard(page, CARDS.secure3d);
    await deposit(page).click();
    await page.getByTestId('sandbox-approve').click();
    await page.waitForURL(/#\/show\/funding/);
    await done(page).waitFor({ timeout: 20_000 });
    await expect.poll(() => balanceText(page)).toContain('$250.00');
    const run = await storedRun(page);
    expect((await attempts(page, run!.payment.id)).attempts.map((a) => a.processor)).toEqual(['CONCEPT']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
