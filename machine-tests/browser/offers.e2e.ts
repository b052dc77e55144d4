import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** A fresh trader (no deposit) signed in on the trading page. */
async function trader() {
  const tab = await openTab(chromium.current);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  return { ...tab, user };
}

/** A call from the page's session (status and parsed body). */
const call = (page: Page, path: string, body?: unknown) =>
  page.evaluate(
    async ({ path: url, body: payload }) => {
      const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = payload === undefined ? await fetch(url) : await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(payload) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { path, body },
  );

/** The sandbox control: this trader gets an offer of `kind` now (its deadline is fixed when first shown). */
async function offerNow(page: Page, email: string, kind: 'limited' | 'giveaway') {
  const made = await call(page, '/api/sandbox/offers/now', { email, kind });
  expect(made.status).toBe(200);
}

describe('timed offers: the deadline is the server’s', () => {
  it('a limited offer: a reload does not restart its countdown; accepting gives the code it promised, once', async () => {
    const { page, user, errors } = await trader();
    await offerNow(page, user.email, 'limited');
    await page.reload();
    const dialog = page.getByTestId('offer');
    await dialog.waitFor({ timeout: 20_000 });
    const deadline = await dialog.getAttribute('data-expires-at');
    expect(deadline).toBeTruthy();
    await expect.poll(() => dialog.getByTestId('offer-terms').textContent()).toContain('10.00 USD');
    const shownText = await dialog.getByTestId('offer-deadline').textContent();
    expect(shownText).toMatch(/open until .* left\)/);

    // reload a few seconds later: the same deadline, and the time left went down, not back to 3:00
    await page.waitForTimeout(2500);
    await page.reload();
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getAttribute('data-expires-at')).toBe(deadline);
    expect(await dialog.getByTestId('offer-deadline').textContent()).not.toContain('3:00 left');
    const current = await call(page, '/api/us/offers');
    const offer = current.body.offer as { id: string; expiresAt: string };
    expect(offer.expiresAt).toBe(deadline);

    await dialog.getByTestId('offer-accept').click();
    const accepted = dialog.getByTestId('offer-accepted');
    await accepted.waitFor();
    const code = /OFFER-[0-9A-F]{12}/.exec((await accepted.textContent()) ?? '')?.[0];
    expect(code).toBeTruthy();
    // accepting again answers the same code: paid once
    const again = await call(page, '/api/triggers/limited_yes', { id: offer.id });
    expect(again).toMatchObject({ status: 200, body: { promoCode: code, value: '10.00', currency: 'USD' } });
    // the notification of it, once
    const notes = await call(page, '/api/us/notifications');
    expect(JSON.stringify(notes.body).match(/offer\.accepted/g)?.length).toBe(1);
    expect(errors).toEqual([]);
  });

  it('an ignored offer is recorded: no thanks, then it cannot be accepted', async () => {
    const { page, user, errors } = await trader();
    await offerNow(page, user.email, 'giveaway');
    await page.reload();
    const dialog = page.getByTestId('offer');
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getAttribute('data-kind')).toBe('giveaway');
    const { offer } = (await call(page, '/api/us/offers')).body as { offer: { id: string } };
    await dialog.getByTestId('offer-ignore').click();
    await dialog.getByTestId('offer-ignored').waitFor();
    expect(await call(page, '/api/triggers/limited_ignore', { id: offer.id })).toMatchObject({ status: 200, body: { outcome: 'ignored' } });
    expect(await call(page, '/api/triggers/limited_yes', { id: offer.id })).toMatchObject({ status: 409, body: { error: 'offer.ignored' } });
    // after a reload no offer comes back
    await page.reload();
    await page.getByTestId('balance').waitFor();
    await page.waitForTimeout(5000);
    expect(await page.getByTestId('offer').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
