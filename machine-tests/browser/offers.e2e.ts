import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { instrumentOf, priceAt } from '../../server/sandbox/platform/prices';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** A fresh trader (no deposit) signed in on the trading page. */
async function trader(fund?: string) {
  const tab = await openTab(chromium.current);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  if (fund) expect((await call(tab.page, '/api/sandbox/platform/fund', { email: user.email, amount: fund })).status).toBe(200);
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
async function offerNow(page: Page, email: string, kind: 'limited' | 'giveaway' | 'risk_free') {
  const made = await call(page, '/api/sandbox/offers/now', { email, kind });
  expect(made.status).toBe(200);
}

const EURUSD = instrumentOf('EURUSD')!;
/** The direction that loses a 10 s EURUSD trade opened in the second starting at `second` (null: a tie). */
function loser(second: number): 'Up' | 'Down' | null {
  const open = priceAt(EURUSD, second);
  const close = priceAt(EURUSD, second + 10_000);
  return close > open ? 'Down' : close < open ? 'Up' : null;
}

/**
 * Presses the losing button on the sandbox platform: its prices are a published function of time
 * (docs/sandbox.md), so a tester can choose a loss. Early in a second whose next two seconds
 * agree, so it loses even if the click reaches the server up to two seconds late.
 */
async function tradeToLose(platform: FrameLocator): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const now = Date.now();
    const second = Math.floor(now / 1000) * 1000;
    const pick = loser(second);
    if (now - second < 300 && pick && pick === loser(second + 1000) && pick === loser(second + 2000)) {
      await platform.getByRole('button', { name: new RegExp(pick) }).click();
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no losing second found in 15 s');
}

/** What the server says the trader holds as bonus (GET /api/me). */
const bonusOf = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { bonuses?: { currency: string; amount: string }[] } }).user.bonuses?.find((b) => b.currency === 'USD')?.amount ?? '0.00');

const bellCount = (page: Page) => page.getByTestId('bell-count').textContent({ timeout: 1000 }).catch(() => '0');

describe('timed offers: the deadline is the server’s', () => {
  it('the risk-free offer: its terms and the server’s countdown; accepted, a losing next trade is refunded once into the bonus balance, and the bell says so without a reload', async () => {
    const { page, user, errors, context } = await trader('100.00');
    await context.addInitScript(() => localStorage.setItem('chat.autoOpened', '1'));
    await offerNow(page, user.email, 'risk_free');
    await page.reload();
    const dialog = page.getByTestId('offer');
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.getAttribute('data-kind')).toBe('risk_free');
    const terms = (await dialog.getByTestId('offer-terms').textContent()) ?? '';
    expect(terms).toContain('within 24 hours after accepting');
    expect(terms).toContain('at most $25.00');
    expect(terms).toContain('bonus balance');
    expect(terms).toContain('Only that one trade counts');
    // the countdown is the server's: its deadline, an hour after the first show
    const current = await call(page, '/api/us/offers');
    const offer = current.body.offer as { id: string; shownAt: string; expiresAt: string };
    expect(await dialog.getAttribute('data-expires-at')).toBe(offer.expiresAt);
    expect(Date.parse(offer.expiresAt) - Date.parse(offer.shownAt)).toBe(3600_000);
    expect(await dialog.getByTestId('offer-deadline').textContent()).toMatch(/open until .*\((60:00|5\d:\d\d) left\)/);

    await dialog.getByTestId('offer-accept').click();
    const accepted = dialog.getByTestId('offer-accepted');
    await accepted.waitFor();
    expect(await accepted.textContent()).toContain('Your next trade opened before');
    await dialog.getByTestId('offer-close').click();
    // pending: the bell has the accepted offer
    await expect.poll(() => bellCount(page), { timeout: 10_000 }).not.toBe('0');
    const before = Number(await bellCount(page));

    // the next trade: 10.00 on a 10 s EURUSD trade, in the direction that loses
    const platform = page.frameLocator('iframe.platform__frame');
    await platform.getByText('prices are simulated').waitFor();
    await expect.poll(() => platform.locator('#balance').textContent(), { timeout: 20_000 }).toContain('100.00');
    await platform.getByRole('radio', { name: '10 s' }).check();
    await platform.locator('#amount').fill('10');
    await tradeToLose(platform);
    await expect.poll(async () => platform.locator('#status').textContent(), { timeout: 40_000 }).toMatch(/lost/);

    // the refund: 10.00 (the loss, under the 25.00 cap) in the bonus balance, notified by push (no reload)
    await expect.poll(() => bellCount(page), { timeout: 20_000 }).toBe(String(before + 1));
    expect(await bonusOf(page)).toBe('10.00');
    await page.getByTestId('bell').click();
    const list = page.getByTestId('notifications');
    await expect.poll(() => list.textContent()).toContain('Your risk-free trade closed at a loss: $10.00 is refunded to your bonus balance.');
    await page.keyboard.press('Escape');
    await page.goto(`${baseURL}/en/trading#/show/accounts`);
    await expect.poll(() => page.getByTestId('bonus-balance').textContent()).toContain('10.00');
    // once: the balance sync books again, nothing more is paid; the offer cannot be taken again
    expect((await call(page, '/api/chat/balance', { balance: '90.00', all: '90.00' })).status).toBe(200);
    expect(await bonusOf(page)).toBe('10.00');
    expect(await call(page, '/api/triggers/limited_yes', { id: offer.id })).toMatchObject({ status: 200, body: { kind: 'risk_free', value: '25.00' } });
    expect(errors).toEqual([]);
  });


  it('a limited offer: a reload does not restart its countdown; accepting gives the code it promised, once', async () => {
    const { page, user, errors } = await trader();
    await offerNow(page, user.email, 'limited');
    await page.reload();
    const dialog = page.getByTestId('offer');
    await dialog.waitFor({ timeout: 20_000 });
    const deadline = await dialog.getAttribute('data-expires-at');
    expect(deadline).toBeTruthy();
    await expect.poll(() => dialog.getByTestId('offer-terms').textContent()).toContain('$10.00');
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
