import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

describe('where you are signed in (issue 31 §2)', () => {
  it('a second browser shows up on the security page; signing it out there refuses its next step', async () => {
    const laptop = await openTab(chromium.current);
    await chatSeen(laptop.context);
    const user = await freshUser(laptop.page, baseURL);
    await signIn(laptop.page, baseURL, user);
    await laptop.page.waitForURL(`${baseURL}/en/trading**`);
    const phone = await openTab(chromium.current, { width: 390, height: 844 });
    await chatSeen(phone.context);
    await signIn(phone.page, baseURL, user);
    await phone.page.waitForURL(`${baseURL}/en/trading**`);
    await phone.page.getByTestId('balance').waitFor();

    await laptop.page.getByTestId('balance').waitFor();
    await laptop.page.goto(`${baseURL}/en/trading#/show/security`);
    const section = laptop.page.getByTestId('active-sessions');
    const rows = section.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    const here = section.locator('[data-testid=session-row][data-current=true]');
    expect(await here.textContent()).toContain('This device');
    expect(await here.textContent()).toContain('Chrome on Linux');
    expect(await here.textContent()).toMatch(/signed in \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

    // by keyboard: the other row's Sign out
    const other = section.locator('[data-testid=session-row][data-current=false]');
    await other.getByRole('button', { name: 'Sign out' }).focus();
    await laptop.page.keyboard.press('Enter');
    await section.getByText('Signed out. That device must sign in again.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await section.getByTestId('sessions-alone').textContent()).toBe('You are signed in on this device only.');

    // the phone's next request finds no session: refused, and the page goes to the sign-in page (by
    // itself when its own next call meets the refusal, else at its next load)
    const status = await phone.page.evaluate(async () => (await fetch('/api/security/sessions')).status).catch(() => 'navigated');
    expect([401, 'navigated']).toContain(status);
    if (!phone.page.url().includes('/en/login')) await phone.page.reload().catch(() => undefined);
    await phone.page.waitForURL(`${baseURL}/en/login**`);
    expect(laptop.errors).toEqual([]);
    await phone.context.close();
    await laptop.context.close();
  });

  it('in Russian at 320 px: the section fits and speaks Russian', async () => {
    const tab = await openTab(chromium.current, { width: 320, height: 720 });
    await chatSeen(tab.context);
    const user = await freshUser(tab.page, baseURL);
    await signIn(tab.page, baseURL, user, 'ru');
    await tab.page.waitForURL(`${baseURL}/ru/trading**`);
    await tab.page.getByTestId('balance').waitFor();
    await tab.page.goto(`${baseURL}/ru/trading#/show/security`);
    const section = tab.page.getByTestId('active-sessions');
    await section.getByRole('heading', { name: 'Где выполнен вход' }).waitFor();
    await section.getByText('Это устройство').waitFor();
    await section.scrollIntoViewIfNeeded();
    await tab.page.screenshot({ path: '/tmp/active-sessions-320-ru.png' });
    expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});
