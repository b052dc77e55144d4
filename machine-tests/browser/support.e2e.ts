import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { noisePng } from './files';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

/** A fresh trader signed in on the trading page (the shell is mounted before a hash change). */
async function trader(viewport?: { width: number; height: number }) {
  const tab = await openTab(chromium.current, viewport);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { cascade: 'ORANGE,MEIKO,ZOOM', balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  return { ...tab, user };
}

/** The agent signed in to the sandbox desk in a tab of their own. */
async function agentDesk() {
  const tab = await openTab(chromium.current);
  await tab.page.goto(`${baseURL}/sandbox/desk`);
  await tab.page.getByLabel('Operator token').fill(operator);
  await tab.page.getByRole('button', { name: 'Open the desk' }).click();
  await tab.page.getByRole('heading', { name: /desk/i }).first().waitFor();
  return tab;
}

/** What the server answers this page's session for a support call (status and body). */
const call = (page: Page, path: string, body?: unknown) =>
  page.evaluate(
    async ({ path: url, body: payload }) => {
      const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = payload === undefined ? await fetch(url) : await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(payload) });
      return { status: res.status, text: await res.text() };
    },
    { path, body },
  );

describe('support: a ticket from a payment, an agent on the other side', () => {
  it('asks about a card payment with a screenshot; the agent answers and the trader sees it without a reload; a reply reopens a closed ticket; close asks first; another trader gets 404', async () => {
    const { page, context, errors } = await trader();
    // an approved card payment to ask about
    await page.goto(`${baseURL}/en/trading#/show/funding`);
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor({ timeout: 50_000 });
    await fillCard(page, CARDS.approved);
    await page.getByRole('button', { name: 'Deposit $250.00' }).click();
    await page.locator('#card-done').waitFor({ timeout: 30_000 });

    // "Ask about this payment" from the history row of that payment
    await page.goto(`${baseURL}/en/trading#/show/history`);
    const ask = page.getByTestId('support-ask').first();
    await ask.waitFor({ timeout: 30_000 });
    const about = await ask.getAttribute('data-about');
    expect(about).toMatch(/^payment:/);
    await ask.click();
    const dialog = page.getByTestId('support-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('support-subject').fill('My deposit of 250 USD');
    await dialog.getByTestId('support-content').fill('The money is on my account, but I want the receipt. See https://example.com/x');
    await dialog.getByTestId('support-new-attachment-input').setInputFiles(noisePng(64, 'screenshot.png'));
    await dialog.locator('[data-testid="support-attachment"][data-stored="true"]').waitFor();
    await dialog.getByTestId('support-new-submit').click();
    await dialog.getByTestId('support-created').waitFor();
    // the dialog closes by itself after 3500 ms
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });

    // the support page lists it, Open, and the thread carries the attachment
    await page.goto(`${baseURL}/en/trading#/show/support`);
    const row = page.getByTestId('support-ticket-row').first();
    await row.waitFor({ timeout: 30_000 });
    const ticketId = await row.getAttribute('data-ticket');
    expect(ticketId).toBeTruthy();
    expect(await row.getAttribute('data-status')).toBe('1');
    await row.click();
    await page.getByTestId('support-thread').waitFor();
    const attachmentHref = await page.getByTestId('support-attachment-link').first().getAttribute('href');
    expect(attachmentHref).toMatch(/^\/api\/kayako\/att\?id=/);
    const download = await page.evaluate(async (href) => {
      const res = await fetch(href);
      return { status: res.status, type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength };
    }, attachmentHref!);
    expect(download).toMatchObject({ status: 200, type: 'image/png' });
    // a link in the text is a safe link, never markup
    const link = page.getByTestId('support-message').first().locator('a[href="https://example.com/x"]');
    expect(await link.getAttribute('rel')).toContain('noopener');

    // the agent sees the ticket with the payment's current status and answers
    const desk = await agentDesk();
    const deskRow = desk.page.locator(`tr[data-ticket="${ticketId}"]`);
    await deskRow.waitFor();
    expect(await deskRow.textContent()).toContain('approved');
    await deskRow.getByRole('link').click();
    await desk.page.getByLabel(/^Answer/).fill('Hello! Your receipt is attached.');
    await desk.page.getByLabel(/Attach a file/).setInputFiles(noisePng(48, 'receipt.png'));
    await desk.page.getByRole('button', { name: /Send the answer/ }).click();
    await desk.page.locator('article.message.agent').waitFor();

    // pushed: the open thread shows the answer without a reload
    const agentMessage = page.locator('[data-testid="support-message"][data-author="agent"]');
    await agentMessage.waitFor({ timeout: 5_000 });
    expect(await agentMessage.textContent()).toContain('Your receipt is attached.');
    expect(await page.getByTestId('support-attachment-link').count()).toBe(2);

    // the agent closes it; the trader's reply opens it again
    await desk.page.getByLabel('Status').selectOption('3');
    await desk.page.getByRole('button', { name: 'Set status' }).click();
    await expect.poll(() => page.getByTestId('support-thread-status').getAttribute('data-status'), { timeout: 5_000 }).toBe('3');
    await page.getByTestId('support-reply-text').fill('Thank you, one more question.');
    await page.getByTestId('support-reply-send').click();
    await expect.poll(() => page.getByTestId('support-thread-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('1');
    expect(await page.locator('[data-testid="support-message"][data-author="trader"]').count()).toBe(2);

    // close: the spec's question first; No keeps it open, Yes closes it and returns to the list
    await page.getByTestId('support-close').click();
    expect(await page.getByText('Are you sure?').isVisible()).toBe(true);
    await page.getByTestId('support-close-no').click();
    expect(await page.getByTestId('support-thread-status').getAttribute('data-status')).toBe('1');
    await page.getByTestId('support-close').click();
    await page.getByTestId('support-close-yes').click();
    await expect.poll(() => page.locator(`[data-testid="support-ticket-row"][data-ticket="${ticketId}"]`).getAttribute('data-status'), { timeout: 10_000 }).toBe('3');

    // another trader can read neither the ticket nor its attachment
    const other = await trader();
    expect((await call(other.page, '/api/kayako/show', { id: ticketId })).status).toBe(404);
    expect((await call(other.page, attachmentHref!)).status).toBe(404);
    expect(JSON.parse((await call(other.page, '/api/kayako/list')).text).tickets).toEqual([]);
    expect(errors).toEqual([]);
    await other.context.close();
    await desk.context.close();
    await context.close();
  });

  it('an agent answer reaches a trader who is elsewhere: the header counts it, opening it clears the count', async () => {
    const { page, context, errors } = await trader({ width: 390, height: 844 });
    await page.goto(`${baseURL}/en/trading#/show/support`);
    await page.getByTestId('support-new').click({ timeout: 30_000 });
    await page.getByTestId('support-new-form').waitFor();
    expect(await page.getByTestId('support-department').inputValue()).toBe('27');
    await page.getByTestId('support-subject').fill('Trading hours');
    // a bad input says why and keeps what was typed
    await page.getByTestId('support-new-submit').click();
    await page.getByTestId('support-content-error').waitFor();
    expect(await page.getByTestId('support-subject').inputValue()).toBe('Trading hours');
    await page.getByTestId('support-content').fill('When does the market open on Monday?');
    await page.getByTestId('support-new-submit').click();
    // on the page a created ticket opens as its thread
    await page.getByTestId('support-thread').waitFor();
    expect(await page.getByTestId('support-thread-status').getAttribute('data-status')).toBe('1');
    const created = JSON.parse((await call(page, '/api/kayako/list')).text) as { tickets: { id: string }[] };
    expect(created.tickets).toHaveLength(1);
    const ticketId = created.tickets[0].id;

    await page.goto(`${baseURL}/en/trading#/home`);
    expect(await page.getByTestId('nav-support-badge').count()).toBe(0);
    // the agent answers through the desk's JSON twin (the console page itself runs no script)
    const answered = await page.evaluate(
      async ({ id, token }) => {
        const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
        const res = await fetch(`/api/sandbox/desk/tickets/${id}/reply`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-operator': token, 'x-csrf-token': csrf },
          body: JSON.stringify({ name: 'Anna', content: 'At 00:00 UTC.' }),
        });
        return res.status;
      },
      { id: ticketId, token: operator },
    );
    expect(answered).toBe(200);
    // on a phone the badge sits behind the menu: it is counted all the same
    await expect.poll(() => page.getByTestId('nav-support-badge').textContent(), { timeout: 5_000 }).toContain('1');
    await page.goto(`${baseURL}/en/trading#/show/support`);
    const row = page.locator(`[data-testid="support-ticket-row"][data-ticket="${ticketId}"]`);
    expect(await row.getAttribute('data-unread')).toBe('true');
    await row.click();
    await page.locator('[data-testid="support-message"][data-author="agent"]').waitFor();
    await expect.poll(() => page.getByTestId('nav-support-badge').count(), { timeout: 5_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('support: call-back and the contact form reach the desk', () => {
  it('a call-back from the header: a short phone is refused with the reason, a good one lands in the desk', async () => {
    const { page, context, errors, user } = await trader();
    await page.getByTestId('call-back-button').click();
    await page.getByTestId('call-back-menu').waitFor();
    await page.getByTestId('call-back-phone').fill('12345');
    await page.getByTestId('call-back-submit').click();
    expect(await page.getByTestId('call-back-result').textContent()).toMatch(/7/);
    const phone = `+44 7700 ${String(Date.now()).slice(-6)}`;
    await page.getByTestId('call-back-phone').fill(phone);
    await page.getByTestId('call-back-time').selectOption('evening');
    await page.getByTestId('call-back-submit').click();
    await page.locator('[data-testid="call-back-result"][role="status"]').waitFor();

    const desk = await agentDesk();
    const row = desk.page.locator('tr[data-callback]', { hasText: phone });
    await row.waitFor();
    expect(await row.textContent()).toContain(user.email);
    expect(await row.textContent()).toContain('evening');
    await row.getByRole('button', { name: 'Mark done' }).click();
    await desk.page.locator('tr[data-callback]', { hasText: phone }).filter({ hasText: /done/ }).waitFor();
    expect(errors).toEqual([]);
    await desk.context.close();
    await context.close();
  });

  it('a visitor writes through the contact form in Russian, signed out; the desk lists it; the support email and phone are shown', async () => {
    const { page, context, errors } = await openTab(chromium.current, { width: 390, height: 844 });
    await page.goto(`${baseURL}/ru/login`);
    await page.getByTestId('contact-link').click();
    await page.waitForURL(`${baseURL}/ru/contacts`);
    await page.getByTestId('contact-info-email').waitFor();
    expect(await page.getByTestId('contact-info-email').getAttribute('href')).toMatch(/^mailto:/);
    expect(await page.getByTestId('contact-info-phone').getAttribute('href')).toMatch(/^tel:/);
    const name = `Visitor ${Date.now()}`;
    await page.getByTestId('contact-name').fill(name);
    await page.getByTestId('contact-email').fill('not-an-email');
    await page.getByTestId('contact-phone').fill('+7 495 000 00 00');
    await page.getByTestId('contact-message').fill('Здравствуйте! Как открыть счёт?');
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-error-email').waitFor();
    // nothing typed is lost
    expect(await page.getByTestId('contact-message').inputValue()).toBe('Здравствуйте! Как открыть счёт?');
    await page.getByTestId('contact-email').fill('visitor@example.org');
    await page.getByTestId('contact-submit').click();
    await page.locator('[data-testid="contact-result"][role="status"]').waitFor();

    const desk = await agentDesk();
    const row = desk.page.locator('tr', { hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Как открыть счёт?');
    expect(errors).toEqual([]);
    await desk.context.close();
    await context.close();
  });
});
