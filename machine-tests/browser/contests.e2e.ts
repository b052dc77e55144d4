import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatAmount } from '../../core/format';
import { openTab, sharedBrowser, signIn } from './browser';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

/** a call from the page (our origin, with the CSRF token; the operator header for sandbox operator calls) */
async function call<T>(page: Page, url: string, body: unknown, asOperator = false): Promise<T> {
  return page.evaluate(
    async ({ url, body, operator }) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-csrf-token': me.csrf };
      if (operator) headers['x-sandbox-operator'] = operator;
      const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url} ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { url, body, operator: asOperator ? operator : '' },
  );
}

/** the tester's contest: every place of the top 10 pays */
const PRIZES = ['25.00', '10.00', '9.00', '8.00', '7.00', '6.00', '5.00', '4.00', '3.00', '2.00'];

/** the signed-in trader's entry in a contest of GET /api/tourney/{current|last} */
const ownEntry = (page: Page, list: 'current' | 'last', id: string) =>
  page.evaluate(
    async ({ list, id }) => {
      const body = (await (await fetch(`/api/tourney/${list}`)).json()) as { contests: { id: string; entries: { rank: number; you: boolean; prize: { amount: string | null } | null }[]; own: { rank: number; prize: { amount: string | null } | null } | null }[] };
      const contest = body.contests.find((c) => c.id === id);
      return contest?.entries.find((e) => e.you) ?? contest?.own ?? null;
    },
    { list, id },
  );

/** the trader's USD trading account balance in our ledger (GET /api/me) */
const ledgerBalance = (page: Page) =>
  page.evaluate(async () => {
    const me = (await (await fetch('/api/me')).json()) as { user: { balances: { currency: string; type: string; amount: string }[] } };
    return me.user.balances.find((b) => b.currency === 'USD' && b.type === 'trading')?.amount ?? '';
  });

describe('contests', () => {
  it('a trader trades, appears on the leaderboard, the tester closes the contest and the prize is credited once', async () => {
    const { page, context, errors } = await openTab(chromium.current, undefined, { tourneyWeekend: true });
    await context.addInitScript(() => localStorage.setItem('chat.autoOpened', '1'));
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    await call(page, '/api/sandbox/platform/fund', { email: user.email, amount: '100.00' });
    // the tester opens a short weekend contest, running now, with two prizes
    // (every place of the top 10 pays: test files that run beside this one trade on the same server
    // and may enter it, so the trader's rank is read, not assumed, and a prize is paid whatever it is)
    const contest = await call<{ id: string; type: string; prizes: { kind: string; amount: string | null }[] }>(page, '/api/sandbox/contests', { type: 'weekend', seconds: 600, startedSecondsAgo: 5, prizes: PRIZES }, true);
    expect(contest).toMatchObject({ type: 'weekend', prizes: PRIZES.map((amount) => ({ kind: 'cash', amount })) });

    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    // a weekend contest is held: the modal is offered once today; show more goes to the contest page
    const modal = page.getByTestId('tourney-weekend');
    await modal.waitFor();
    // the modal shows the first weekend contest running now: on a weekend that is the sandbox's own
    // (spec 002 §9: 5,000 first), on a weekday one a tester opened (this test's, or another suite's
    // on the same server: the first-visit suite opens one with the same prizes)
    const shown = await page.evaluate(async () => {
      const list = (await (await fetch('/api/tourney/current')).json()) as { contests: { id: string; type: string; date_start: string; prizes: { amount: string | null }[] }[] };
      return list.contests.find((c) => c.type === 'weekend' && Date.parse(c.date_start) <= Date.now());
    });
    // prizes written by core/format, as everywhere: $5,000.00, $25.00
    expect(await modal.textContent()).toContain(formatAmount(shown?.prizes[0]?.amount ?? '', 'USD', 'en'));
    if (shown?.id.startsWith('weekend-')) expect(shown?.prizes.map((p) => p.amount)).toEqual(['5000.00', '3000.00', '2000.00', '1000.00', '1000.00', '500.00', '500.00', '250.00', '250.00', '250.00']);
    else expect(shown?.prizes[0]?.amount).toBe('25.00');
    await page.getByTestId('tourney-weekend-more').click();
    await page.waitForURL(/#\/show\/contest$/);
    await page.getByTestId('contest-page').waitFor();
    expect(await page.getByTestId('contest-rule').textContent()).toContain('net profit');
    // the sandbox's own weekly contest has the prizes of spec 002 §9: the iPad at rank 5 is a gift, never an amount
    const weeklyPrizes = page.locator('[data-contest^="weekly-"] .ct-card__prizes li');
    await expect.poll(() => weeklyPrizes.count()).toBe(40);
    expect(await weeklyPrizes.nth(0).textContent()).toMatch(/^1 place: \D*10\D?000\.00(?!.*bonus)/);
    expect(await weeklyPrizes.nth(4).textContent()).toBe('5 place: iPad (a gift, not money)');
    expect(await weeklyPrizes.nth(5).textContent()).toMatch(/^6 place: \D*1\D?000\.00.*bonus$/);

    // a 10 s trade on the sandbox platform
    await page.goto(`${baseURL}/en/trading#/home`);
    const platform = page.frameLocator('iframe.platform__frame');
    await platform.getByText('prices are simulated').waitFor();
    await expect.poll(() => platform.locator('#balance').textContent(), { timeout: 20_000 }).toContain('100.00');
    await platform.getByRole('radio', { name: '10 s' }).check();
    await platform.locator('#amount').fill('10');
    await platform.getByRole('button', { name: /Up/ }).click();
    await platform.locator('#recent li').first().waitFor({ timeout: 40_000 });
    // the modal is not offered again today
    expect(await page.getByTestId('tourney-weekend').count()).toBe(0);

    // the leaderboard: the trader's own row, by initials
    await page.getByTestId('nav-contest').click();
    const card = page.locator(`[data-contest="${contest.id}"]`);
    await card.waitFor();
    const own = card.getByTestId('contest-own-row');
    await own.waitFor();
    // the rank on screen is the server's for this trader (another file's trader may be ahead)
    await expect.poll(async () => (await own.getAttribute('data-rank')) === String((await ownEntry(page, 'current', contest.id))?.rank)).toBe(true);
    const mine = await ownEntry(page, 'current', contest.id);
    expect(mine?.prize?.amount).toBe(PRIZES[(mine?.rank ?? 0) - 1]);
    // the sandbox's fresh user is Sandbox Trader from DE: initials and country only
    expect(await own.textContent()).toContain('S.T.');
    expect(await own.textContent()).toContain('DE');
    expect(await own.textContent()).not.toContain('Trader');
    expect(await own.textContent()).toContain(formatAmount(mine?.prize?.amount ?? '', 'USD', 'en'));
    // the filter narrows the rows; the count says the weekend shows the top 10
    expect(await card.getByTestId('contest-count').textContent()).toContain('of the top 10');
    await page.getByTestId('contest-filter').fill('no-such-trader');
    await card.getByText('No row matches the filter.').waitFor();
    await page.getByTestId('contest-filter').fill('');

    // the settled trade is booked into our ledger first, so the balance below moves only by the prize
    await call(page, '/api/chat/balance', { balance: '0.00', all: '0.00' });
    const before = await ledgerBalance(page);
    const closed = await call<{ paid: number; contest: { status: string } }>(page, `/api/sandbox/contests/${contest.id}/close`, {}, true);
    expect(closed.contest.status).toBe('closed');
    expect(closed.paid).toBeGreaterThanOrEqual(1);
    // the final rank's prize, paid to this trader once
    const final = await ownEntry(page, 'last', contest.id);
    const prize = PRIZES[(final?.rank ?? 0) - 1] ?? '';
    expect(final?.prize?.amount).toBe(prize);
    const cents = (s: string) => Math.round(Number(s) * 100);
    await expect.poll(async () => cents(await ledgerBalance(page))).toBe(cents(before) + cents(prize));
    // closing again pays nothing
    expect(await call<{ paid: number }>(page, `/api/sandbox/contests/${contest.id}/close`, {}, true)).toMatchObject({ paid: 0 });
    expect(cents(await ledgerBalance(page))).toBe(cents(before) + cents(prize));

    // the trader sees it: the page reads again on the pushed notification; the last tab has the result
    await page.getByTestId('contest-tab-last').click();
    const result = page.locator(`[data-contest="${contest.id}"]`).getByTestId('contest-own-row');
    await result.waitFor();
    expect(await result.textContent()).toContain(formatAmount(prize, 'USD', 'en'));
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(new RegExp(((cents(before) + cents(prize)) / 100).toFixed(2).replace('.', '\\.')));
    expect(errors).toEqual([]);
  }, 180_000);
});
