import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** The path of the newest "this wasn't me" link the sandbox "sent" to `email` (GET /api/sandbox/outbox). */
async function notMeLink(page: Page, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const link = await page.evaluate(async (address) => {
      const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
      const body = (await res.json()) as { messages: { subject: string; body: string }[] };
      const mail = body.messages.find((m) => m.subject === 'A sign-in from a new device');
      return /\/[a-z]{2}\/not-me\?token=[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0] ?? '';
    }, email);
    if (link) return link;
    await page.waitForTimeout(100);
  }
  throw new Error(`no new-device email in the outbox of ${email}`);
}

describe('sign-in history and new-device alerts (issue 31 §1, §3)', () => {
  it('a sign-in from another browser: the email and the notice; the history shows it; "this wasn’t me" from the history signs out everywhere', async () => {
    const laptop = await openTab(chromium.current);
    await chatSeen(laptop.context);
    const user = await freshUser(laptop.page, baseURL);
    await signIn(laptop.page, baseURL, user);
    await laptop.page.waitForURL(`${baseURL}/en/trading**`);
    await laptop.page.getByTestId('balance').waitFor();

    const phone = await openTab(chromium.current, { width: 390, height: 844 });
    await chatSeen(phone.context);
    await signIn(phone.page, baseURL, user);
    await phone.page.waitForURL(`${baseURL}/en/trading**`);
    expect(await notMeLink(laptop.page, user.email)).toMatch(/^\/en\/not-me\?token=/);

    // the bell says so (pushed), with the way to the history
    await laptop.page.getByTestId('bell').click();
    const notice = laptop.page.locator('[data-testid=notification][data-kind="security.new_device"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('A sign-in from a device your account had not used: Chrome on Linux, IP 127.0.0.1.');
    await notice.getByTestId('notification-link').click();
    await laptop.page.waitForURL(`${baseURL}/en/trading#/show/security`);

    const history = laptop.page.getByTestId('sign-in-history');
    const rows = history.getByTestId('sign-in-row');
    await expect.poll(() => rows.count()).toBe(2);
    const fresh = history.locator('[data-testid=sign-in-row][data-new-device=true]');
    expect(await fresh.textContent()).toMatch(/Signed in · Password\s*New device/);
    expect(await fresh.textContent()).toContain('IP 127.0.0.1');
    expect(await history.getByTestId('sign-in-csv').getAttribute('href')).toBe('/api/security/sign_ins.csv');

    // by keyboard: "This wasn't me", then the dialog's confirm
    await fresh.getByTestId('not-me').focus();
    await laptop.page.keyboard.press('Enter');
    const dialog = laptop.page.getByTestId('not-me-dialog');
    await dialog.waitFor();
    expect(await laptop.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('not-me-confirm');
    await laptop.page.keyboard.press('Enter');
    await laptop.page.waitForURL(`${baseURL}/en/login?ended=not_me`);
    await laptop.page.getByTestId('login-not-me').waitFor();

    // the phone is signed out too; a reset link went out
    const status = await phone.page.evaluate(async () => (await fetch('/api/security/sessions')).status).catch(() => 'navigated');
    expect([401, 'navigated']).toContain(status);
    const subjects = await laptop.page.evaluate(async (address) => {
      const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
      return ((await res.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject);
    }, user.email);
    expect(subjects[0]).toBe('Reset your password');
    expect(laptop.errors).toEqual([]);
    await phone.context.close();
    await laptop.context.close();
  });

  it('from the email’s link in Russian at 320 px: one press signs out everywhere; the link works once', async () => {
    const laptop = await openTab(chromium.current);
    await chatSeen(laptop.context);
    const user = await freshUser(laptop.page, baseURL);
    await signIn(laptop.page, baseURL, user, 'ru');
    await laptop.page.waitForURL(`${baseURL}/ru/trading**`);
    await laptop.page.getByTestId('balance').waitFor();
    const thief = await openTab(chromium.current);
    await signIn(thief.page, baseURL, user, 'ru');
    await thief.page.waitForURL(`${baseURL}/ru/trading**`);
    // a sandbox user has no profile language: the email is in English; the trader opens it in Russian
    const link = (await notMeLink(laptop.page, user.email)).replace(/^\/en\//, '/ru/');
    expect(link).toMatch(/^\/ru\/not-me\?token=/);

    const mail = await openTab(chromium.current, { width: 320, height: 720 });
    await mail.page.goto(`${baseURL}${link}`);
    await mail.page.getByRole('heading', { name: 'Вход, который совершили не вы' }).waitFor();
    const width = await mail.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
    await mail.page.getByTestId('not-me-confirm').click();
    expect(await mail.page.getByTestId('not-me-done').textContent()).toContain('Все сеансы вашего аккаунта завершены, ключи доступа удалены.');
    const status = await thief.page.evaluate(async () => (await fetch('/api/security/sessions')).status).catch(() => 'navigated');
    expect([401, 'navigated']).toContain(status);

    // the same link again: refused, in Russian
    await mail.page.goto(`${baseURL}${link}`);
    await mail.page.getByTestId('not-me-confirm').click();
    expect(await mail.page.getByTestId('not-me-error').textContent()).toContain('Эта ссылка больше не действует.');
    expect(mail.errors).toEqual([]);
    await mail.context.close();
    await thief.context.close();
    await laptop.context.close();
  });
});
