import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO, openTab, sharedBrowser } from './browser';
import { acceptTerms } from './legal';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

let seq = 0;
const newEmail = (tag: string) => `reg-${tag}-${Date.now().toString(36)}-${seq++}@example.org`;

interface Form {
  country: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  currency?: string;
}

const german = (email: string): Form => ({
  country: 'DE',
  email,
  password: 'Long-enough-2026',
  firstName: 'Anna',
  lastName: 'Schmidt',
  phone: '1512 3456789',
});

/** Fills the form as a person would, field by field (each field is left, so it is checked). */
async function fill(page: Page, form: Form): Promise<void> {
  await page.getByLabel('Country of residence').selectOption(form.country);
  if (form.currency) await page.getByLabel('Account currency').selectOption(form.currency);
  await page.getByLabel('Email').fill(form.email);
  await page.getByLabel('Password *').fill(form.password);
  await page.getByLabel('First name').fill(form.firstName);
  await page.getByLabel('Last name').fill(form.lastName);
  await page.getByLabel('Phone number').fill(form.phone);
  await page.getByLabel('Promo code').click();
  await acceptTerms(page);
}

async function expectKept(page: Page, form: Form): Promise<void> {
  expect(await page.getByLabel('Country of residence').inputValue()).toBe(form.country);
  expect(await page.getByLabel('Email').inputValue()).toBe(form.email);
  expect(await page.getByLabel('Password *').inputValue()).toBe(form.password);
  expect(await page.getByLabel('First name').inputValue()).toBe(form.firstName);
  expect(await page.getByLabel('Last name').inputValue()).toBe(form.lastName);
  expect(await page.getByLabel('Phone number').inputValue()).toBe(form.phone);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Open my account' }).click();

describe('registration', () => {
  it('the login page links to registration; a new trader registers, is signed in and lands on the trading page with 0.00 and the one-time welcome', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/login`);
    await page.getByRole('link', { name: 'Open an account' }).click();
    await page.waitForURL(`${baseURL}/en/register`);
    const form = { ...german(newEmail('new')), currency: 'EUR' };
    await fill(page, form);
    expect(await page.getByLabel('Calling code').inputValue()).toBe('49');
    await submit(page);
    // the first visit (spec 001 §2 "trading page with param first")
    await page.waitForURL(`${baseURL}/en/trading?first=1#/home`, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toContain('0.00');
    expect(await page.getByTestId('balance').textContent()).toContain('€');
    // the welcome greets by first name and offers Deposit (nothing deposited yet); it does not block the platform
    const welcome = page.getByRole('region', { name: 'Welcome, Anna!' });
    await welcome.waitFor();
    expect(await welcome.getByRole('button', { name: 'Deposit' }).isVisible()).toBe(true);
    expect(await page.getByTestId('trading-lock').count()).toBe(0);
    await welcome.getByRole('button', { name: 'Start trading' }).click();
    await expect.poll(() => welcome.count()).toBe(0);
    expect(page.url()).toBe(`${baseURL}/en/trading#/home`);
    // never again: not after a reload, nor with first in the address again (remembered for this trader)
    await page.reload();
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toContain('0.00');
    expect(await page.getByTestId('welcome').count()).toBe(0);
    await page.goto(`${baseURL}/en/trading?first=1#/home`);
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${baseURL}/en/trading#/home`);
    expect(await page.getByTestId('welcome').count()).toBe(0);
    // the new password signs in on the login page too
    const other = await openTab(chromium.current);
    await other.page.goto(`${baseURL}/en/login`);
    await other.page.getByLabel('Email').fill(form.email);
    await other.page.getByLabel('Password').fill(form.password);
    await other.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.page.waitForURL(`${baseURL}/en/trading**`);
    await other.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a duplicate email is shown beside the email when it is left, and again on submit', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/register`);
    const form = german(DEMO.email);
    await fill(page, form);
    const emailError = page.getByTestId('error-login');
    await expect.poll(() => emailError.textContent()).toBe('An account with this email already exists. Please sign in instead.');
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await submit(page);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Please correct the marked fields');
    expect(await emailError.textContent()).toContain('already exists');
    expect(page.url()).toBe(`${baseURL}/en/register`);
    await expectKept(page, form);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the English site a US resident gets the notice, which blocks until agreed', async () => {
    const { page, errors, context } = await openTab(chromium.current);
    await page.goto(`${baseURL}/en/register`);
    const form = { ...german(newEmail('us')), country: 'US', phone: '202 555 0143' };
    await fill(page, form);
    expect(await page.getByLabel('Calling code').inputValue()).toBe('1');
    // a US resident names the state (001 §3): refused beside the field until chosen, nothing opened
    await submit(page);
    await expect.poll(() => page.locator('body').textContent()).toContain('Choose your state.');
    expect(page.url()).toBe(`${baseURL}/en/register`);
    await page.getByLabel('State').selectOption('NY');
    await submit(page);
    const notice = page.getByRole('dialog', { name: 'Notice for US residents' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('not regulated in the United States');
    // going back opens nothing and says why
    await page.getByRole('button', { name: 'Back to the form' }).click();
    await expect.poll(() => page.getByTestId('error-usNotice').textContent()).toBe('US residents must accept the notice to open an account.');
    expect(await notice.count()).toBe(0);
    await expectKept(page, form);
    // agreeing opens the account (had going back opened it, this would be refused as a taken email)
    await submit(page);
    await notice.waitFor();
    await page.getByRole('button', { name: 'I understand and agree' }).click();
    await page.waitForURL(`${baseURL}/en/trading?first=1#/home`, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toContain('$0.00');
    // the welcome's Deposit closes it and opens the funding page, first gone from the address
    await page.getByRole('region', { name: 'Welcome, Anna!' }).getByRole('button', { name: 'Deposit' }).click();
    await page.waitForURL(`${baseURL}/en/trading#/show/funding`);
    expect(await page.getByTestId('welcome').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a field the server refuses at submit is marked beside it and everything typed stays', async () => {
    // two tabs fill the same new email; the first opens the account, so the server refuses the second
    const email = newEmail('race');
    const first = await openTab(chromium.current);
    const second = await openTab(chromium.current, { width: 390, height: 844 });
    const form = german(email);
    for (const { page } of [first, second]) {
      await page.goto(`${baseURL}/en/register`);
      await fill(page, form);
    }
    await submit(first.page);
    await first.page.waitForURL(`${baseURL}/en/trading?first=1#/home`, { timeout: 30_000 });
    await submit(second.page);
    await expect.poll(() => second.page.getByTestId('error-login').textContent()).toBe('An account with this email already exists. Please sign in instead.');
    await expect.poll(() => second.page.evaluate(() => document.activeElement?.id)).toBe('reg-login');
    expect(second.page.url()).toBe(`${baseURL}/en/register`);
    await expectKept(second.page, form);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('reads in Russian with the country names in Russian and the errors translated', async () => {
    const { page, errors, context } = await openTab(chromium.current, { width: 390, height: 844 });
    await page.goto(`${baseURL}/ru/register`);
    await page.getByRole('button', { name: 'Открыть счёт' }).click();
    await expect.poll(() => page.getByTestId('error-country').textContent()).toBe('Выберите страну.');
    expect(await page.getByTestId('error-login').textContent()).toBe('Заполните это поле.');
    expect(await page.getByLabel('Страна проживания').locator('option[value="DE"]').textContent()).toBe('Германия');
    // nothing is wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
