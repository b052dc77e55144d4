import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser, outboxCode, typeCode, type FreshUser, type FreshUserOptions } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** the server's TOTP: RFC 6238, SHA-1, 6 digits, 30 s steps */
const PERIOD_MS = 30_000;
const totpAt = (secret: string, step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), period: PERIOD_MS / 1000, timestamp: step * PERIOD_MS });
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

const digits = (page: Page) => page.locator('.code-entry__digit');
const toast = (page: Page) => page.locator('.toast');
const onTrading = (page: Page) => page.waitForURL(`${baseURL}/en/trading**`);

/** A tab of its own, in a browser that has seen the chat open once (so the panel covers nothing). */
async function ownTab(viewport?: { width: number; height: number }) {
  const tab = await openTab(chromium.current, viewport);
  await chatSeen(tab.context);
  return tab;
}

/** A fresh trader's own tab, signed in (the emailed code typed when the user has one). */
async function signedIn(options: FreshUserOptions = {}, viewport?: { width: number; height: number }) {
  const tab = await ownTab(viewport);
  const user = await freshUser(tab.page, baseURL, options);
  await signIn(tab.page, baseURL, user);
  if (options.two_factor === 'email') await typeCode(tab.page, await outboxCode(tab.page, user.email));
  await onTrading(tab.page);
  // the shell is up (its router listens) before a test changes the hash
  await tab.page.getByTestId('balance').waitFor();
  return { ...tab, user };
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${baseURL}/en/login**`);
}

/** the outbox of `email`, newest first */
const outbox = (page: Page, email: string) =>
  page.evaluate(async (address) => {
    const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
    return ((await res.json()) as { messages: { body: string; code?: string }[] }).messages;
  }, email);

/** a state-changing call from the page, with the session's CSRF token */
const post = (page: Page, url: string, body: unknown) =>
  page.evaluate(
    async ({ url, body }) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { url, body },
  );

describe('transaction validation', () => {
  it('five wrong values: attempts left each time, then the max-tries state; the server refuses a sixth even when right', async () => {
    const { page, errors, context } = await signedIn({ validationValue: 'VX4821' });
    await page.goto(`${baseURL}/en/trading#/sw/validate`);
    const input = page.getByLabel('Validation value');
    for (let i = 1; i <= 4; i++) {
      await input.fill(`WRONG${i}`);
      await page.getByRole('button', { name: 'Validate' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(`This value is not right. ${5 - i} attempt${5 - i === 1 ? '' : 's'} left.`);
      // the wrong value is cleared, the focus is back in the field
      expect(await input.inputValue()).toBe('');
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByTestId('attempts-left').textContent()).toBe(`${5 - i} attempt${5 - i === 1 ? '' : 's'} left`);
    }
    await input.fill('WRONG5');
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect.poll(() => page.getByTestId('max-tries').textContent()).toContain('You have used all 5 attempts');
    expect(await input.count()).toBe(0);

    // the limit is the server's: the right value is refused now too, and nothing is counted past 5
    const sixth = await post(page, '/api/fraud/attemps', { value: 'VX4821' });
    expect(sixth).toEqual({ status: 200, body: { return: false, attemps: 5 } });
    // a reload still shows the lock (the attempts come from the server)
    await page.reload();
    await page.getByTestId('max-tries').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the value from the sandbox outbox validates and goes home', async () => {
    const { page, user, errors, context } = await signedIn({ validationValue: 'VX7730' }, { width: 390, height: 844 });
    const statement = (await outbox(page, user.email)).find((m) => m.body.includes('VALIDATE'));
    const value = /Enter (\S+) on the validation page/.exec(statement?.body ?? '')?.[1] ?? '';
    expect(value).toBe('VX7730');
    await page.goto(`${baseURL}/en/trading#/sw/validate`);
    await page.getByLabel('Validation value').fill(value);
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.waitForFunction(() => window.location.hash === '#/home');
    // validated for good: the page sends a validated trader home at once
    await page.goto(`${baseURL}/en/trading#/sw/validate`);
    await page.waitForFunction(() => window.location.hash === '#/home');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('two-factor', () => {
  it('google: the QR and the key are shown, a code computed from the key saves it; the next sign-in asks for a code', async () => {
    const { page, user, errors, context } = await signedIn();
    await page.goto(`${baseURL}/en/trading#/show/security`);
    const google = page.getByTestId('factor-google');
    await google.getByRole('button', { name: 'Turn on' }).click();
    // google starts with the emailed code
    await page.getByRole('dialog', { name: 'Enter the code we sent' }).waitFor();
    await typeCode(page, await outboxCode(page, user.email));
    const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
    await setup.waitFor();
    await expect.poll(() => setup.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1);
    const secret = (await setup.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const setupStep = stepNow();
    await typeCode(page, totpAt(secret, setupStep));
    await expect.poll(() => toast(page).first().textContent()).toContain('Saving Successfully');
    await expect.poll(() => google.textContent()).toContain('On');
    // the authenticator's recovery codes, once (machine-tests/browser/recovery-codes.e2e.ts); then no dialog is left
    await page.getByRole('dialog', { name: 'Save your recovery codes' }).getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await logOut(page);
    await signIn(page, baseURL, user);
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    // a wrong code: the boxes are cleared and the server's message is shown
    const valid = new Set([-1, 0, 1].map((d) => totpAt(secret, stepNow() + d)));
    let wrong = '000000';
    while (valid.has(wrong)) wrong = String(Number(wrong) + 1).padStart(6, '0');
    await typeCode(page, wrong);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong code. 4 attempts left.');
    expect(await digits(page).evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value).join(''))).toBe('');
    // the right code of a later time step than the one used at setup (a code never works twice)
    await typeCode(page, totpAt(secret, Math.max(setupStep + 1, stepNow())));
    await onTrading(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changing the method asks for the current one first: its code is sent by itself, then the new method is set up', async () => {
    const { page, user, errors, context } = await signedIn({ two_factor: 'email' }, { width: 390, height: 844 });
    await page.goto(`${baseURL}/en/trading#/show/security`);
    const before = (await outbox(page, user.email)).length;
    await page.getByTestId('factor-google').getByRole('button', { name: 'Turn on' }).click();
    const current = page.getByRole('dialog', { name: 'Confirm with your current method' });
    await current.waitFor();
    // nothing else sent a code for this step: the entry did, and says so
    await current.getByText('A new code is on its way.').waitFor();
    await expect.poll(async () => (await outbox(page, user.email)).length).toBe(before + 1);
    await typeCode(page, await outboxCode(page, user.email));
    // then the setup's own emailed code, then the authenticator
    await page.getByRole('dialog', { name: 'Enter the code we sent' }).waitFor();
    await expect.poll(async () => (await outbox(page, user.email)).length).toBe(before + 2);
    await typeCode(page, await outboxCode(page, user.email));
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await typeCode(page, totpAt(secret, stepNow()));
    await expect.poll(() => toast(page).first().textContent()).toContain('Saving Successfully');
    // one method at a time: email is off now
    await expect.poll(() => page.getByTestId('factor-google').textContent()).toContain('On');
    expect(await page.getByTestId('factor-email').textContent()).not.toContain('On');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a whole code pasted into the first box fills all six and signs in', async () => {
    const { page, context, errors } = await ownTab({ width: 390, height: 844 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const user = await freshUser(page, baseURL, { two_factor: 'email' });
    await signIn(page, baseURL, user);
    const first = page.getByLabel('Digit 1 of 6');
    await first.waitFor();
    const code = await outboxCode(page, user.email);
    await page.evaluate((text) => navigator.clipboard.writeText(text), ` ${code.slice(0, 3)} ${code.slice(3)} `);
    await first.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await onTrading(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('email: the code from the sandbox outbox signs in; a resent code replaces the first', { timeout: 90_000 }, async () => {
    const { page, context, errors } = await ownTab();
    const user: FreshUser = await freshUser(page, baseURL, { two_factor: 'email' });
    await signIn(page, baseURL, user);
    await page.getByText('Enter the 6-digit code we sent to your email.').waitFor();
    expect(await page.getByRole('link', { name: 'Open the sandbox outbox' }).getAttribute('href')).toContain(encodeURIComponent(user.email));
    const firstCode = await outboxCode(page, user.email);
    const resend = page.getByRole('button', { name: 'Send a new code' });
    // the resend rests for 30 s after a code was sent (the server's limit too)
    expect(await resend.isDisabled()).toBe(true);
    await expect.poll(() => resend.isEnabled(), { timeout: 45_000, interval: 1000 }).toBe(true);
    await resend.click();
    await page.getByText('A new code is on its way.').waitFor();
    await expect.poll(async () => (await outbox(page, user.email)).length).toBe(2);
    const secondCode = await outboxCode(page, user.email);
    if (secondCode !== firstCode) {
      // the first code was replaced
      await typeCode(page, firstCode);
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong code. 4 attempts left.');
    }
    await typeCode(page, secondCode);
    await onTrading(page);
    expect(errors).toEqual([]);
    await context.close();
  });
  it('a change of the second factor signs the other devices out, unless the box under the methods is unticked (issue 31 §2)', async () => {
    const { page, user, errors, context } = await signedIn();
    const other = await ownTab();
    await signIn(other.page, baseURL, user);
    await onTrading(other.page);
    await page.goto(`${baseURL}/en/trading#/show/security`);
    const box = page.getByLabel('When I change the second factor, sign out my other devices');
    expect(await box.isChecked()).toBe(true);
    // unticked: turning email on keeps the other device
    await box.uncheck();
    await page.getByTestId('factor-email').getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('dialog', { name: 'Enter the code we sent' }).waitFor();
    await typeCode(page, await outboxCode(page, user.email));
    await expect.poll(() => page.getByTestId('factor-email').textContent()).toContain('On');
    await other.page.reload();
    await other.page.getByTestId('balance').waitFor();
    // ticked again: turning it off (the current code first) signs the other device out
    await box.check();
    const before = await outboxCode(page, user.email);
    await page.getByTestId('factor-email').getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('dialog', { name: 'Confirm with your current method' }).waitFor();
    await expect.poll(() => outboxCode(page, user.email)).not.toBe(before);
    await typeCode(page, await outboxCode(page, user.email));
    await expect.poll(() => page.getByTestId('factor-email').textContent()).not.toContain('On');
    // the other page may already be on its way to the sign-in page by itself (its session ended):
    // a load that its own navigation cuts short is fine, where it ends is what counts
    await other.page.goto(`${baseURL}/en/trading`).catch(() => undefined);
    // (two navigations to the sign-in page, its own and the trading page's, may cut each other short:
    // waitForURL then fails with ERR_ABORTED, so the page is asked where it settled instead)
    await expect
      .poll(async () => {
        await other.page.waitForLoadState().catch(() => undefined);
        return new URL(other.page.url()).pathname;
      })
      .toBe('/en/login');
    // this device stays signed in
    await page.reload();
    await page.getByTestId('balance').waitFor();
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });
});

describe('password change', () => {
  it('a wrong current password shows the server message and keeps the fields; the new password signs in', async () => {
    const { page, user, errors, context } = await signedIn();
    await page.goto(`${baseURL}/en/trading#/show/security`);
    const fields = { old: page.getByLabel('Current password'), next: page.getByLabel('New password', { exact: true }), repeat: page.getByLabel('Repeat the new password') };
    await fields.old.fill('Not-the-password-1');
    await fields.next.fill('Brand-new-2026');
    await fields.repeat.fill('Brand-new-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The current password is not correct.');
    expect([await fields.old.inputValue(), await fields.next.inputValue(), await fields.repeat.inputValue()]).toEqual([
      'Not-the-password-1',
      'Brand-new-2026',
      'Brand-new-2026',
    ]);
    await expect.poll(() => fields.old.evaluate((el) => el === document.activeElement)).toBe(true);

    await fields.old.fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => toast(page).first().textContent()).toContain('Your password has been changed.');
    // the form is cleared after a change
    expect(await fields.next.inputValue()).toBe('');

    await logOut(page);
    await signIn(page, baseURL, user);
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Wrong email or password');
    await signIn(page, baseURL, { email: user.email, password: 'Brand-new-2026' });
    await onTrading(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('accounts', () => {
  it('adds an account in another currency and switches to it; the exchange balances by currency', async () => {
    const { page, errors, context } = await signedIn({
      balances: [
        { currency: 'USD', type: 'trading', amount: '1000.00' },
        { currency: 'BTC', type: 'exchange', amount: '0.25000000' },
      ],
    });
    await page.goto(`${baseURL}/en/trading#/show/accounts`);
    const exchange = page.getByTestId('exchange-balances');
    await expect.poll(() => exchange.getByRole('row', { name: /BTC/ }).textContent()).toContain('0.25');
    expect(await exchange.getByRole('row', { name: /ETH/ }).textContent()).toMatch(/0(\.0+)?\s*ETH|ETH\s*0/);

    await page.getByRole('button', { name: 'Add an account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an account' });
    // USD is held already, so it is not offered
    const options = await dialog.getByLabel('Currency').locator('option').allTextContents();
    expect(options).toContain('EUR');
    expect(options).not.toContain('USD');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Please chose currency!');
    await dialog.getByLabel('Currency').selectOption('EUR');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => toast(page).first().textContent()).toContain('Account successfully added');
    await expect.poll(() => page.getByTestId('account').count()).toBe(2);

    const eur = page.getByTestId('account').filter({ hasText: '€' });
    await eur.getByRole('button', { name: 'Use this account' }).click();
    await expect.poll(() => eur.textContent()).toContain('Current');
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('€0.00');

    await page.getByRole('button', { name: 'Use the exchange account' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^(Use the exchange account|Switching…)$/ }).count()).toBe(0);
    expect(await page.getByTestId('account').filter({ hasText: 'Current' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
