import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, post, sharedBrowser, signIn, type Tab } from './browser';
import { CARDS } from './cards';
import { onePagePdf } from './files';
import { chatSeen, freshUser, type FreshUserOptions } from './sandbox-users';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

/** A fresh trader with USD 1,000.00 (a deposit), signed in on the funding page. */
async function fundingPage(options: FreshUserOptions = {}): Promise<Tab & { email: string }> {
  const tab = await openTab(chromium.current);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '1000' }], ...options });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  return { ...tab, email: user.email };
}

/** Opens the funding page on the tab `name`; `ready` is what the tab shows once its view is there. */
async function openTabNamed(page: Page, name: string, ready?: Locator) {
  await page.goto(`${baseURL}/en/trading#/show/funding`);
  const tab = page.getByRole('tab', { name });
  // the page may start over once (a pushed user update after a deposit): the tab is chosen again until it holds
  await expect
    .poll(
      async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        if (ready) await ready.waitFor({ timeout: 2000 }).catch(() => undefined);
        return (await tab.getAttribute('aria-selected')) === 'true' && (!ready || (await ready.isVisible()));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** What the server says is available, and how many deposits the trader has in the ledger (through the history). */
const available = (page: Page) => page.evaluate(async () => String(((await (await fetch('/api/me')).json()) as { user: { available: string } }).user.available));

describe('deposits without a card form: bank transfer, Vload voucher, quick top-up', () => {
  it('a bank transfer reported, its receipt attached, marked received in the console: the balance rises once, without a reload', async () => {
    const { page, errors } = await fundingPage();
    await openTabNamed(page, 'Bank transfer', page.getByLabel('Amount (USD)'));
    await page.getByLabel('Amount (USD)').fill('300');
    await page.getByRole('button', { name: 'Get the bank details' }).click();
    await page.getByTestId('bank-pending').waitFor();
    const reference = (await page.locator('[data-detail="reference"] dd span').textContent()) ?? '';
    expect(reference).toMatch(/^BT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await page.getByTestId('bank-details').textContent()).toContain('Sandbox');
    await expect.poll(() => page.locator('[data-detail="amount"] dd span').textContent()).toBe('$300.00');
    expect(await page.getByTestId('bank-details').getByRole('button', { name: 'Copy' }).count()).toBe(5);

    // the receipt, with the verification area's upload control
    await page.getByTestId('bank-receipt').getByTestId('upload-input').setInputFiles(onePagePdf('receipt.pdf'));
    await page.getByTestId('receipt-attached').waitFor();

    // no reload from here on: a marker on the window would be lost
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    expect(await available(page)).toBe('1000.00');

    // the operator, in the sandbox bank console
    const desk = await openTab(chromium.current);
    await desk.page.goto(`${baseURL}/sandbox/bank`);
    await desk.page.getByLabel(/operator token/i).fill(operator);
    await desk.page.getByRole('button', { name: /open the console/i }).click();
    const row = desk.page.locator(`tr[data-reference="${reference}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('300.00 USD');
    expect(await row.getByRole('link', { name: 'Open the PDF' }).count()).toBe(1);
    await row.getByRole('button', { name: 'Mark received' }).click();
    await desk.page.getByText('Transfer marked received').waitFor();

    await page.getByTestId('bank-received').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('bank-received').textContent()).toContain(reference);
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 5000 }).toContain('$1,300.00');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // marking it again (the console's JSON twin) credits nothing
    const id = await page.evaluate(async () => {
      const list = (await (await fetch('/api/report/bank/open?method=bank')).json()) as { deposits: { id: string }[] };
      return list.deposits.length;
    });
    expect(id).toBe(0);
    // (the console page runs no script and fetches nothing: its JSON twin is called from the trader's origin with the operator header)
    const transfers = await page.evaluate(async (token) => (await (await fetch('/api/sandbox/bank/transfers', { headers: { 'x-sandbox-operator': token } })).json()) as { received: { id: string; reference: string }[] }, operator);
    const done = transfers.received.find((t) => t.reference === reference)!;
    const again = await post(page, `/api/sandbox/bank/${done.id}/received`, {}, { 'x-sandbox-operator': operator });
    expect(again.body).toMatchObject({ credited: false });
    expect(await available(page)).toBe('1300.00');
    expect(errors).toEqual([]);
  });

  it("the fiat tab: 'Wrong amount! Min deposit 250' below the minimum, then a reference; received through the console's JSON twin, the tab follows", async () => {
    const { page, errors } = await fundingPage();
    await openTabNamed(page, 'Fiat', page.getByLabel('Amount (USD)'));
    await page.getByLabel('Amount (USD)').fill('100');
    await page.getByRole('button', { name: 'Get the bank details' }).click();
    // said under the amount and, after Report, in the form's alert
    await page.getByRole('alert').getByText('Wrong amount! Min deposit 250').waitFor();
    await page.getByLabel('Amount (USD)').fill('260');
    await page.getByRole('button', { name: 'Get the bank details' }).click();
    await page.getByTestId('bank-pending').waitFor();
    const reference = (await page.locator('[data-detail="reference"] dd span').textContent()) ?? '';
    const open = await page.evaluate(async () => ((await (await fetch('/api/report/bank/open?method=fiat')).json()) as { deposits: { id: string; reference: string }[] }).deposits);
    expect(open.map((d) => d.reference)).toEqual([reference]);
    const marked = await post(page, `/api/sandbox/bank/${open[0]!.id}/received`, {}, { 'x-sandbox-operator': operator });
    expect(marked.body).toMatchObject({ credited: true });
    await page.getByTestId('bank-received').waitFor({ timeout: 5000 });
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 5000 }).toContain('$1,260.00');
    expect(await available(page)).toBe('1260.00');
    expect(errors).toEqual([]);
  });

  it('a Vload voucher credits once and reaches the voucher finish page; the same pin again is refused', async () => {
    const { page, errors } = await fundingPage();
    await openTabNamed(page, 'Vload', page.getByLabel('Voucher pin'));
    const pin = `1250 ${String(Date.now()).slice(-12).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
    await page.getByLabel('Voucher pin').fill('1234');
    await page.getByRole('button', { name: 'Load the voucher' }).click();
    await page.getByText('Enter the 16 digits of the voucher pin.').waitFor();
    await page.getByLabel('Voucher pin').fill(pin);
    await page.getByRole('button', { name: 'Load the voucher' }).click();
    await page.waitForURL(`${baseURL}/en/trading#/show/funding/payment_success`);
    // the voucher finish page: the funding page's payment success alert
    const alert = page.locator('.modal-backdrop');
    await alert.getByText('Payment successful').waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 5000 }).toContain('$1,250.00');
    await alert.locator('.modal__footer button').first().click();
    await alert.waitFor({ state: 'detached' });
    expect(await available(page)).toBe('1250.00');

    // the tab still says what was loaded (same view) or starts fresh (a new one): either way a new pin can be typed
    const another = page.getByRole('button', { name: 'Load another voucher' });
    await openTabNamed(page, 'Vload', page.getByLabel('Voucher pin').or(another));
    if (await another.isVisible()) {
      expect(await page.getByTestId('vload-redeemed').textContent()).toContain('Voucher loaded: $250.00 credited.');
      await another.click();
    }
    await page.getByLabel('Voucher pin').fill(pin);
    await page.getByRole('button', { name: 'Load the voucher' }).click();
    await page.getByText('This voucher has already been used.').waitFor();
    await page.getByLabel('Voucher pin').fill('9999 0000 0000 0000');
    await page.getByRole('button', { name: 'Load the voucher' }).click();
    await page.getByText('This voucher has already been used.').waitFor();
    expect(await available(page)).toBe('1250.00');
    expect(errors).toEqual([]);
  });

  it('a quick top-up with a saved card credits once after its confirmation of the exact amount (a double click charges once)', async () => {
    const { page, errors } = await fundingPage({ fill_card: '1' });
    const saved = await post(page, '/api/card/save', { cnu: CARDS.approved.replace(/\s/g, ''), emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'MT', cur: 'USD', cvv: '123' });
    expect(saved.status).toBe(200);
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    const panel = page.getByTestId('quick-topup');
    await panel.waitFor();
    expect(await panel.getByRole('combobox').textContent()).toContain('VISA •••• 0010');
    await panel.getByLabel('Amount (USD)').fill('300');
    await panel.getByRole('button', { name: 'Top up' }).click();
    await panel.getByText('Charge $300.00 to VISA •••• 0010?').waitFor();
    expect(await available(page)).toBe('1000.00');
    await panel.getByRole('button', { name: 'Yes, charge it' }).dblclick();
    await panel.getByTestId('quick-done').waitFor();
    expect(await panel.getByTestId('quick-done').textContent()).toBe('Done: $300.00 added to your balance.');
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 5000 }).toContain('$1,300.00');
    expect(await available(page)).toBe('1300.00');
    expect(errors).toEqual([]);
  });
});
