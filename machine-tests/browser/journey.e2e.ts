import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { instrumentOf, priceAt } from '../../server/sandbox/platform/prices';
import { openTab, sharedBrowser, signIn } from './browser';
import { passQuestionnaire } from './appropriateness';
import { drawSignature } from './signature';
import { acceptTerms } from './legal';

/**
 * The trader's money journey, as one new trader, in Chromium against the real server:
 * register → deposit by card through the cascade (a soft decline on the first processor of the
 * sandbox stack, approved by the second) → deposit by bitcoin → sign, answer the questionnaire, trade and win → tip →
 * withdraw part → cancel it → the history lists every step → log out and in, same figures.
 * At every step the header, the trading platform and the accounts page show the same balance.
 */
const baseURL = inject('baseURL');
const chromium = sharedBrowser();

const SOFT_ONCE = '4000 0000 0000 0036';
const IBAN = 'DE89 3704 0044 0532 0130 00';
const EURUSD = instrumentOf('EURUSD')!;

let seq = 0;

/** "$1,250.00" (header, accounts and platform alike: core/format) → "1250.00" */
const plain = (text: string | null): string => (text ?? '').replace(/[^\d.,-]/g, '').replace(/,/g, '');

const header = async (page: Page) => plain(await page.getByTestId('balance').textContent());

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => (window.location.hash = h), hash);
  await page.waitForFunction((h) => window.location.hash === h, hash);
}

/** The one balance: the header, the platform (on #/home) and the accounts page agree on `amount`, written the same way under the same label (§4-5). */
async function expectBalance(page: Page, platform: FrameLocator, amount: string, step: string): Promise<void> {
  const poll = { timeout: 15_000, message: `${step}: header` };
  await expect.poll(() => header(page), poll).toBe(amount);
  const headerText = await page.getByTestId('balance').locator('strong').textContent();
  expect(await page.getByTestId('balance').locator('.topbar__balance-label').textContent()).toBe('Balance');
  await go(page, '#/home');
  await expect.poll(async () => plain(await platform.locator('#balance').textContent()), { ...poll, message: `${step}: platform` }).toBe(amount);
  expect(await platform.locator('#balance').textContent(), `${step}: the platform writes it as the header does`).toBe(headerText);
  expect(await platform.locator('[data-i18n="balance"]').textContent()).toBe('Balance');
  await go(page, '#/show/accounts');
  const account = page.getByTestId('account').first();
  await expect.poll(async () => plain(await account.locator('.accounts__amount').textContent()), { ...poll, message: `${step}: accounts page` }).toBe(amount);
  expect(await account.locator('.accounts__amount').textContent(), `${step}: the accounts page writes it as the header does`).toBe(headerText);
  expect(await account.getByTestId('account-label').textContent()).toBe('Balance');
  expect(await header(page), `${step}: header after the round`).toBe(amount);
}

/** The direction that wins a 10 s EURUSD trade opened in the second starting at `second` (null: a tie). */
function winner(second: number): 'Up' | 'Down' | null {
  const open = priceAt(EURUSD, second);
  const close = priceAt(EURUSD, second + 10_000);
  return close > open ? 'Up' : close < open ? 'Down' : null;
}

/**
 * Presses the winning button: the sandbox's prices are a published function of time, so a
 * tester can know the outcome. It waits for a moment early in a second whose next two seconds
 * agree, so the trade wins even if the click reaches the server up to two seconds late.
 */
async function tradeToWin(platform: FrameLocator): Promise<'Up' | 'Down'> {
  for (let i = 0; i < 300; i++) {
    const now = Date.now();
    const second = Math.floor(now / 1000) * 1000;
    const pick = winner(second);
    if (now - second < 300 && pick && pick === winner(second + 1000) && pick === winner(second + 2000)) {
      await platform.getByRole('button', { name: new RegExp(pick) }).click();
      return pick;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no winning second found in 15 s');
}

async function journey(viewport: { width: number; height: number }): Promise<void> {
  const { page, context, errors } = await openTab(chromium.current, viewport);
  try {
    await walk(page, viewport);
  } catch (error) {
    // where it stopped, for the person reading the failure
    await page.screenshot({ path: `/tmp/journey-failed-${viewport.width}.png`, fullPage: true }).catch(() => {});
    throw new Error(`${String(error)}\n(at ${page.url()}; screenshot /tmp/journey-failed-${viewport.width}.png; page errors: ${errors.join('; ')})`, { cause: error });
  }
  expect(errors).toEqual([]);
  await context.close();
}

async function walk(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const context = page.context();
  // the chat opens by itself once per browser; the trader opens it for the tip
  await context.addInitScript(() => localStorage.setItem('chat.autoOpened', '1'));
  const platform = page.frameLocator('iframe.platform__frame');
  const email = `journey-${viewport.width}-${Date.now().toString(36)}-${seq++}@example.org`;
  const password = 'Journey-Trader-2026';

  // 1. register
  await page.goto(`${baseURL}/en/register`);
  await page.getByLabel('Country of residence').selectOption('DE');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password *').fill(password);
  await page.getByLabel('First name').fill('Jana');
  await page.getByLabel('Last name').fill('Reise');
  await page.getByLabel('Phone number').fill('1512 3456789');
  await page.getByLabel('Promo code').click();
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Open my account' }).click();
  await page.waitForURL(`${baseURL}/en/trading?first=1#/home`, { timeout: 30_000 });
  // the first visit's welcome over #/home: closed, so it is not over the platform when the trader comes back to trade
  await page.getByRole('region', { name: 'Welcome, Jana!' }).getByRole('button', { name: 'Start trading' }).click();
  await page.waitForURL(`${baseURL}/en/trading#/home`);
  await expectBalance(page, platform, '0.00', 'registered');

  // 2. deposit by card: the sandbox stack's first processor declines softly, the next approves
  await go(page, '#/show/funding');
  // a phone opens on bitcoin (spec 001 §2): the trader picks the card tab
  await page.getByRole('tab', { name: 'Card', exact: true }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Name on the card').fill('Jana Reise');
  await page.getByLabel('Card number').fill(SOFT_ONCE);
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Deposit $250.00' }).click();
  // the cascade's steps stay readable on the page: the first processor's decline, then the approval
  await page.getByText(/Processor 2 of \d+ \(\w+\): approved/).waitFor({ timeout: 30_000 });
  await page.getByText(/Processor 1 of \d+ \(\w+\): declined/).waitFor();
  const payment = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('funding.cascade') ?? 'null') as { run: { payment: { id: string } } } | null)?.run.payment.id);
  const record = await page.evaluate(async (id) => (await (await fetch(`/api/card/payments/${id}`)).json()) as { attempts: { processor: string; status: string }[] }, payment);
  expect(record.attempts.map((a) => a.status)).toEqual(['declined', 'approved']);
  expect(new Set(record.attempts.map((a) => a.processor)).size).toBe(2);
  // one success message, with the steps taken, on the page (no dialog on top of it)
  const done = page.locator('.card-done');
  await done.getByTestId('cascade-steps').waitFor();
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  await done.getByRole('button').first().click();
  await expectBalance(page, platform, '250.00', 'card deposit');

  // 3. deposit by bitcoin: an invoice, paid in full on the sandbox chain
  await go(page, '#/show/funding');
  await page.getByRole('tab', { name: 'Bitcoin', exact: true }).click();
  await page.getByRole('heading', { name: 'Deposit with Bitcoin' }).waitFor();
  await page.getByLabel('Amount in USD').fill('250');
  await page.getByRole('button', { name: 'Create BTC invoice' }).click();
  await page.waitForURL(/#\/show\/invoice\/btc\//, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Pay in full' }).click();
  await expect.poll(() => page.getByTestId('crypto-status').getAttribute('data-phase'), { timeout: 15_000 }).toBe('paid');
  await expectBalance(page, platform, '500.00', 'bitcoin deposit');

  // 4. trade and win: an unverified trader who has deposited signs the client agreement first (drawn)
  await go(page, '#/home');
  const agreement = page.getByRole('dialog', { name: 'Client agreement' });
  await agreement.waitFor({ timeout: 15_000 });
  await drawSignature(page, agreement.getByTestId('signature-canvas'));
  await agreement.getByLabel('I agree to the client agreement').check();
  await agreement.getByTestId('signature-save').click();
  await agreement.waitFor({ state: 'detached' });
  // a real-money trader answers the knowledge questionnaire before the first trade (issue 30 §6): the lock above the platform leads there
  await passQuestionnaire(page, baseURL);
  await platform.getByRole('radio', { name: '10 s' }).check();
  await platform.locator('#amount').fill('10');
  await tradeToWin(platform);
  await platform.locator('#open li').first().waitFor();
  // the stake leaves what is available at once; the balance (as our ledger and header count it) holds it in trades
  await expect.poll(async () => plain(await platform.locator('#available').textContent())).toBe('490.00');
  expect(plain(await platform.locator('#in-trades').textContent())).toBe('10.00');
  expect(plain(await platform.locator('#balance').textContent())).toBe('500.00');
  await expect.poll(async () => platform.locator('#status').textContent(), { timeout: 30_000 }).toMatch(/won/);
  // 82 % payout on EURUSD: +8.20, booked at once from the platform's deal event
  await expectBalance(page, platform, '508.20', 'trade won');

  // 5. a tip to the chat host
  await page.getByRole('button', { name: 'Open chat' }).first().click();
  const chat = page.getByTestId('chat-panel');
  await chat.getByLabel('Tip amount in USD').fill('5');
  await chat.getByRole('button', { name: 'Send tip' }).click();
  await chat.getByText('Thank you! $5.00 went to').waitFor({ timeout: 15_000 });
  await chat.getByRole('button', { name: /Minimi[sz]e|Close chat/ }).first().click();
  await expectBalance(page, platform, '503.20', 'tip');

  // 6. withdraw part: the sandbox identity check verifies the trader first
  const verified = await page.evaluate(async (address) => {
    const me = (await (await fetch('/api/me')).json()) as { csrf: string };
    const res = await fetch('/api/sandbox/verification', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify({ email: address, verification: 'Full' }) });
    return res.status;
  }, email);
  expect(verified).toBe(200);
  await go(page, '#/show/withdrawal');
  await page.getByRole('heading', { name: 'Withdraw funds' }).waitFor();
  await page.getByRole('tab', { name: '10 USD' }).click();
  await page.getByLabel('Pay out by').selectOption('Bank Wire');
  await page.getByLabel(/^Amount/).fill('100');
  await page.getByRole('textbox', { name: /IBAN/ }).fill(IBAN);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  // the first withdrawal by this method is confirmed first
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Withdrawal requested' }).waitFor();
  await expectBalance(page, platform, '403.20', 'withdrawal held');

  // 7. cancel it: the amount comes back, on the platform too
  await go(page, '#/show/withdrawal');
  await page.getByTestId('pending-withdrawal').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Cancel withdrawal' }).getByRole('button', { name: 'Yes' }).click();
  await expect.poll(() => page.getByTestId('pending-withdrawal').count()).toBe(0);
  await expectBalance(page, platform, '503.20', 'withdrawal cancelled');

  // 8. the history lists every step
  await go(page, '#/show/history');
  const table = page.getByTestId('history-table');
  await expect.poll(() => table.locator('tbody tr').count(), { timeout: 15_000 }).toBe(7);
  const rows = await table.locator('tbody tr').allTextContents();
  const history = rows.join('\n');
  for (const line of [/Deposit by card \(\w+\)/, /Deposit in crypto \(Bitcoin\)/, /Stake/, /Payout/, /Tip to the host/, /Withdrawal · cancelled/, /Withdrawal returned · cancelled/]) {
    expect(history, `history: ${line}`).toMatch(line);
  }
  // every row says the balance after it, written as the header writes money; the newest is the balance now
  const balances = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[4]?.textContent ?? ''));
  expect(balances.every((cell) => /^\$[\d,]+\.\d\d$/.test(cell)), `balance after: ${balances.join(' | ')}`).toBe(true);
  expect(balances[0]).toBe('$503.20');

  // 9. log out and in again: the same figures
  // on a phone the log-out button sits behind the menu button
  if (viewport.width < 700) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${baseURL}/en/login**`);
  await signIn(page, baseURL, { email, password });
  await page.waitForURL(`${baseURL}/en/trading**`);
  await expectBalance(page, platform, '503.20', 'signed in again');
}

describe("the trader's money journey", () => {
  it('at 1280 px: register, card, bitcoin, trade and win, tip, withdraw, cancel, history, sign in again: one balance everywhere', { timeout: 240_000 }, async () => {
    await journey({ width: 1280, height: 800 });
  });

  it('at 390 px: the same journey on a phone', { timeout: 240_000 }, async () => {
    await journey({ width: 390, height: 844 });
  });
});
