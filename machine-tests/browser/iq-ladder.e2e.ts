import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { IQ_QUESTION_DEFS } from '../../server/domain/iq/questions';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/** A call from the page's session (parsed body; POST with the CSRF token when a body is given). */
const call = <T,>(page: Page, path: string, body?: unknown) =>
  page.evaluate(
    async ({ path: url, body: payload }) => {
      const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = payload === undefined ? await fetch(url) : await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(payload) });
      if (!res.ok) throw new Error(`${url} ${res.status} ${await res.text()}`);
      return res.json();
    },
    { path, body },
  ) as Promise<T>;

const bonusOf = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { bonuses?: { currency: string; amount: string }[] } }).user.bonuses?.find((b) => b.currency === 'USD')?.amount ?? '0.00');
const bellCount = (page: Page) => page.getByTestId('bell-count').textContent({ timeout: 1000 }).catch(() => '0');

interface LadderAnswer {
  state: string;
  rank: number | null;
  participants: number;
  contest: { id: string } | null;
}

/** Answers the question shown (by the server's own key) and waits for what follows. */
async function answerRight(page: Page, n: number) {
  const question = page.getByTestId('iq-question');
  await expect.poll(() => question.getAttribute('data-n')).toBe(String(n));
  await question.locator(`[data-testid="iq-option"][data-id="${IQ_QUESTION_DEFS[n - 1]!.right}"]`).click();
  if (n < 5) await expect.poll(() => question.getAttribute('data-n')).toBe(String(n + 1));
  await expect.poll(() => page.getByTestId('iq-feedback').getAttribute('data-correct')).toBe('true');
}

/** A fresh USD trader signed in on the trading page (with 100.00 on the sandbox platform when asked). */
async function trader(fund: boolean) {
  const tab = await openTab(chromium.current);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  if (fund) await call(tab.page, '/api/sandbox/platform/fund', { email: user.email, amount: '100.00' });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  return tab;
}

describe('the ladder, IQ mining and promotions from the trading menu', () => {
  it("the ladder from the menu: not on the contest before a trade, then the trader's real rank after a sandbox trade, the same as the contest's board", async () => {
    const { page, errors } = await trader(true);

    // before any trade: the ladder says honestly the trader is not on this week's contest
    await page.getByTestId('nav-ladder').click();
    await page.getByTestId('ladder-out').waitFor();
    expect(await page.getByTestId('ladder-out').textContent()).toContain('You are not on this week’s contest yet');
    await page.keyboard.press('Escape');

    // a 10 s trade on the sandbox platform puts the trader on the weekly contest's board
    const platform = page.frameLocator('iframe.platform__frame');
    await platform.getByText('prices are simulated').waitFor();
    await expect.poll(() => platform.locator('#balance').textContent(), { timeout: 20_000 }).toContain('100.00');
    await platform.getByRole('radio', { name: '10 s' }).check();
    await platform.locator('#amount').fill('10');
    await platform.getByRole('button', { name: /Up/ }).click();
    await platform.locator('#recent li').first().waitFor({ timeout: 40_000 });
    await expect.poll(async () => (await call<LadderAnswer>(page, '/api/us/ladder')).state, { timeout: 20_000 }).toBe('in');
    const ladder = await call<LadderAnswer>(page, '/api/us/ladder');
    // the same rank as the contest's own leaderboard
    const board = await call<{ entries: { rank: number; you: boolean }[]; own: { rank: number } | null; participants: number }>(page, `/api/tourney/get?id=${encodeURIComponent(ladder.contest!.id)}`);
    expect(board.entries.find((e) => e.you)?.rank ?? board.own?.rank).toBe(ladder.rank);
    expect(board.participants).toBe(ladder.participants);

    await page.getByTestId('nav-ladder').click();
    const rank = page.getByTestId('ladder-rank');
    await rank.waitFor();
    expect(await rank.textContent()).toContain(`You are number ${ladder.rank} of ${ladder.participants} trader`);
    await page.getByTestId('ladder-go').click();
    await page.waitForURL(/#\/show\/contest$/);
    await page.getByTestId('contest-page').waitFor();
    // "My place" on the contests page opens the same
    await page.getByTestId('contest-my-place').click();
    await page.getByTestId('ladder-rank').waitFor();
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  }, 90_000);

  it('Promotions from the menu: IQ mining terms first; a reload in the middle continues; all right pays 1.62 once into the bonus balance, with the bell', async () => {
    const { page, errors } = await trader(false);
    // Promotions from the menu: the IQ mining row, its terms before starting
    await page.getByTestId('nav-promotions').click();
    await page.getByTestId('promotions-page').waitFor();
    expect(await page.getByTestId('iq-row').textContent()).toContain('IQ mining: answer 5 questions, earn $1.62 of bonus');
    await page.getByTestId('iq-open').click();
    const terms = await page.getByTestId('iq-terms').textContent();
    expect(terms).toContain('$1.62 goes into your bonus balance, once per trader');
    expect(terms).toContain('the reward is then no longer earned');
    await page.getByTestId('iq-start').click();
    await answerRight(page, 1);
    await answerRight(page, 2);

    // a reload in the middle: the server continues at question 3
    await page.reload();
    await page.getByTestId('promotions-page').waitFor();
    const before = Number(await bellCount(page));
    await page.getByTestId('iq-open').click();
    await page.getByTestId('iq-start').click();
    await expect.poll(() => page.getByTestId('iq-question').getAttribute('data-n')).toBe('3');
    await answerRight(page, 3);
    await answerRight(page, 4);
    await answerRight(page, 5);
    const result = page.getByTestId('iq-result');
    await result.waitFor();
    expect(await result.getAttribute('data-rewarded')).toBe('true');
    expect(await result.textContent()).toContain('All 5 right: $1.62 is in your bonus balance.');
    expect(await bonusOf(page)).toBe('1.62');

    // the bell, without a reload
    await expect.poll(() => bellCount(page), { timeout: 20_000 }).toBe(String(before + 1));
    await page.keyboard.press('Escape');
    await page.getByTestId('bell').click();
    await expect.poll(() => page.getByTestId('notifications').textContent()).toContain('IQ mining: all answers right.');
    await page.keyboard.press('Escape');

    // once: the quiz is over; opening it again shows the result, nothing more is paid
    await page.goto(`${baseURL}/en/trading#/show/accounts`);
    await expect.poll(() => page.getByTestId('bonus-balance').textContent()).toContain('1.62');
    const again = await call<{ status: string; result: { rewarded: boolean } }>(page, '/api/iq/start', {});
    expect(again).toMatchObject({ status: 'finished', result: { rewarded: true } });
    expect(await call<{ status: string }>(page, '/api/iq/next', { n: 5, answer: IQ_QUESTION_DEFS[4]!.right })).toMatchObject({ status: 'finished' });
    expect(await bonusOf(page)).toBe('1.62');
    expect(errors).toEqual([]);
  }, 90_000);
});
