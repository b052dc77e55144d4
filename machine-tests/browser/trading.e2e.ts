import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { freshUser, type FreshUserOptions } from './sandbox-users';
import { drawSignature } from './signature';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** a sandbox tester's call from the page (our origin, with the CSRF token) */
async function sandboxCall(page: Page, url: string, body: unknown): Promise<void> {
  await page.evaluate(
    async ({ url, body }) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url} ${res.status} ${await res.text()}`);
    },
    { url, body },
  );
}

/** A fresh trader with money on the platform, signed in on the trading page. */
async function tradingPage(options: FreshUserOptions = {}, viewport?: { width: number; height: number }) {
  const tab = await openTab(chromium.current, viewport);
  // every balance sync the page sends to our server
  const syncs: { status: number; csrf: boolean; answer: Promise<unknown> }[] = [];
  tab.page.on('response', (r) => {
    if (r.url().endsWith('/api/chat/balance') && r.request().method() === 'POST') {
      syncs.push({ status: r.status(), csrf: !!r.request().headers()['x-csrf-token'], answer: r.json() });
    }
  });
  // the chat panel (another part of this page) has already auto-opened once in this browser: it stays out of the way
  await tab.context.addInitScript(() => localStorage.setItem('chat.autoOpened', '1'));
  // no opening balance: the one sandbox deposit of 100.00 goes through our ledger onto the platform
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }], ...options });
  await sandboxCall(tab.page, '/api/sandbox/platform/fund', { email: user.email, amount: '100.00' });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  return { ...tab, user, syncs, platform: tab.page.frameLocator('iframe.platform__frame') };
}

const platformBalance = (platform: FrameLocator) => platform.locator('#balance').textContent();

describe('trading on the embedded platform', () => {
  it('places a 10 s trade, sees it settle, synced to our server, in reports and in history; an expired platform session logs out', async () => {
    const { page, platform, user, syncs, errors, context } = await tradingPage();
    // the panel is at least 700 px high and says its prices are simulated
    const frame = page.locator('iframe.platform__frame');
    expect((await frame.boundingBox())!.height).toBeGreaterThanOrEqual(700);
    await platform.getByText('prices are simulated').waitFor();
    await expect.poll(() => platformBalance(platform)).toContain('100.00');

    await platform.getByRole('radio', { name: '10 s' }).check();
    await platform.locator('#amount').fill('10');
    await platform.getByRole('button', { name: /Up/ }).click();
    await platform.locator('#open li').first().waitFor();
    // the stake leaves what is available at once; the balance (as the header counts it) holds it in trades
    await expect.poll(() => platform.locator('#available').textContent()).toContain('90.00');
    expect(await platform.locator('#in-trades').textContent()).toContain('10.00');
    expect(await platformBalance(platform)).toContain('100.00');

    // settles at expiry against the simulated price
    const result = platform.locator('#recent li').first();
    await result.waitFor({ timeout: 30_000 });
    const settledText = (await platform.locator('#status').textContent()) ?? '';
    expect(settledText).toMatch(/won|lost|tie/);
    const status = /won/.test(settledText) ? 'Won' : /lost/.test(settledText) ? 'Lost' : 'Tie';
    // the balance sync told our server once (the first balance, with the CSRF header); the later
    // changes (the stake, the result) wait for the end of its minute
    expect(syncs).toHaveLength(1);
    expect(syncs[0]).toMatchObject({ status: 200, csrf: true });
    // the server asked the platform itself
    expect(await syncs[0].answer).toEqual({ ok: true, booked: 0, platformAvailable: '100.00' });

    // reports: the order with its result
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    const orders = page.getByTestId('reports-table');
    await orders.waitFor();
    expect(await orders.locator('tbody tr').count()).toBe(1);
    const row = orders.locator('tbody tr').first();
    expect(await row.textContent()).toContain('EURUSD');
    expect(await row.textContent()).toContain(status);
    expect(await row.textContent()).toContain('$10.00');
    await page.getByText('Totals on this page').waitFor();

    // history: the deposit and the stake (and the payout when it won) since registration
    await page.getByRole('link', { name: 'Account history' }).click();
    const entries = page.getByTestId('history-table');
    await entries.waitFor();
    const text = (await entries.textContent()) ?? '';
    expect(text).toContain('Deposit');
    expect(text).toContain('Stake');
    expect(text).toContain('-$10.00');
    expect(await entries.locator('tbody tr').count()).toBe(status === 'Lost' ? 2 : 3);

    // a date that names no day: a clear message, what was typed stays
    const from = page.getByLabel('From (DD.MM.YYYY)');
    await from.fill('31.02.2026');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByText('Enter dates as DD.MM.YYYY').waitFor();
    expect(await from.inputValue()).toBe('31.02.2026');
    expect(await entries.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);

    // the platform session ends: the platform page says so, the trader is logged out
    await page.getByRole('link', { name: 'Trade', exact: true }).click();
    await platform.getByText('prices are simulated').waitFor();
    await sandboxCall(page, '/api/sandbox/platform/expire', { email: user.email });
    await page.waitForURL(`${baseURL}/en/login**`, { timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blocks trading for an unverified trader who deposited and has not signed; the modal reopens on clicks; a drawn signature unlocks', async () => {
    const { page, errors, context } = await tradingPage({ verification: 'None' });
    const dialog = page.getByRole('dialog', { name: 'Client agreement' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Not now' }).click();
    const lock = page.getByTestId('trading-lock');
    await lock.getByText('Trading is locked').waitFor();
    // a click on the locked platform reopens the modal
    await lock.click({ position: { x: 10, y: 10 } });
    await dialog.waitFor();
    const save = dialog.getByTestId('signature-save');
    const alert = dialog.getByRole('alert');
    // an empty pad is refused with the spec's words, and nothing is sent
    const uploads: { status: number; type: string }[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/upload') && r.request().method() === 'POST') uploads.push({ status: r.status(), type: r.request().headers()['content-type'] ?? '' });
    });
    await save.click();
    await alert.getByText('Cant save empty sign!').waitFor();

    // a stroke with the mouse on the canvas; the error goes away
    const canvas = dialog.getByTestId('signature-canvas');
    const stroke = () => drawSignature(page, canvas);
    await stroke();
    await alert.waitFor({ state: 'detached' });
    // undo takes the stroke back: empty again
    await dialog.getByTestId('signature-undo').click();
    await save.click();
    await alert.getByText('Cant save empty sign!').waitFor();
    await stroke();
    // the agreement is asked for too
    await save.click();
    await alert.getByText('Tick the box to accept the agreement.').waitFor();
    await dialog.getByLabel('I agree to the client agreement').check();
    await save.click();
    // saved as an upload: the lock goes without a reload
    await lock.waitFor({ state: 'detached' });
    expect(await dialog.count()).toBe(0);
    expect(uploads).toHaveLength(1);
    expect(uploads[0].status).toBe(200);
    expect(uploads[0].type).toContain('multipart/form-data');
    // it stays unlocked after a reload (the server holds the signature)
    await page.reload();
    await page.locator('iframe.platform__frame').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('trading-lock').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports read on a phone: cards, not a squeezed table', async () => {
    const { page, platform, errors, context } = await tradingPage({}, { width: 390, height: 844 });
    await platform.getByRole('radio', { name: '10 s' }).check();
    await platform.getByRole('button', { name: /Down/ }).click();
    await platform.locator('#open li').first().waitFor();
    await page.goto(`${baseURL}/en/trading#/show/reports`);
    const row = page.getByTestId('reports-table').locator('tbody tr').first();
    await row.waitFor();
    const box = (await row.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
