import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openTab, post, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { freshUser } from './sandbox-users';

/**
 * Issue 32 §4, §5, §6 in Chromium against the real sandbox server: a processor the tester marked
 * unhealthy is skipped and one switched to 5xx is moved past, and the trader's step list says
 * which; a stack that runs out on a processor failing in transport ends with the 'Response error'
 * toast; every processor skipped says card payments are temporarily unavailable; the 3-D Secure
 * card reaches an ACS page on the default sandbox stack.
 *
 * The switched processors are Shape and PFS, which no other browser test's stack uses (the switch
 * is the whole sandbox's, as a real outage is); each test puts them back.
 */

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

async function switchProcessor(page: Page, processor: string, mode: 'up' | 'timeout' | 'server_error', extra: { reset?: boolean; unhealthy?: boolean } = {}) {
  const res = await post(page, '/api/sandbox/processors/switch', { processor, mode, ...extra }, { 'x-sandbox-operator': operator });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** this test's tab: the switches are put back from it, then it is closed */
let current: { page: Page; context: { close(): Promise<void> } } | null = null;
afterEach(async () => {
  if (!current) return;
  for (const processor of ['SHAPE', 'PFS']) await switchProcessor(current.page, processor, 'up', { reset: true });
  await current.context.close();
  current = null;
});

/** A fresh trader in Portugal (PFS serves it) with its own stack, on the funding page's card tab. */
async function fundingPage(cascade?: string) {
  const tab = await openTab(chromium.current);
  const user = await freshUser(tab.page, baseURL, { ...(cascade && { cascade }), country: 'PT', balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  await tab.page.goto(`${baseURL}/en/trading#/show/funding`);
  await tab.page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
  current = tab;
  return tab;
}

const deposit = (page: Page) => page.getByRole('button', { name: 'Deposit $250.00' });
const steps = (page: Page) => page.getByTestId('cascade-steps').first().getByRole('listitem').allTextContents();
const balanceText = (page: Page) => page.getByTestId('balance').textContent();

describe('processor health and the network-failure rule (real server, Chromium)', () => {
  it('Shape marked unhealthy is skipped, PFS answering 5xx is moved past, Meiko approves: the step list says each, credited once', async () => {
    const { page, errors } = await fundingPage('SHAPE,PFS,MEIKO');
    await switchProcessor(page, 'SHAPE', 'up', { unhealthy: true });
    await switchProcessor(page, 'PFS', 'server_error');
    await fillCard(page, CARDS.approved);
    await deposit(page).click();
    await page.locator('#card-done').waitFor({ timeout: 30_000 });
    expect(await steps(page)).toEqual([
      'Processor 1 of 3 (Shape): temporarily unavailable, skipped (your card was not sent to it), trying the next one',
      'Processor 2 of 3 (PFS): did not answer; this attempt was cancelled and is not charged, trying the next one',
      'Processor 3 of 3 (Meiko): approved',
    ]);
    await expect.poll(() => balanceText(page)).toContain('$250.00');
    const id = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('funding.cascade') ?? 'null') as { run: { payment: { id: string } } }).run.payment.id);
    const record = await page.evaluate(async (pid) => (await (await fetch(`/api/card/payments/${pid}`)).json()) as { credited: string; attempts: { processor: string; status: string }[] }, id);
    // Shape never saw the card; PFS's attempt was reversed; one credit
    expect(record.attempts.map((a) => `${a.processor}:${a.status}`)).toEqual(['PFS:voided', 'MEIKO:approved']);
    expect(record.credited).toBe('250.00');
    expect(errors).toEqual([]);
  });

  it("the stack runs out on a processor that did not answer: the 'Response error, try again' toast, no money moves", async () => {
    const { page, errors } = await fundingPage('SHAPE,PFS');
    await switchProcessor(page, 'SHAPE', 'up', { unhealthy: true });
    await switchProcessor(page, 'PFS', 'server_error');
    await fillCard(page, CARDS.approved);
    await deposit(page).click();
    await page.locator('.toasts').getByText('Response error, try again').waitFor({ timeout: 30_000 });
    expect(await steps(page)).toEqual([
      'Processor 1 of 2 (Shape): temporarily unavailable, skipped (your card was not sent to it), trying the next one',
      'Processor 2 of 2 (PFS): did not answer; this attempt was cancelled and is not charged',
    ]);
    // told once: the toast, no alert on top; the form is back for another try
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await deposit(page).waitFor();
    expect(await balanceText(page)).toContain('$0.00');
    expect(errors).toEqual([]);
  });

  it('every processor of the stack skipped: "temporarily unavailable", the card sent nowhere', async () => {
    const { page, errors } = await fundingPage('SHAPE');
    await switchProcessor(page, 'SHAPE', 'up', { unhealthy: true });
    await fillCard(page, CARDS.approved);
    await deposit(page).click();
    await page.getByRole('alertdialog').getByText('Card payments are temporarily unavailable').waitFor({ timeout: 30_000 });
    const id = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('funding.cascade') ?? 'null') as { run: { payment: { id: string } } }).run.payment.id);
    const record = await page.evaluate(async (pid) => (await (await fetch(`/api/card/payments/${pid}`)).json()) as { attempts: unknown[] }, id);
    expect(record.attempts).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the 3-D Secure test card (issue 32 §6)', () => {
  it('on the default sandbox stack reaches the ACS page at Vload, then is credited once', async () => {
    const { page, errors } = await fundingPage();
    await fillCard(page, CARDS.secure3d);
    await deposit(page).click();
    await page.getByRole('heading', { name: 'VLOAD: 3-D Secure' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sandbox-acs').textContent()).toContain('3-D Secure (ACS) page');
    expect(await page.getByTestId('sandbox-hint').textContent()).toContain('Authenticate and pay: the payment is approved.');
    await page.getByTestId('sandbox-approve').click();
    await page.waitForURL(/#\/show\/funding/);
    await page.locator('#card-done').waitFor({ timeout: 30_000 });
    await expect.poll(() => balanceText(page)).toContain('$250.00');
    expect(errors).toEqual([]);
  });
});
