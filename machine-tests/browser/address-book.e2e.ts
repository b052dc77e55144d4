import { bech32 } from '@scure/base';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { ADDRESS_HOLD_MS } from './global-setup';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();
const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(21))]);

/** The path of the newest address confirmation link the sandbox "sent" to `email`. */
async function confirmLink(page: Page, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const link = await page.evaluate(async (address) => {
      const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
      const body = (await res.json()) as { messages: { subject: string; body: string }[] };
      const mail = body.messages.find((m) => m.subject === 'Confirm your new withdrawal destination');
      return /\/[a-z]{2}\/confirm-address\?token=[A-Za-z0-9_-]{43}/.exec(mail?.body ?? '')?.[0] ?? '';
    }, email);
    if (link) return link;
    await page.waitForTimeout(100);
  }
  throw new Error(`no confirmation link in the outbox of ${email}`);
}

describe('the withdrawal address book (issue 31 §6)', () => {
  it('a destination saved, confirmed from the email and usable after the hold: the withdrawal form offers it and it pays out', async () => {
    const tab = await openTab(chromium.current);
    await chatSeen(tab.context);
    const user = await freshUser(tab.page, baseURL, { wd_methods: 'Bitcoin' });
    await signIn(tab.page, baseURL, user);
    await tab.page.waitForURL(`${baseURL}/en/trading**`);
    await tab.page.getByTestId('balance').waitFor();
    await tab.page.goto(`${baseURL}/en/trading#/show/security`);
    const section = tab.page.getByTestId('address-book');
    await section.getByText('No saved destinations yet.').waitFor();

    // a name too long is refused before anything is sent; then saved by keyboard
    const form = section.getByTestId('book-form');
    await form.getByLabel('Address or account').fill(BTC);
    await form.getByLabel('Name').fill('x'.repeat(41));
    await form.getByRole('button', { name: 'Save destination' }).click();
    expect(await section.getByTestId('book-answer').textContent()).toBe('Give the destination a name of 1 to 40 characters.');
    await form.getByLabel('Name').fill('Cold wallet');
    await form.getByLabel('Name').press('Enter');
    await expect.poll(() => section.getByTestId('book-answer').textContent()).toBe('Saved. Open the link we emailed you to confirm it.');
    const row = section.getByTestId('destination-row');
    expect(await row.getAttribute('data-state')).toBe('unconfirmed');

    // the email's link: opening it changes nothing; Confirm does
    const link = await confirmLink(tab.page, user.email);
    const mail = await openTab(chromium.current, { width: 320, height: 720 });
    await mail.page.goto(`${baseURL}${link}`);
    await mail.page.getByTestId('confirm-address').click();
    expect(await mail.page.getByTestId('confirm-address-done').textContent()).toMatch(/^Confirmed: “Cold wallet” \(bc1q.{2}….{6}\) can be used for withdrawals from \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\.$/);
    expect(await mail.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await mail.context.close();

    // in its hold, then usable (this suite's server holds it ADDRESS_HOLD_MS)
    await tab.page.reload();
    await section.getByTestId('destination-row').waitFor();
    const state = () => section.getByTestId('destination-row').getAttribute('data-state');
    expect(['on_hold', 'usable']).toContain(await state());
    await tab.page.waitForTimeout(ADDRESS_HOLD_MS);
    await tab.page.reload();
    await expect.poll(state).toBe('usable');
    expect(await section.getByTestId('destination-state').textContent()).toBe('Ready to use');

    // the withdrawal form offers it; a withdrawal to it is requested
    await tab.page.goto(`${baseURL}/en/trading#/show/withdrawal`);
    await tab.page.getByRole('heading', { name: 'Withdraw funds' }).waitFor();
    const offered = tab.page.getByTestId('saved-destinations').locator('option');
    await expect.poll(() => offered.count()).toBe(1);
    expect(await offered.getAttribute('value')).toBe(BTC);
    expect(await offered.getAttribute('label')).toBe('Cold wallet');
    await tab.page.getByLabel(/^Amount/).fill('10');
    // with saved destinations the field suggests them (a combobox)
    await tab.page.getByRole('combobox', { name: /address/ }).fill(BTC);
    await tab.page.getByRole('button', { name: 'Request withdrawal' }).click();
    await tab.page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await tab.page.getByRole('heading', { name: 'Withdrawal requested' }).waitFor();
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('only to saved destinations: another address is refused on the withdrawal page, in Russian', async () => {
    const tab = await openTab(chromium.current, { width: 390, height: 844 });
    await chatSeen(tab.context);
    const user = await freshUser(tab.page, baseURL, { wd_methods: 'Bitcoin' });
    await signIn(tab.page, baseURL, user, 'ru');
    await tab.page.waitForURL(`${baseURL}/ru/trading**`);
    await tab.page.getByTestId('balance').waitFor();
    await tab.page.goto(`${baseURL}/ru/trading#/show/security`);
    const section = tab.page.getByTestId('address-book');
    await section.getByRole('heading', { name: 'Адресная книга для вывода' }).waitFor();
    // the box shows what the server holds: ticked once its answer is in
    await section.getByTestId('saved-only').click();
    await expect.poll(() => section.getByTestId('book-answer').textContent()).toBe('Сохранено.');
    expect(await section.getByTestId('saved-only').isChecked()).toBe(true);
    expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await tab.page.goto(`${baseURL}/ru/trading#/show/withdrawal`);
    await tab.page.getByLabel(/^Сумма/).fill('10');
    await tab.page.getByRole('textbox', { name: /Адрес/ }).fill(BTC);
    await tab.page.getByRole('button', { name: 'Запросить вывод' }).click();
    await expect.poll(() => tab.page.getByText('Вы выводите только на сохранённые адреса').count()).toBe(1);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});
