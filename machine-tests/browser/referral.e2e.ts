import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';
import { acceptTerms } from './legal';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** A POST from this page's session (the CSRF header from /api/me), as the page's own calls make it. */
const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ({ path: url, body: payload }) => {
      const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(payload) });
      return { status: res.status, text: await res.text() };
    },
    { path, body },
  );

const row = (page: Page, id: string) => page.locator(`[data-testid="referral-stats-row"][data-link="${id}"]`);

describe('referral and affiliate program', () => {
  it('a trader creates a link; a visitor arrives through it, registers and deposits; the statistics count the visit, the registration and the first deposit; the commission is transferred to the trading account', async () => {
    const { page, context, errors } = await openTab(chromium.current);
    await chatSeen(context);
    const referrer = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    await signIn(page, baseURL, referrer);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();

    // from the accounts page to the referral program
    await page.goto(`${baseURL}/en/trading#/show/accounts`);
    await page.getByTestId('nav-referral').click();
    await page.getByRole('heading', { name: 'Referral program' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('referral-balance').textContent()).toContain('0.00');
    expect(await page.getByText('you receive 5% of that deposit').count()).toBe(1);

    // the spec's refusal, then a link to the FAQ
    await page.getByTestId('referral-link-name').fill('Forum signature');
    await page.getByTestId('referral-link-submit').click();
    expect(await page.getByTestId('referral-link-error').textContent()).toBe('Please fill Link name and chose Landing page');
    await page.getByTestId('referral-link-landing').selectOption('faq');
    await page.getByTestId('referral-link-submit').click();
    const link = page.getByTestId('referral-link').first();
    await link.waitFor();
    const href = (await link.getByTestId('referral-link-href').textContent())!;
    const id = (await link.getAttribute('data-link'))!;
    expect(href).toBe(`${baseURL}/en/faq?aff=${id}`);
    expect(await page.getByText('(1 link)', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('referral-material').count()).toBe(4);

    // a visitor in a fresh browser context arrives through the link and registers
    const visitor = await openTab(chromium.current);
    await chatSeen(visitor.context);
    await visitor.page.goto(href);
    expect((await visitor.context.cookies()).find((c) => c.name === 'aff')?.value).toBe(id);
    await visitor.page.goto(`${baseURL}/en/register`);
    await visitor.page.getByLabel('Country of residence').selectOption('PT');
    await visitor.page.getByLabel('Email').fill(`referred-${Date.now()}@example.com`);
    await visitor.page.getByLabel('Password *').fill('Long-enough-2026');
    await visitor.page.getByLabel('First name').fill('Rita');
    await visitor.page.getByLabel('Last name').fill('Silva');
    await visitor.page.getByLabel('Phone number').fill('912 345 678');
    await acceptTerms(visitor.page);
    await visitor.page.getByRole('button', { name: 'Open my account' }).click();
    await visitor.page.waitForURL(`${baseURL}/en/trading**`, { timeout: 30_000 });
    // a sandbox Vload voucher of 250.00 (docs/sandbox.md), the page's own call
    const pin = `1250${String(Date.now()).slice(-12).padStart(12, '0')}`;
    const paid = await post(visitor.page, '/api/card/fast/vload', { amount: pin, fixed: false, bonus: false });
    expect(paid.status, paid.text).toBe(200);
    await visitor.context.close();

    // the referrer's statistics: one visit, one registration, one first deposit, 12.50 commission
    await page.reload();
    await page.getByRole('heading', { name: 'Referral program' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('referral-balance').textContent(), { timeout: 15_000 }).toContain('12.50');
    await page.getByTestId('referral-stats-link').selectOption(id);
    await page.getByTestId('referral-stats-apply').click();
    await expect.poll(() => row(page, id).getByTestId('stat-visits').textContent(), { timeout: 15_000 }).toBe('1');
    expect(await row(page, id).getByTestId('stat-registrations').textContent()).toBe('1');
    expect(await row(page, id).getByTestId('stat-deposits').textContent()).toBe('1');
    expect(await row(page, id).getByTestId('stat-commission').textContent()).toContain('12.50');
    expect(await page.getByTestId('referral-stats-total').textContent()).toBe('1 visit · 1 registration · 1 first deposit');

    // the transfer: 'Wrong amount' for 0 and 1.5; 12 moves to the trading account
    for (const amount of ['0', '1.5']) {
      await page.getByTestId('referral-transfer-amount').fill(amount);
      await page.getByTestId('referral-transfer-submit').click();
      expect(await page.getByTestId('referral-transfer-error').textContent()).toBe('Wrong amount');
    }
    await page.getByTestId('referral-transfer-amount').fill('12');
    await page.getByTestId('referral-transfer-submit').click();
    await page.getByTestId('referral-transfer-done').waitFor();
    expect(await page.getByTestId('referral-balance').textContent()).toContain('0.50');
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toContain('12.00');

    // Russian plural forms on the same page
    await page.goto(`${baseURL}/ru/trading#/show/referral`);
    await page.getByRole('heading', { name: 'Партнёрская программа' }).waitFor({ timeout: 30_000 });
    // the links load after the page's heading: wait for them rather than count at once
    await expect.poll(() => page.getByText('(1 ссылка)', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
