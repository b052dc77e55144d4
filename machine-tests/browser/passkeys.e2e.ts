import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser, outboxCode, typeCode } from './sandbox-users';

/**
 * Passkeys (issue 31 §5) with the real ceremony: Chromium's virtual authenticator (the DevTools
 * protocol's WebAuthn domain: CTAP2, built in, resident keys, user verification) makes and uses the
 * key, and the server verifies it. The site is opened as localhost, its configured address (an IP
 * address cannot be a relying party).
 */
const baseURL = inject('baseURL').replace('127.0.0.1', 'localhost');
const chromium = sharedBrowser();

/** a virtual platform authenticator on this page: the browser's passkey prompts answer by themselves */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

const outbox = (page: Page, email: string) =>
  page.evaluate(async (address) => {
    const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
    return ((await res.json()) as { messages: { subject: string; body: string }[] }).messages;
  }, email);

describe('passkeys (issue 31 §5)', () => {
  it('added on the security page by keyboard, signs in without the password, shows in the history, removed after the password', { timeout: 120_000 }, async () => {
    const tab = await openTab(chromium.current);
    await chatSeen(tab.context);
    const { page } = tab;
    const authenticator = await virtualAuthenticator(page);
    const user = await freshUser(page, baseURL);
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.goto(`${baseURL}/en/trading#/show/security`);
    const section = page.getByTestId('passkeys');
    await section.getByText('No passkeys yet.').waitFor();

    // a name too long is said before anything is asked of the browser
    const name = section.getByLabel('Name of the new passkey');
    await name.focus();
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
    await expect.poll(() => section.getByTestId('passkeys-answer').textContent()).toBe('Give the passkey a name of 1 to 40 characters.');
    expect(await authenticator.credentials()).toHaveLength(0);

    await name.fill('');
    await name.focus();
    await page.keyboard.type('Test laptop');
    await page.keyboard.press('Enter');
    // the password first (the dialog takes the focus; a wrong one keeps it and says so, nothing made)
    const adding = page.getByTestId('passkey-add-dialog');
    await adding.getByText('Add the passkey “Test laptop”').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await expect.poll(() => adding.getByRole('alert').textContent()).toBe('The password is not right.');
    expect(await authenticator.credentials()).toHaveLength(0);
    await adding.getByLabel('Password').fill(user.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => section.getByTestId('passkeys-answer').textContent()).toBe('The passkey was added. You can now sign in with it.');
    expect(await adding.count()).toBe(0);
    await expect.poll(() => section.getByTestId('passkey-row').count()).toBe(1);
    expect(await section.getByTestId('passkey-row').textContent()).toContain('Test laptop');
    expect(await authenticator.credentials()).toHaveLength(1);
    // the trader is told
    await expect.poll(async () => (await outbox(page, user.email)).some((m) => m.subject === 'A passkey was added to your account')).toBe(true);

    // signed out, then in with the passkey: no email, no password
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseURL}/en/login**`);
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/en/trading**`, { timeout: 30_000 });

    // the history says how
    await page.goto(`${baseURL}/en/trading#/show/security`);
    const latest = page.getByTestId('sign-in-history').getByTestId('sign-in-row').first();
    await expect.poll(() => latest.textContent()).toContain('Passkey');
    expect(await latest.textContent()).toContain('Signed in');

    // removed: the password first (a wrong one keeps the dialog and says so)
    await expect.poll(() => section.getByTestId('passkey-row').textContent()).toContain('Last used');
    await section.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the passkey “Test laptop”?' });
    await dialog.waitFor();
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('The password is not right.');
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Remove the passkey' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => section.getByTestId('passkeys-answer').textContent()).toBe('The passkey was removed.');
    await section.getByText('No passkeys yet.').waitFor();

    // the authenticator still holds the key, but the site no longer knows it
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseURL}/en/login**`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => page.getByTestId('passkey-error').textContent()).toBe('This passkey could not sign you in. Try again, or sign in with your password.');
    expect(page.url()).toContain('/en/login');
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('in Russian at 320 px: the sign-in page’s button and the security page’s section', { timeout: 60_000 }, async () => {
    const tab = await openTab(chromium.current, { width: 320, height: 700 });
    await chatSeen(tab.context);
    const { page } = tab;
    await virtualAuthenticator(page);
    await page.goto(`${baseURL}/ru/login`);
    // the button, named in Russian, fits at 320 px
    await page.getByRole('button', { name: 'Войти по ключу доступа' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    const user = await freshUser(page, baseURL);
    await signIn(page, baseURL, user, 'ru');
    await page.waitForURL(`${baseURL}/ru/trading**`);
    await page.goto(`${baseURL}/ru/trading#/show/security`);
    const section = page.getByTestId('passkeys');
    await section.getByText('Ключей доступа пока нет.').waitFor();
    await section.getByRole('button', { name: 'Добавить ключ доступа' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('as the second factor: a trader with the email factor signs in with the password and the passkey, no code typed; the history says so', { timeout: 120_000 }, async () => {
    const tab = await openTab(chromium.current);
    await chatSeen(tab.context);
    const { page } = tab;
    const authenticator = await virtualAuthenticator(page);
    const user = await freshUser(page, baseURL, { two_factor: 'email' });
    // the first sign-in with the emailed code; the passkey added on the security page
    await signIn(page, baseURL, user);
    await typeCode(page, await outboxCode(page, user.email));
    await page.waitForURL(`${baseURL}/en/trading**`, { timeout: 30_000 });
    await page.goto(`${baseURL}/en/trading#/show/security`);
    const section = page.getByTestId('passkeys');
    await section.getByLabel('Name of the new passkey').fill('Test laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByTestId('passkey-add-dialog').getByLabel('Password').fill(user.password);
    await page.getByTestId('passkey-add-dialog').getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => section.getByTestId('passkey-row').count()).toBe(1);
    expect(await authenticator.credentials()).toHaveLength(1);

    // signed out; the password, then the passkey in place of the code
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseURL}/en/login**`);
    await signIn(page, baseURL, user);
    await page.getByLabel('Digit 1 of 6').waitFor({ timeout: 30_000 });
    const use = page.getByRole('button', { name: 'Use a passkey instead' });
    // no digit typed: the passkey, by keyboard
    await use.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/en/trading**`, { timeout: 30_000 });

    await page.goto(`${baseURL}/en/trading#/show/security`);
    const latest = page.getByTestId('sign-in-history').getByTestId('sign-in-row').first();
    await expect.poll(() => latest.textContent()).toContain('Passkey');
    expect(await latest.textContent()).toContain('Signed in with the second factor');
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});
