import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, type Tab } from './browser';
import { createInvoice, freshTrader as freshTraderAt, payFromOutside as payAt } from './crypto-helpers';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * Crypto invoices in Chromium against the real server and its sandbox chain. The funding page
 * that hosts the crypto tabs is built in another issue; these tests create the invoice with the
 * tab's own call (POST /api/{coin}/pay) from the signed-in page, then use the invoice page as a
 * trader would. The tab view itself is covered in src/features/crypto/CryptoTab.test.tsx.
 */

const freshTrader = (tab: Tab) => freshTraderAt(tab, baseURL);
const payFromOutside = (context: BrowserContext, guid: string, kind = 'full') => payAt(context, baseURL, guid, kind);

const status = (page: Page) => page.getByTestId('crypto-status').getAttribute('data-phase');

describe('crypto invoices', () => {
  it('a BTC invoice: paid on the sandbox chain, the page shows success and the new balance without reloading', async () => {
    const tab = await openTab(chromium.current);
    const { page, context, errors } = tab;
    await freshTrader(tab);
    const guid = await createInvoice(page, 'btc');
    // the spec's invoice address redirects to the page in the trading shell
    await page.goto(`${baseURL}/api/btc/invoice/${guid}`);
    await page.waitForURL(`${baseURL}/en/trading#/show/invoice/btc/${guid}`);
    await expect.poll(() => status(page)).toBe('waiting');
    expect(await page.getByTestId('crypto-amount').textContent()).toBe('0.00389106');
    const address = (await page.getByTestId('crypto-address').textContent()) ?? '';
    expect(address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(await page.locator('svg.crypto-qr').getAttribute('data-uri')).toBe(`bitcoin:${address}?amount=0.00389106`);
    expect(await page.getByRole('link', { name: 'View the address on a block explorer' }).getAttribute('href')).toBe(`https://mempool.space/address/${address}`);
    await expect.poll(() => page.getByTestId('crypto-countdown').getAttribute('aria-label')).toMatch(/^(59:5\d|60:00) left to pay$/);

    // no reload from here on: a marker on the window would be lost
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await payFromOutside(context, guid);
    await expect.poll(() => status(page), { timeout: 3000 }).toBe('paid');
    expect(await page.getByTestId('crypto-success').textContent()).toContain('$250.00 has been credited to your account.');
    await expect.poll(() => page.getByTestId('balance').textContent()).toContain('$1,250.00');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a partial payment shows what is still due; the rest completes it', async () => {
    const tab = await openTab(chromium.current);
    const { page, context } = tab;
    await freshTrader(tab);
    const guid = await createInvoice(page, 'ltc', { amount: '724' });
    await page.goto(`${baseURL}/en/trading#/show/invoice/ltc/${guid}`);
    await expect.poll(() => status(page)).toBe('waiting');
    expect(await page.getByTestId('crypto-amount').textContent()).toBe('10');
    await payFromOutside(context, guid, 'partial');
    await expect.poll(() => page.getByTestId('crypto-partial').textContent()).toContain('We received 5\u00a0LTC. Send the remaining 5\u00a0LTC');
    expect(await page.getByTestId('crypto-amount').textContent()).toBe('5');
    // half paid says so (not "Waiting for payment"); the way back names the trading page
    expect(await page.getByTestId('crypto-status').textContent()).toContain('Partially paid: waiting for the rest');
    expect(await page.getByRole('link', { name: /Back to deposits/ }).getAttribute('href')).toBe('/en/trading#/show/funding');
    expect(await page.locator('svg.crypto-qr').getAttribute('data-uri')).toMatch(/^litecoin:ltc1q\w+\?amount=5$/);
    await page.getByRole('button', { name: 'Pay in full' }).click();
    await expect.poll(() => status(page)).toBe('paid');
    await context.close();
  });

  it('an invoice that expires: the expired screen, a late payment is credited at the rate of its arrival and explained; a reload keeps it', async () => {
    const tab = await openTab(chromium.current, { width: 390, height: 844 });
    const { page, context, errors } = tab;
    await freshTrader(tab);
    const guid = await createInvoice(page, 'dash');
    await page.goto(`${baseURL}/en/trading#/show/invoice/dash/${guid}`);
    await expect.poll(() => status(page)).toBe('waiting');
    await page.getByRole('button', { name: 'Pay after expiry' }).click();
    await expect.poll(() => status(page)).toBe('expired');
    const expired = page.getByTestId('crypto-expired');
    expect(await expired.textContent()).toContain('This invoice has expired');
    expect(await page.getByTestId('crypto-kept').textContent()).toContain('A payment of 8.99280576\u00a0DASH arrived after the invoice expired.');
    // the late payment is credited at the rate of its arrival (the sandbox's rate has not moved), both rates said (issue 32 §1)
    const late = page.getByTestId('crypto-exception');
    await expect.poll(() => late.getAttribute('data-outcome'), { timeout: 5000 }).toBe('credited');
    expect(await late.textContent()).toContain('Credited: $250.00 at the rate of its arrival, 1 DASH = $27.80 (the invoice had fixed 1 DASH = $27.80).');
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 5000 }).toContain('$1,250.00');
    await page.reload();
    await expect.poll(() => status(page)).toBe('expired');
    expect(await page.getByTestId('crypto-exception').getAttribute('data-kind')).toBe('late');
    expect(await page.getByTestId('crypto-exceptions').getByTestId('support-ask').getAttribute('data-about')).toBe(`invoice:${guid}`);
    // the sandbox control is gone once the invoice is closed
    expect(await page.getByRole('button', { name: 'Expire now' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload does not restart the countdown: it runs to the server-held expiry', async () => {
    const tab = await openTab(chromium.current);
    const { page, context } = tab;
    await freshTrader(tab);
    const guid = await createInvoice(page, 'bch');
    await page.goto(`${baseURL}/en/trading#/show/invoice/bch/${guid}`);
    await expect.poll(() => status(page)).toBe('waiting');
    const seconds = async () => {
      const label = (await page.getByTestId('crypto-countdown').getAttribute('aria-label', { timeout: 2000 })) ?? '';
      const [m, s] = label.split(' ')[0].split(':').map(Number);
      return m * 60 + s;
    };
    await page.waitForTimeout(2500);
    await page.reload();
    await expect.poll(() => status(page)).toBe('waiting');
    await expect.poll(seconds).toBeLessThanOrEqual(3597);
    // "Expire now" closes it on the server; the page is told by push
    await page.getByRole('button', { name: 'Expire now' }).click();
    await expect.poll(() => status(page)).toBe('expired');
    await context.close();
  });

  it('copy buttons put the amount and the address on the clipboard and say so; a refused copy says so too', async () => {
    const tab = await openTab(chromium.current);
    const { page, context } = tab;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await freshTrader(tab);
    const guid = await createInvoice(page, 'eth');
    await page.goto(`${baseURL}/en/trading#/show/invoice/eth/${guid}`);
    await expect.poll(() => status(page)).toBe('waiting');
    const address = (await page.getByTestId('crypto-address').textContent()) ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await page.getByRole('button', { name: 'Copy address' }).click();
    await expect.poll(() => page.locator('.toasts').textContent()).toContain('Address copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await page.getByRole('button', { name: 'Copy amount' }).click();
    await expect.poll(() => page.locator('.toasts').textContent()).toContain('Amount copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0.07936508');

    // the browser refuses the clipboard
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    });
    await page.getByRole('button', { name: 'Copy address' }).click();
    await expect.poll(() => page.locator('.toasts').textContent()).toContain('Unable to copy!');
    await context.close();
  });

  it('an ETH invoice is polled every 60 s while waiting, and polling stops after su', async () => {
    const tab = await openTab(chromium.current);
    const { page, context } = tab;
    await freshTrader(tab);
    const guid = await createInvoice(page, 'eth');
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/eth/check')) checks.push(request.url());
    });
    // the page's timers run on a controlled clock from here on (a new document: the invoice address)
    await page.clock.install();
    await page.goto(`${baseURL}/api/eth/invoice/${guid}`);
    await page.getByTestId('crypto-status').waitFor();
    await page.clock.runFor(400);
    await expect.poll(() => status(page)).toBe('waiting');
    expect(checks).toHaveLength(0);
    await page.clock.runFor(60_000);
    await expect.poll(() => checks.length).toBe(1);
    // the next poll is timed from the end of this check: let it finish before moving the clock
    await expect.poll(() => status(page)).toBe('waiting');
    await page.clock.runFor(60_000);
    await expect.poll(() => checks.length).toBe(2);
    await expect.poll(() => status(page)).toBe('waiting');

    await payFromOutside(context, guid);
    // the push makes the page check at once
    await expect.poll(() => status(page)).toBe('paid');
    const afterPaid = checks.length;
    expect(afterPaid).toBe(3);
    // ten more minutes, and past the hour: no more checks
    await page.clock.runFor(10 * 60_000);
    await page.clock.runFor(60 * 60_000);
    await page.waitForTimeout(300);
    expect(checks).toHaveLength(afterPaid);
    await context.close();
  });
});
