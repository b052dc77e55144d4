import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();
const SHOTS = process.env.CARD_PAGE_SHOTS ?? '';

/** Calls our API with the page's cookies (session) and CSRF header, unaffected by the page navigating. */
async function api<T>(page: Page, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const me = (await (await page.request.get(`${baseURL}/api/me`)).json()) as { csrf: string };
  const res =
    body === undefined
      ? await page.request.get(`${baseURL}${url}`)
      : await page.request.post(`${baseURL}${url}`, { headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, data: JSON.stringify(body) });
  return { status: res.status(), body: (await res.json()) as T };
}

/** A signed-in fresh trader with a saved test card and a payment (fraud check passed). */
async function payment(number: string, viewport?: { width: number; height: number }) {
  const tab = await openTab(chromium.current, viewport);
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  const year = String(new Date().getFullYear() + 2);
  const card = await api<{ card: string }>(tab.page, '/api/card/save', { cnu: number, emm: '12', eyy: year, fn: 'Jean', ln: 'Dupont', cu: 'PT' });
  expect(card.status).toBe(200);
  const key = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const checked = await api<{ payment: string }>(tab.page, '/api/fraud/card', { key, amount: '250', fixed: false, bonus: false, card: card.body.card });
  expect(checked.status).toBe(200);
  return { ...tab, id: checked.body.payment };
}

const start = { id: '', amount: '250', fixed: false, bonus: false };

describe('sandbox processor pages (real server, Chromium)', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`EZPAY 3-D Secure page at ${viewport.width} px: says Sandbox, authenticates, returns to the listen hash, credited once`, async () => {
      const { page, id, context, errors } = await payment('4000 0000 0000 0077', viewport);
      const reply = await api<{ status: string; redirect: string }>(page, '/api/card/fast/ezpay', { ...start, id });
      expect(reply.body.status).toBe('REDIRECT');
      await page.goto(`${baseURL}${reply.body.redirect}`);
      await page.getByText('Sandbox — no real payment').waitFor();
      expect(await page.getByTestId('sandbox-amount').textContent()).toBe('$250.00');
      // fits the phone: nothing wider than the viewport
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/ezpay-3ds-${viewport.width}.png`, fullPage: true });
      await page.getByTestId('sandbox-approve').click();
      await page.waitForURL(`${baseURL}/en/trading#/listen/funding/ezpay/${id}/**`);
      const listened = await api<{ found: boolean; reply: { status: string } }>(page, '/api/card/listen/ezpay', { id });
      expect(listened.body.reply.status).toBe('APPROVED');
      const view = await api<{ status: string; credited: string }>(page, `/api/card/payments/${id}`);
      expect(view.body).toMatchObject({ status: 'approved', credited: '250.00' });
      // the page again (back button, second tab): straight back to the cascade, nothing charged again
      const again = await page.request.get(`${baseURL}${reply.body.redirect}`, { maxRedirects: 0 });
      expect(again.status()).toBe(303);
      expect(again.headers().location).toMatch(new RegExp(`^/en/trading#/listen/funding/ezpay/${id}/tx_`));
      expect((await api<{ credited: string }>(page, `/api/card/payments/${id}`)).body.credited).toBe('250.00');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('Vload page, cancelled: a soft decline, the cascade may go on', async () => {
    const { page, id, context } = await payment('4000 0000 0000 0010');
    const reply = await api<{ return: boolean; redirect: string }>(page, '/api/vload/pay', { ...start, id });
    await page.goto(`${baseURL}${reply.body.redirect}`);
    await page.getByRole('heading', { name: /VLOAD: virtual card/ }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/vload-1280.png`, fullPage: true });
    await page.getByTestId('sandbox-cancel').click();
    await page.waitForURL(`${baseURL}/en/trading#/listen/funding/vload/${id}/**`);
    const listened = await api<{ reply: { status: string; code: string } }>(page, '/api/card/listen/vload', { id });
    expect(listened.body.reply).toMatchObject({ status: 'declined', code: 'cancelled' });
    await context.close();
  });

  it("another trader opening the page sees 'no such payment'", async () => {
    const owner = await payment('4000 0000 0000 0077');
    const reply = await api<{ redirect: string }>(owner.page, '/api/card/fast/ezpay', { ...start, id: owner.id });
    const other = await payment('4000 0000 0000 0010');
    const res = await other.page.goto(`${baseURL}${reply.body.redirect}`);
    expect(res?.status()).toBe(404);
    await other.page.getByText('There is no such payment').waitFor();
    await owner.context.close();
    await other.context.close();
  });
});
