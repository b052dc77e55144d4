import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { RIGHT_ANSWERS as RIGHT, WRONG_ANSWERS as WRONG } from './appropriateness';
import { chatSeen, freshUser, type FreshUserOptions } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * The appropriateness questionnaire (issue 30 §6) in Chromium against the real server: a new
 * real-money trader meets the lock above the platform (the platform itself refuses the trade),
 * goes to the questions by its button, and fails (the risk warning and the cool-down's end, the
 * server's own) or passes (the platform then opens the trade); a trader whose failed test is a day
 * old (a state the sandbox's trader factory makes: the sandbox has no clock to move) accepts the
 * risk with the box ticked.
 */

async function trader(options: FreshUserOptions, viewport = { width: 390, height: 844 }) {
  const tab = await openTab(chromium.current, viewport);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '100' }], ...options });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  return { ...tab, user, platform: tab.page.frameLocator('iframe.platform__frame') };
}

/** the standing as the server says it */
const standing = (page: Page) => page.evaluate(async () => (await (await fetch('/api/appropriateness', { cache: 'no-store' })).json()) as { state: string; retryAt: string | null; attempts: number });

/** picks each answer by its label (the keyboard: Tab to the group, Space picks the focused radio after the arrows) */
async function answer(page: Page, labels: string[]): Promise<void> {
  for (const label of labels) {
    const radio = page.getByRole('radio', { name: label, exact: true });
    await radio.focus();
    await page.keyboard.press('Space');
    expect(await radio.isChecked()).toBe(true);
  }
}

/** The date as the page writes it: DD.MM.YYYY HH:mm in the browser's own time zone (read from the browser, not assumed). */
const written = (page: Page, iso: string) =>
  page.evaluate((at) => {
    const parts = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(at));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
  }, iso);

describe('appropriateness', () => {
  it('a new trader: the platform refuses the trade and the lock leads to the questions; a fail shows the risk warning and the cool-down’s end; the lock then says it', async () => {
    const { page, platform, context, errors } = await trader({ appropriateness: 'required' });
    const lock = page.getByTestId('lock-appropriateness');
    await lock.waitFor();
    expect(await lock.textContent()).toContain('A few questions before your first trade');
    // the platform itself refuses, with the reason
    await platform.locator('#amount').fill('10');
    await platform.getByRole('button', { name: /Up/ }).click();
    await expect.poll(() => platform.locator('#ticket-error').textContent()).toContain('Before your first trade, answer the short questionnaire');
    // the lock's button, by the keyboard
    await page.getByTestId('lock-next-appropriateness').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}/en/trading#/show/appropriateness`);
    await page.getByTestId('appr-form').waitFor();
    expect(await page.getByRole('group').count()).toBe(6);
    // Send with questions open: refused, marked
    await page.getByTestId('appr-submit').click();
    expect(await page.getByTestId('appr-missing').textContent()).toBe('Answer every question: 6 still open.');
    await answer(page, WRONG);
    await page.getByTestId('appr-submit').focus();
    await page.keyboard.press('Enter');
    const warning = page.getByTestId('appr-warning');
    await warning.waitFor();
    const server = await standing(page);
    expect(server).toMatchObject({ state: 'failed', attempts: 1 });
    expect(await warning.textContent()).toContain('you can lose all the money you invest');
    expect(await page.getByTestId('appr-score').textContent()).toBe('0 of 6 answers were right; 5 are needed.');
    expect(await page.getByTestId('appr-cooldown').textContent()).toContain(`From ${await written(page, server.retryAt!)} you can answer the questions again`);
    expect(await page.getByTestId('appr-accept').count()).toBe(0);
    expect(await page.getByTestId('appr-retry').count()).toBe(0);
    // the page fits a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // back on the trading page, in Russian: the lock says until when
    await page.goto(`${baseURL}/ru/trading#/home`);
    const ru = page.getByTestId('lock-appropriateness');
    await ru.waitFor();
    expect(await ru.textContent()).toContain(`С ${await written(page, server.retryAt!)} можно пройти тест снова или принять риск.`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a pass opens trading: the lock is gone and the platform opens the trade', async () => {
    const { page, platform, context, errors } = await trader({ appropriateness: 'required' }, { width: 1280, height: 900 });
    await page.getByTestId('lock-appropriateness').waitFor();
    await page.getByTestId('lock-next-appropriateness').click();
    await page.getByTestId('appr-form').waitFor();
    await answer(page, RIGHT);
    await page.getByTestId('appr-submit').click();
    const passed = page.getByTestId('appr-passed');
    await passed.waitFor();
    expect(await passed.textContent()).toContain('6 of 6 answers were right. You can trade now.');
    expect(await standing(page)).toMatchObject({ state: 'passed', attempts: 1 });
    await page.getByTestId('appr-to-trading').click();
    await page.waitForURL(`${baseURL}/en/trading#/home`);
    await platform.getByText('prices are simulated').waitFor();
    expect(await page.getByTestId('lock-appropriateness').count()).toBe(0);
    await platform.locator('#amount').fill('10');
    await platform.getByRole('button', { name: /Up/ }).click();
    await platform.locator('#open li').first().waitFor();
    expect(await platform.locator('#ticket-error').textContent()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after the cool-down, in Russian: accepting the risk needs the box; accepted, the platform opens the trade', async () => {
    const { page, platform, context, errors } = await trader({ appropriateness: 'failed_earlier' });
    await page.goto(`${baseURL}/ru/trading#/show/appropriateness`);
    const accept = page.getByTestId('appr-accept');
    await accept.waitFor();
    expect(await page.getByTestId('appr-cooldown').textContent()).toBe('Теперь можно ответить на вопросы снова или принять риск и всё же торговать.');
    await accept.click();
    await page.getByText('Отметьте флажок, чтобы подтвердить, что понимаете риск.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('appr-understood');
    await page.keyboard.press('Space');
    await accept.click();
    const accepted = page.getByTestId('appr-accepted');
    await accepted.waitFor();
    expect(await accepted.textContent()).toContain('Вы приняли риск');
    expect(await standing(page)).toMatchObject({ state: 'accepted' });
    await page.getByTestId('appr-to-trading').click();
    await platform.locator('#amount').fill('10');
    await platform.getByRole('button', { name: /Выше/ }).click();
    await platform.locator('#open li').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
