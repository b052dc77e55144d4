import { describe, expect, inject, it } from 'vitest';
import { formatDateTime } from '../../core/format';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

describe('taking a break', () => {
  it('24 hours from the security page: signed out everywhere at once, and the next sign-in refused with the end date', async () => {
    const { context, page, errors } = await openTab(chromium.current);
    await chatSeen(context);
    const user = await freshUser(page, baseURL);
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();

    // the same trader signed in in a second browser
    const other = await openTab(chromium.current);
    await chatSeen(other.context);
    await signIn(other.page, baseURL, user);
    await other.page.waitForURL(`${baseURL}/en/trading**`);
    const status = (tab: typeof other) => tab.page.evaluate(async () => (await fetch('/api/self-exclusion', { cache: 'no-store' })).status);
    expect(await status(other)).toBe(200);

    // from the security page
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await page.getByTestId('security-pause-link').click();
    await page.getByTestId('pause-page').waitFor();
    expect(await page.title()).toContain('Take a break');

    // by keyboard: Continue without a choice is refused on the first radio, the arrows move the choice
    await page.getByTestId('pause-continue').focus();
    await page.keyboard.press('Enter');
    await page.getByText('Choose how long.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pause-choice-24h');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('pause-choice-7d').isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('pause-choice-24h').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('pause-continue');
    await page.keyboard.press('Enter');

    // the confirmation: until when (the page's estimate), cannot be undone early, the password
    const confirm = page.getByTestId('pause-confirm');
    await confirm.getByRole('heading', { name: 'Take a break for 24 hours?' }).waitFor();
    expect(await page.getByTestId('pause-final').textContent()).toBe('This cannot be undone early.');
    expect(await page.getByTestId('pause-ends').textContent()).toMatch(/^Your break lasts until \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\.$/);
    await page.getByTestId('pause-password').fill(user.password);
    // the server's answer, read on its way (the page navigates to the sign-in page right after it)
    let answered!: (body: { kind: string; until: string }) => void;
    const answer = new Promise<{ kind: string; until: string }>((resolve) => (answered = resolve));
    await page.route(
      (u) => u.pathname === '/api/self-exclusion',
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch();
        answered((await response.json()) as { kind: string; until: string });
        await route.fulfill({ response });
      },
    );
    await page.getByTestId('pause-submit').click();
    const started = await answer;
    expect(started.kind).toBe('timeout');
    const hours = (Date.parse(started.until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // signed out: on the sign-in page, told the break has begun
    await page.waitForURL(`${baseURL}/en/login?paused=timeout`);
    await page.getByTestId('login-paused-notice').waitFor();
    expect((await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { user: unknown })).user).toBeNull();

    // the other browser is signed out too: its next call is refused
    expect(await status(other)).toBe(401);

    // signing in again is refused with the end date, written in the browser's time zone
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const refused = page.getByTestId('login-excluded');
    await refused.waitFor();
    expect(await refused.textContent()).toContain(`Your account is paused until ${formatDateTime(started.until, zone)}.`);
    expect(await refused.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/en/contacts');
    expect(page.url()).toContain('/en/login');
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.context.close();
    await context.close();
  });
});
