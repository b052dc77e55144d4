import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, post, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

/**
 * Card refunds and chargebacks, negative balance protection (issue 32 §2, §3) in Chromium against
 * the real server: the operator works the sandbox refunds console (/sandbox/refunds), whose
 * processor sends its signed webhook to our route; the trader's page, history and the platform follow.
 */

/** A fresh trader with 0.00 USD on the trading page (three processors that answer directly). */
async function trader() {
  const tab = await openTab(chromium.current);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { cascade: 'ORANGE,MEIKO,ZOOM', balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  return { ...tab, user };
}

/** The operator's console tab, signed in with the operator token, showing one trader's payments. */
async function refundsConsole(email: string) {
  const desk = await openTab(chromium.current);
  await desk.page.goto(`${baseURL}/sandbox/refunds`);
  await desk.page.getByLabel(/operator token/i).fill(operator);
  await desk.page.getByRole('button', { name: /open the console/i }).click();
  await desk.page.getByLabel('Trader’s email').fill(email);
  await desk.page.getByRole('button', { name: 'Show' }).click();
  return desk;
}

const balanceText = (page: Page) => page.getByTestId('balance').textContent();
/** the platform's own view of the login's balance (the trading frame's session) */
const platformAvailable = (page: Page) => page.evaluate(async () => ((await (await fetch('/platform/userInfo')).json()) as { available: string }).available);

describe('refunds and chargebacks', () => {
  it('a card payment refunded from the console: the balance, the history and the platform show it', async () => {
    const { page, errors, context, user } = await trader();
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
    await fillCard(page, CARDS.approved);
    await page.getByRole('button', { name: 'Deposit $250.00' }).click();
    await page.locator('#card-done').waitFor();
    await expect.poll(() => balanceText(page)).toContain('$250.00');

    const desk = await refundsConsole(user.email);
    const row = desk.page.locator('tr[data-source="card"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Card · Orange');
    await row.getByLabel(/Amount/).first().fill('100.00');
    await row.getByRole('button', { name: 'Refund', exact: true }).click();
    await desk.page.getByText('The processor refunded it').waitFor();
    expect(await desk.page.locator('tr[data-kind="refund"]').getAttribute('data-status')).toBe('succeeded');

    // pushed to the trader's open page: the balance, the bell
    await expect.poll(() => balanceText(page), { timeout: 10_000 }).toContain('$150.00');
    await page.goto(`${baseURL}/en/trading#/show/history`);
    const refunded = page.getByTestId('history-table').locator('tbody tr', { hasText: 'Card deposit refunded (ORANGE)' });
    await refunded.waitFor();
    expect(await refunded.textContent()).toContain('-$100.00');
    // the platform has it (through the outbox, once)
    await expect.poll(() => platformAvailable(page), { timeout: 10_000 }).toBe('150.00');
    expect(errors).toEqual([]);
    await desk.context.close();
    await context.close();
  });

  it('a chargeback on a trader who traded the money away leaves them at 0.00, and the withdrawal page says why it is locked', async () => {
    const { page, errors, context, user } = await trader();
    // 250.00 by card through the API (the card tab is the test above)
    const saved = await post(page, '/api/card/save', { cnu: '4000000000000010', emm: '12', eyy: '2031', fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const checked = await post(page, '/api/fraud/card', { key: `refund-e2e-${Math.random().toString(36).slice(2)}`, amount: '250.00', fixed: false, bonus: false, card: (saved.body as { card: string }).card });
    const paymentId = (checked.body as { payment: string }).payment;
    expect((await post(page, '/api/card/fast/orange', { id: paymentId, amount: '250.00', fixed: false, bonus: false })).status).toBe(200);
    await expect.poll(() => balanceText(page), { timeout: 10_000 }).toContain('$250.00');
    await expect.poll(() => platformAvailable(page), { timeout: 10_000 }).toBe('250.00');

    // traded away: half up, half down on the same 10-second trade, until the balance is below the deposit (a tie gives the stakes back)
    let balance = '250.00';
    for (let round = 0; balance === '250.00' && round < 5; round += 1) {
      for (const direction of ['up', 'down']) {
        const traded = await page.evaluate(
          async ({ direction, key }) => (await fetch('/platform/trades', { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify({ symbol: 'EURUSD', direction, amount: '125', expiry: 10, key }) })).status,
          { direction, key: `refund-e2e-${direction}-${round}-${Math.random().toString(36).slice(2)}` },
        );
        expect(traded).toBe(200);
      }
      await expect.poll(() => page.evaluate(async () => ((await (await fetch('/platform/state')).json()) as { open: unknown[] }).open.length), { timeout: 30_000, interval: 500 }).toBe(0);
      await expect.poll(() => platformAvailable(page), { timeout: 10_000 }).not.toBe('0.00');
      balance = await platformAvailable(page);
    }
    expect(balance).not.toBe('250.00');

    // the card holder disputes the whole deposit and the dispute is lost
    const desk = await refundsConsole(user.email);
    await desk.page.locator(`tr[data-payment="${paymentId}"]`).getByRole('button', { name: 'Open a dispute' }).click();
    await desk.page.getByText('The dispute is open').waitFor();
    await desk.page.locator('tr[data-kind="dispute"]').getByRole('button', { name: 'Lost' }).click();
    await desk.page.getByText('The dispute is lost').waitFor();
    const item = desk.page.locator('tr[data-case]');
    expect(await item.getAttribute('data-status')).toBe('review');

    await expect.poll(() => balanceText(page), { timeout: 10_000 }).toContain('$0.00');
    await page.goto(`${baseURL}/en/trading#/show/withdrawal`);
    const lock = page.getByTestId('lock-protection_review');
    await lock.waitFor();
    const said = (await lock.textContent()) ?? '';
    expect(said).toContain('Withdrawals are paused for a review');
    expect(said).toContain('we covered the difference, and you owe us nothing');
    expect(await page.getByTestId('lock-next-protection_review').getAttribute('href')).toBe('#/show/support');
    await expect.poll(() => platformAvailable(page), { timeout: 10_000 }).toBe('0.00');

    // the operator closes the review: the lock is gone when the page reads the locks again
    await item.getByRole('button', { name: 'Close review' }).click();
    await desk.page.getByText('The protection case is closed').waitFor();
    const locks = await page.evaluate(async () => ((await (await fetch('/api/cashier/locks')).json()) as { withdrawal: { reason: string }[] }).withdrawal.map((l) => l.reason));
    expect(locks).not.toContain('protection_review');
    expect(errors).toEqual([]);
    await desk.context.close();
    await context.close();
  });
});
