import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { CARDS, fillCard } from './cards';
import { bigFile, noisePng, onePagePdf, renamedExecutable, type FilePayload } from './files';
import { chatSeen, freshUser, type FreshUserOptions } from './sandbox-users';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

/** An unverified trader who may upload (can_upload), signed in on the personal page. */
async function personalPage(options: FreshUserOptions = {}, viewport?: { width: number; height: number }) {
  const tab = await openTab(chromium.current, viewport);
  await chatSeen(tab.context);
  const user = await freshUser(tab.page, baseURL, { verification: 'None', can_upload: true, ...options });
  await signIn(tab.page, baseURL, user);
  await tab.page.waitForURL(`${baseURL}/en/trading**`);
  await tab.page.getByTestId('balance').waitFor();
  await tab.page.goto(`${baseURL}/en/trading#/show/personal`);
  await tab.page.getByTestId('document-passport').waitFor({ timeout: 30_000 });
  return { ...tab, user };
}

const card = (page: Page, kind: string) => page.getByTestId(`document-${kind}`);
const statusOf = (page: Page, kind: string) => page.getByTestId(`document-${kind}-status`).textContent();

async function upload(page: Page, kind: string, file: FilePayload) {
  await card(page, kind).getByTestId('upload-input').setInputFiles(file);
}

/** The trader's documents as the server has them. */
const documents = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/verification/documents')).json()) as { documents: { kind: string; mime: string; sha256: string; status: string }[] }).documents);

/** a valid (checksummed) native segwit address */
const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(7))]);

const sha256 = (file: FilePayload) => createHash('sha256').update(file.buffer).digest('hex');

/** The reviewer signed in to the sandbox reviewer console in a tab of their own. */
async function reviewerConsole(): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await openTab(chromium.current);
  await page.goto(`${baseURL}/sandbox/review`);
  await page.getByLabel(/operator token/i).fill(operator);
  await page.getByRole('button', { name: /sign in|open/i }).click();
  await page.getByRole('heading', { name: /reviewer console/i }).waitFor();
  return { page, context };
}

/** The console's row of one trader's pending document. */
const reviewRow = (page: Page, email: string, kind: string) => page.locator(`tr[data-kind="${kind}"]`, { hasText: email });

/** Approves every pending document of `email` through the JSON twin of the console (operator token). */
async function approveAll(page: Page, email: string) {
  await page.evaluate(
    async ({ email: owner, token }) => {
      // the operator token does not replace the session's CSRF header (docs/sandbox.md)
      const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
      const list = (await (await fetch('/api/sandbox/review/documents', { headers: { 'x-sandbox-operator': token } })).json()) as { documents: { id: string; email: string }[] };
      for (const document of list.documents.filter((d) => d.email === owner)) {
        const res = await fetch(`/api/sandbox/review/${document.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-operator': token, 'x-csrf-token': csrf },
          body: JSON.stringify({ decision: 'approve' }),
        });
        if (!res.ok) throw new Error(`approve ${res.status} ${await res.text()}`);
      }
    },
    { email, token: operator },
  );
}

describe('verification: documents uploaded, checked, reviewed', () => {
  it('a real PNG and a real PDF go up with the progress of the upload itself; the server keeps exactly those bytes', async () => {
    const { page, context, errors } = await personalPage();
    expect(await statusOf(page, 'passport')).toBe('Not sent yet');
    // a slow line (about 400 KB/s up) so the progress is seen moving, as on a phone
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    const png = noisePng(640);
    await upload(page, 'passport', png);
    const bar = card(page, 'passport').getByTestId('upload-progress');
    await bar.waitFor();
    const seen = new Set<number>();
    while ((await card(page, 'passport').getByTestId('upload-success').count()) === 0) {
      const now = await bar.getAttribute('aria-valuenow').catch(() => null);
      if (now !== null) seen.add(Number(now));
      await page.waitForTimeout(50);
    }
    // a real bar: it stood somewhere between empty and full on the way
    expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(() => statusOf(page, 'passport')).toBe('Uploaded, waiting for review');

    const pdf = onePagePdf();
    await upload(page, 'address', pdf);
    await card(page, 'address').getByTestId('upload-success').waitFor();
    await expect.poll(() => statusOf(page, 'address')).toBe('Uploaded, waiting for review');

    const stored = await documents(page);
    expect(stored.map((d) => [d.kind, d.mime, d.sha256, d.status]).sort()).toEqual(
      [
        ['address', 'application/pdf', sha256(pdf), 'uploaded'],
        ['passport', 'image/png', sha256(png), 'uploaded'],
      ].sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a renamed executable and an 11 MB file are refused with their messages, and nothing is stored', async () => {
    const { page, context, errors } = await personalPage();
    await upload(page, 'passport', renamedExecutable());
    // the name says PNG: the server reads the content and refuses it
    await expect.poll(() => card(page, 'passport').getByTestId('upload-error').textContent()).toContain('File type is not [ PNG, JPG, JPEG, PDF ]!');
    await upload(page, 'address', bigFile(11));
    await expect.poll(() => card(page, 'address').getByTestId('upload-error').textContent()).toContain('File Too Large, max file size 10Mb');
    expect(await documents(page)).toEqual([]);
    expect(await statusOf(page, 'passport')).toBe('Not sent yet');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the reviewer rejects with a reason and approves in the console; the page follows without a reload and turns Verified', { timeout: 120_000 }, async () => {
    const { page, context, errors, user } = await personalPage();
    await upload(page, 'passport', noisePng(32));
    await card(page, 'passport').getByTestId('upload-success').waitFor();
    await upload(page, 'address', onePagePdf());
    await card(page, 'address').getByTestId('upload-success').waitFor();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    const reviewer = await reviewerConsole();
    const address = reviewRow(reviewer.page, user.email, 'address');
    await address.getByLabel(/reason/i).fill('The bill is older than three months.');
    await address.getByRole('button', { name: 'Reject' }).click();
    // pushed: the trader's page says it with the reason, and a notification tells them
    await expect.poll(() => statusOf(page, 'address'), { timeout: 10_000 }).toBe('Rejected: The bill is older than three months.');
    await page.getByText('Your proof of address was rejected: The bill is older than three months.').waitFor();
    // a rejected document may be sent again
    await upload(page, 'address', onePagePdf('new-bill.pdf'));
    await card(page, 'address').getByTestId('upload-success').waitFor();

    await reviewer.page.goto(`${baseURL}/sandbox/review`);
    await reviewRow(reviewer.page, user.email, 'passport').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => statusOf(page, 'passport'), { timeout: 10_000 }).toBe('Approved');
    await page.getByText('Your passport was approved.').waitFor();
    expect(await page.getByTestId('verification-status').textContent()).toBe('Not verified yet');
    await reviewer.page.goto(`${baseURL}/sandbox/review`);
    await reviewRow(reviewer.page, user.email, 'address').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByTestId('verification-status').textContent(), { timeout: 10_000 }).toBe('Verified');
    expect(navigations).toEqual([]);
    expect(errors).toEqual([]);
    await reviewer.context.close();
    await context.close();
  });

  it('the risk-flagged trader (risky@example.com) goes from the card popup to verification, and after it pays by card', { timeout: 120_000 }, async () => {
    const { page, context, errors } = await openTab(chromium.current);
    await chatSeen(context);
    await signIn(page, baseURL, { email: 'risky@example.com', password: 'Risky-2026' });
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();
    try {
      await page.goto(`${baseURL}/en/trading#/show/funding`);
      await page.getByRole('tab', { name: 'Card' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Verify now' }).click();
      await page.getByTestId('document-passport').waitFor();
      await upload(page, 'passport', noisePng(48));
      await card(page, 'passport').getByTestId('upload-success').waitFor();
      await upload(page, 'address', onePagePdf());
      await card(page, 'address').getByTestId('upload-success').waitFor();
      await approveAll(page, 'risky@example.com');
      await expect.poll(() => page.getByTestId('verification-status').textContent(), { timeout: 10_000 }).toBe('Verified');

      await page.goto(`${baseURL}/en/trading#/show/funding`);
      // verified: the card tab is the first, with no partner-risk popup
      await page.getByRole('tab', { name: 'Card', selected: true }).waitFor().catch(async (e: unknown) => {
        await page.screenshot({ path: '/tmp/verification-risky-tab.png' });
        throw e;
      });
      await fillCard(page, CARDS.approved);
      await page.getByRole('button', { name: 'Deposit $250.00' }).click();
      // the sandbox stack starts with a hosted-page processor (docs/sandbox.md): its page, then back to the listen route
      await page.getByRole('button', { name: 'Authenticate and pay' }).click();
      await page.locator('#card-done').waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
        await page.screenshot({ path: '/tmp/verification-risky-card.png' });
        throw e;
      });
      expect(await page.getByRole('dialog', { name: 'Card deposits' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      // the seeded trader goes back to unverified for the other tests (the funding suite's risk popup)
      await page.evaluate(
        async (token) => {
          const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string };
          await fetch('/api/sandbox/verification', { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-operator': token, 'x-csrf-token': csrf }, body: JSON.stringify({ email: 'risky@example.com', verification: 'None' }) });
        },
        operator,
      );
      await context.close();
    }
  });

  it('a withdrawal that needs verification goes to the personal page and, once verified, back to the withdrawal', { timeout: 120_000 }, async () => {
    const { page, context, errors, user } = await personalPage({ balances: [{ currency: 'USD', type: 'trading', amount: '500.00' }] });
    await page.goto(`${baseURL}/en/trading#/show/withdrawal`);
    await page.getByLabel(/^Amount/).fill('10');
    await page.getByRole('textbox', { name: /address|IBAN/ }).fill(BTC);
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByRole('dialog', { name: 'Verify your identity first' }).getByRole('button', { name: 'Go to verification' }).click();
    await page.waitForFunction(() => window.location.hash === '#/show/personal/withdrawal');
    await page.getByTestId('personal-back').getByText('Back to the withdrawal').waitFor();
    await upload(page, 'passport', noisePng(32));
    await card(page, 'passport').getByTestId('upload-success').waitFor();
    await upload(page, 'address', onePagePdf());
    await card(page, 'address').getByTestId('upload-success').waitFor();
    await approveAll(page, user.email);
    await page.getByTestId('personal-back').getByText('You are verified: continue your withdrawal').waitFor({ timeout: 10_000 });
    await page.getByTestId('personal-back').click();
    await page.getByRole('heading', { name: 'Withdraw funds' }).waitFor();
    // verified now: the same request goes on (a confirmation or the request itself), not to need-verify again
    await page.getByLabel(/^Amount/).fill('10');
    await page.getByRole('textbox', { name: /address|IBAN/ }).fill(BTC);
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByRole('dialog').or(page.getByRole('heading', { name: 'Withdrawal requested' })).first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Verify your identity first' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px, in Russian: the page, its statuses and the upload messages read in Russian', async () => {
    const { page, context, errors } = await personalPage({}, { width: 390, height: 844 });
    await page.goto(`${baseURL}/ru/trading#/show/personal`);
    await page.getByRole('heading', { name: 'Верификация' }).waitFor();
    expect(await statusOf(page, 'passport')).toBe('Ещё не отправлен');
    await upload(page, 'passport', renamedExecutable());
    await expect.poll(() => card(page, 'passport').getByTestId('upload-error').textContent()).toContain('Тип файла не [ PNG, JPG, JPEG, PDF ]!');
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
