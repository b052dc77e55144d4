import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, post, sharedBrowser, type Tab } from './browser';
import { createInvoice, freshTrader as freshTraderAt, payFromOutside as payAt } from './crypto-helpers';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

/**
 * Crypto invoice exceptions (issue 32 §1) in Chromium against the real server and its sandbox
 * chain: a short payment at expiry credited at the invoice's rate, and an over-payment's refund
 * claimed by the trader, approved by the operator in the sandbox chain console, and seen in the
 * trader's history.
 */

const freshTrader = (tab: Tab) => freshTraderAt(tab, baseURL);
const payFromOutside = (context: BrowserContext, guid: string, kind: string) => payAt(context, baseURL, guid, kind);

const status = (page: Page) => page.getByTestId('crypto-status');
const phase = (page: Page) => status(page).getAttribute('data-phase');

describe('crypto invoice exceptions', () => {
  it('an invoice paid short, then expired: "partially paid", then its credit at the invoice rate, on the page and in the history', async () => {
    const tab = await openTab(chromium.current);
    const { page, context, errors } = tab;
    await freshTrader(tab);
    const guid = await createInvoice(page, 'btc');
    await page.goto(`${baseURL}/en/trading#/show/invoice/btc/${guid}`);
    await expect.poll(() => phase(page)).toBe('waiting');
    await page.getByRole('button', { name: 'Pay half' }).click();
    await expect.poll(() => status(page).textContent()).toContain('Partially paid: waiting for the rest');
    await page.getByRole('button', { name: 'Expire now' }).click();
    await expect.poll(() => phase(page)).toBe('expired');
    expect(await status(page).textContent()).toContain('Expired, partially paid');
    // the short payment's credit: half of the invoice, at its fixed rate, pushed to the open page
    const short = page.getByTestId('crypto-exception');
    await expect.poll(() => short.getAttribute('data-outcome'), { timeout: 5000 }).toBe('credited');
    expect(await short.getAttribute('data-kind')).toBe('short');
    expect(await short.textContent()).toContain('Paid short: 0.00194553\u00a0BTC arrived before the invoice expired');
    expect(await short.textContent()).toContain('Credited: $125.00 at the rate fixed for this invoice.');
    // the balance follows by push once the platform has the credit (the outbox delivers it)
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 10_000 }).toContain('$1,125.00');
    // support is one link away
    expect(await page.getByTestId('crypto-exceptions').getByTestId('support-ask').getAttribute('data-about')).toBe(`invoice:${guid}`);

    await page.goto(`${baseURL}/en/trading#/show/history`);
    const row = page.getByTestId('history-table').locator('tbody tr', { hasText: 'paid short, credited for what arrived' });
    await row.waitFor();
    expect(await row.textContent()).toContain('$125.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a refund claim: the trader enters an address, the operator approves it in the chain console, the page and the history show the refund', async () => {
    const tab = await openTab(chromium.current);
    const { page, context, errors } = tab;
    await freshTrader(tab);
    const guid = await createInvoice(page, 'btc');
    await page.goto(`${baseURL}/en/trading#/show/invoice/btc/${guid}`);
    await expect.poll(() => phase(page)).toBe('waiting');
    await payFromOutside(context, guid, 'over');
    await expect.poll(() => phase(page)).toBe('paid');
    const over = page.getByTestId('crypto-exception');
    await expect.poll(() => over.getAttribute('data-kind')).toBe('over');
    expect(await over.textContent()).toContain('Paid over: 0.00194553\u00a0BTC more than the invoice');
    expect(await over.textContent()).toMatch(/Your choice until .+: have it credited to your account, or refunded to your wallet/);

    // no reload from here on
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    await over.getByRole('button', { name: 'Refund to my wallet' }).click();
    const address = page.getByLabel('Your wallet address on the same network');
    // an Ethereum address on a Bitcoin payment is refused, said at the field
    await address.fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await page.getByRole('button', { name: 'Request the refund' }).click();
    await expect.poll(() => over.getByRole('alert').textContent()).toContain('Enter an address on the same network.');
    await address.fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await page.getByRole('button', { name: 'Request the refund' }).click();
    await expect.poll(() => over.getAttribute('data-outcome')).toBe('claimed');
    expect(await over.textContent()).toContain('Refund requested to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq: waiting for our approval.');

    // the operator, in the sandbox chain console
    const desk = await openTab(chromium.current);
    await desk.page.goto(`${baseURL}/sandbox/chain`);
    await desk.page.getByLabel(/operator token/i).fill(operator);
    await desk.page.getByRole('button', { name: /open the console/i }).click();
    const claim = desk.page.locator('tr[data-claim]', { hasText: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    await claim.waitFor();
    expect(await claim.textContent()).toContain('0.00194553 BTC');
    const claimId = (await claim.getAttribute('data-claim')) ?? '';
    await claim.getByRole('button', { name: 'Approve and send' }).click();
    await desk.page.getByText('Refund approved').waitFor();
    expect(await desk.page.locator('tr[data-claim]').count()).toBe(0);

    // pushed to the trader's open page
    await expect.poll(() => over.getAttribute('data-outcome'), { timeout: 10_000 }).toBe('refunded');
    expect(await over.textContent()).toContain('Refunded to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq.');
    expect(await over.getByRole('link', { name: 'See the refund transaction' }).getAttribute('href')).toMatch(/^https:\/\/mempool\.space\/tx\/[0-9a-f]{64}$/);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // the invoice's own credit only: the refunded excess never reached the balance
    expect(await page.getByTestId('balance').textContent()).toContain('$1,250.00');
    // approving again (the console's JSON twin) sends nothing more
    const again = await post(page, `/api/sandbox/chain/refunds/${claimId}/approve`, {}, { 'x-sandbox-operator': operator });
    expect([again.status, again.body]).toEqual([200, expect.objectContaining({ status: 'refunded', moved: false })]);

    await page.goto(`${baseURL}/en/trading#/show/history`);
    const row = page.getByTestId('history-table').locator('tbody tr', { hasText: 'Crypto refund sent (Bitcoin)' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Paid over');
    expect(await row.getByTestId('support-ask').getAttribute('data-about')).toBe(`invoice:${guid}`);
    expect(errors).toEqual([]);
    await desk.context.close();
    await context.close();
  });
});
