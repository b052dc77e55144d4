import { describe, expect, inject, it } from 'vitest';
import { openTab, post, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * The cashier's locks (issue 30 §4) in Chromium against the real server: each page says what
 * stops it before anything is typed, with a button to the next step.
 */
describe('cashier lock reasons', () => {
  it('withdraw before verifying: the lock and its next step; a used-up deposit limit on the funding page, in Russian', async () => {
    const { context, page, errors } = await openTab(chromium.current, { width: 390, height: 844 });
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { verification: 'None', balances: [{ currency: 'USD', type: 'trading', amount: '1000' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();

    await page.goto(`${baseURL}/en/trading#/show/withdrawal`);
    const lock = page.getByTestId('lock-not_verified');
    await lock.waitFor();
    expect(await lock.textContent()).toContain('Withdrawals are paid to verified accounts only.');
    // the next step, by the keyboard
    await page.getByTestId('lock-next-not_verified').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/en/trading#/show/personal`);

    // a 24-hour deposit limit of 300, used up by a reported transfer: the funding page says so, in Russian
    expect((await post(page, '/api/limits/deposit', { period: 'day', amount: '300' })).status).toBe(200);
    const report = await post(page, '/api/report/bank', { amount: '300', bonus: false, fixed: false, currency: 'USD', random: `r-${Math.random().toString(36).slice(2, 10)}` });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    await page.goto(`${baseURL}/ru/trading#/show/funding`);
    const limit = page.getByTestId('lock-deposit_limit');
    await limit.waitFor();
    const text = (await limit.textContent()) ?? '';
    expect(text).toContain('Лимит пополнений исчерпан');
    expect(text).toMatch(/Вы пополнили 300,00\s\$ из вашего лимита на 24 часа 300,00\s\$\. Пополнить снова можно с \d\d\.\d\d\.\d{4} \d\d:\d\d\./);
    expect(await page.getByTestId('lock-next-deposit_limit').getAttribute('href')).toBe('#/show/limits');
    // a 24-hour stake limit of 10 used up by a trade on the platform: the trading page says so above the platform
    expect((await post(page, '/api/limits/trading', { kind: 'stake', period: 'day', amount: '10' })).status).toBe(200);
    const traded = await page.evaluate(async () => {
      const res = await fetch('/platform/trades', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 60, key: `locks-e2e-${Date.now()}` }),
      });
      return res.status;
    });
    expect(traded).toBe(200);
    await page.goto(`${baseURL}/ru/trading#/home`);
    const trading = page.getByTestId('lock-trading_limit');
    await trading.waitFor();
    expect(await trading.textContent()).toMatch(/За последние 24 часа вы поставили 10,00\s\$: ваш лимит 10,00\s\$\./);
    // the page fits a phone: nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
