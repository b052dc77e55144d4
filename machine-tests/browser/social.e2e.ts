import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO, openTab, sharedBrowser } from './browser';
import { outboxCode, typeCode } from './sandbox-users';
import { acceptTerms } from './legal';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * Social sign-in through the sandbox identity provider (docs/social-sign-in.md): a real
 * OpenID Connect code flow (PKCE, state, nonce) from the login and register pages to
 * /sandbox/idp and back, with its test identities (docs/sandbox.md).
 */

/** On the sandbox provider's page, chooses a test identity (`trader`, `new`, `unverified`) or cancels. */
async function chooseIdentity(page: Page, identity: 'trader' | 'new' | 'unverified' | 'cancel'): Promise<void> {
  await page.waitForURL(`${baseURL}/sandbox/idp/interaction/**`);
  // the provider's page says it is the sandbox
  expect(await page.locator('body').textContent()).toContain('Sandbox identity provider');
  await page.getByTestId(`idp-${identity}`).click();
}

async function onTrading(page: Page): Promise<void> {
  await page.waitForURL(`${baseURL}/en/trading**`, { timeout: 30_000 });
  await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toMatch(/\d\.\d\d/);
}

describe('social sign-in (Sandbox ID)', () => {
  it('the seeded trader signs in through the provider into the existing account', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/login`);
    await page.getByRole('link', { name: 'Sign in with Sandbox ID' }).click();
    await chooseIdentity(page, 'trader');
    await onTrading(page);
    const me = await page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { email: string } }).user.email);
    expect(me).toBe(DEMO.email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new person registers after the remaining questions (US asks the state), lands on trading; with two-factor on, the next social sign-in still asks the code', { timeout: 120_000 }, async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/register`);
    await page.getByRole('link', { name: 'Register with Sandbox ID' }).click();
    await chooseIdentity(page, 'new');
    await page.waitForURL(`${baseURL}/en/register?social=1`);
    await page.getByRole('heading', { name: 'Finish opening your account' }).waitFor();
    // the verified email is the provider's, locked; the name comes from the provider
    const email = await page.getByTestId('social-email').inputValue();
    expect(email).toMatch(/^new-[0-9a-f]{8}@example\.com$/);
    expect(await page.getByTestId('social-email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('First name').inputValue()).toBe('Nina');

    await page.getByLabel('Country of residence').selectOption('US');
    await page.getByLabel('Calling code').fill('1');
    await page.getByLabel('Phone number').fill('202 555 0143');
    await page.getByLabel(/I have read the notice for US residents/).check();
    await acceptTerms(page);
    // no state yet: refused beside the state, nothing opened
    await page.getByRole('button', { name: 'Open my account' }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Choose your state.');
    expect(page.url()).toBe(`${baseURL}/en/register?social=1`);
    await page.getByLabel('State *').selectOption('NY');
    await page.getByRole('button', { name: 'Open my account' }).click();
    await onTrading(page);
    expect(await page.getByTestId('balance').textContent()).toContain('0.00');

    // two-factor by email on: a social sign-in does not skip it
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await page.getByTestId('factor-email').getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('dialog', { name: 'Enter the code we sent' }).waitFor();
    await typeCode(page, await outboxCode(page, email));
    await expect.poll(() => page.getByTestId('factor-email').textContent(), { timeout: 15_000 }).toContain('On');
    const setupCode = await outboxCode(page, email);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseURL}/en/login**`);

    // the provider remembers this person (its own session): straight back, then our code step
    await page.getByRole('link', { name: 'Sign in with Sandbox ID' }).click();
    await page.getByLabel('Digit 1 of 6').waitFor({ timeout: 30_000 });
    expect(page.url()).not.toContain('/trading');
    // the code of this sign-in (a new one, not the one of the setup)
    await expect.poll(() => outboxCode(page, email), { timeout: 15_000 }).not.toBe(setupCode);
    await typeCode(page, await outboxCode(page, email));
    await onTrading(page);
    const me = await page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { email: string } }).user.email);
    expect(me).toBe(email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an identity whose email is not verified is refused: the login page says the operation failed', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/login`);
    await page.getByRole('link', { name: 'Sign in with Sandbox ID' }).click();
    await chooseIdentity(page, 'unverified');
    await page.waitForURL(`${baseURL}/en/login**`);
    await expect.poll(() => page.getByTestId('social-failed').textContent()).toBe('Operation failed.Please try again.');
    // not signed in
    expect(await page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: unknown }).user)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
