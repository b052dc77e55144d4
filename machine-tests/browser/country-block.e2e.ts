import { describe, expect, inject, it } from 'vitest';
import { openTab, post, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * A trader from a country we no longer serve (core/contract/countries.ts `block`, issue 30 §5; the
 * cashier lock `country_blocked`), in Chromium against the real server: the funding page says so
 * before anything is typed, with Contact support as the next step; a deposit is refused with the
 * reason; withdrawals are not locked by it.
 */
describe('a country we no longer serve', () => {
  it('an Iranian trader: deposits locked with the reason and the next step (English, Russian at 320 px), withdrawals not', async () => {
    const { context, page, errors } = await openTab(chromium.current);
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { country: 'IR', verification: 'Full', balances: [{ currency: 'USD', type: 'trading', amount: '200' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();

    await page.goto(`${baseURL}/en/trading#/show/funding`);
    const lock = page.getByTestId('lock-country_blocked');
    await lock.waitFor({ timeout: 50_000 });
    expect(await lock.textContent()).toContain('We no longer serve your country');
    expect(await lock.textContent()).toContain('you can still withdraw it');
    // the server refuses a deposit all the same, with its reason
    const report = await post(page, '/api/report/bank', { amount: '300', bonus: false, fixed: false, currency: 'USD', random: `r-${Math.random().toString(36).slice(2, 10)}` });
    expect(report).toMatchObject({ status: 403, body: { error: 'deposit.country_blocked' } });
    // the next step, by the keyboard
    await page.getByTestId('lock-next-country_blocked').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/en/trading#/show/support`);

    // withdrawals are not locked by it: the server lists it on deposit and trading only
    const locks = await page.evaluate(async () => (await fetch('/api/cashier/locks')).json());
    expect(locks).toEqual({ deposit: [{ reason: 'country_blocked', params: {} }], withdrawal: [], trading: [{ reason: 'country_blocked', params: {} }] });

    // in Russian, on a phone
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`${baseURL}/ru/trading#/show/funding`);
    const ru = page.getByTestId('lock-country_blocked');
    await ru.waitFor({ timeout: 50_000 });
    expect(await ru.textContent()).toContain('Мы больше не обслуживаем вашу страну');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
