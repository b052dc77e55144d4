import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

/** A fresh trader signed in, on the trading page in `lang`. */
async function trader(lang: 'en' | 'ru') {
  const tab = await openTab(chromium.current);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL);
  await signIn(tab.page, baseURL, user, lang);
  await tab.page.waitForURL(`${baseURL}/${lang}/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  return { ...tab, user };
}

/** the sandbox desk's final answer (the JSON twin of /sandbox/complaints, operator token) */
async function answer(page: Page, reference: string, text: string): Promise<number> {
  return page.evaluate(
    async ({ reference, text, operator }) => {
      const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch('/api/sandbox/complaints/answer', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, 'x-sandbox-operator': operator },
        body: JSON.stringify({ reference, answer: text, agent: 'E2E agent' }),
      });
      return res.status;
    },
    { reference, text, operator },
  );
}

describe('complaints: a complaint distinct from support', () => {
  it('from the support page: refused fields, then a reference and due date at once; the final answer arrives with the ombudsman', async () => {
    const { page, errors } = await trader('en');
    await page.goto(`${baseURL}/en/trading#/show/support`);
    await page.getByTestId('support-complaint-link').click();
    await page.getByTestId('complaints-page').waitFor();
    await page.getByText('You have made no complaints.').waitFor();

    // nothing filled: each field says what it needs, the first takes the focus
    await page.getByTestId('complaint-submit').click();
    await page.locator('#complaint-category-error').waitFor();
    expect(await page.locator('#complaint-subject-error').textContent()).toBe('Write a subject of 3 to 120 characters.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('complaint-category');

    await page.getByTestId('complaint-category').selectOption('withdrawal');
    await page.getByTestId('complaint-subject').fill('Withdrawal not paid');
    await page.getByTestId('complaint-text').fill('My withdrawal of 500 USD has been pending for three weeks.');
    await page.getByTestId('complaint-submit').click();

    const reference = page.getByTestId('complaint-reference');
    await reference.waitFor();
    const ref = /CMP-\d{4}-\d{6}/.exec((await reference.textContent()) ?? '')?.[0];
    expect(ref).toBeDefined();
    // the acknowledgement is what the keyboard and screen reader are on
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('complaint-made');
    // what the server holds: acknowledged at once, due two months out
    const own = await page.evaluate(async (r) => (await (await fetch(`/api/complaints/${r}`)).json()) as { complaint: { acknowledged_at: string; created_at: string; due_at: string; status: string } }, ref!);
    expect(own.complaint.acknowledged_at).toBe(own.complaint.created_at);
    expect(own.complaint.status).toBe('open');
    const made = new Date(own.complaint.created_at);
    const due = new Date(own.complaint.due_at);
    expect((due.getUTCFullYear() - made.getUTCFullYear()) * 12 + due.getUTCMonth() - made.getUTCMonth()).toBe(2);
    const item = page.getByTestId(`complaint-${ref}`);
    expect(await item.textContent()).toContain('Being looked into');

    // the bell has the acknowledgement
    await expect.poll(() => page.getByTestId('bell-count').textContent({ timeout: 1000 }).catch(() => null)).toBe('2');

    // the agent answers: pushed, the page shows it and names the ombudsman, without a reload
    expect(await answer(page, ref!, 'We found the delay on our side and paid the withdrawal today.')).toBe(200);
    await item.getByTestId('complaint-answer').waitFor({ timeout: 10_000 });
    const answered = (await item.textContent()) ?? '';
    expect(answered).toContain('Final answer given');
    expect(answered).toContain('We found the delay on our side and paid the withdrawal today.');
    expect(answered).toContain('Financial Ombudsman');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('in Russian: the page and the refusal in Russian, another trader\'s reference is not found', async () => {
    const { page, errors } = await trader('ru');
    await page.goto(`${baseURL}/ru/trading#/show/complaints`);
    await page.getByRole('heading', { name: 'Подать жалобу', level: 1 }).waitFor();
    await page.getByTestId('complaint-category').selectOption('deposit');
    await page.getByTestId('complaint-subject').fill('ab');
    await page.getByTestId('complaint-text').fill('Слишком коротко');
    await page.getByTestId('complaint-submit').click();
    await page.locator('#complaint-subject-error').filter({ hasText: 'Тема: от 3 до 120 символов.' }).waitFor();
    await page.locator('#complaint-text-error').filter({ hasText: 'Опишите, что произошло: от 20 до 5000 символов.' }).waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/complaints/CMP-2026-000001')).status);
    expect(status).toBe(404);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
