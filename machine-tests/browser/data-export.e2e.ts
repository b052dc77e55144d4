import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * Download my data (issue 30 §9) in Chromium against the real server: from the Security page, by
 * the keyboard, the export is prepared in the background and downloaded once; the file holds the
 * trader's own balance and no secret; a second download is refused and the page offers a new one.
 */
describe('download my data', () => {
  it('prepared, downloaded once with the balance the page shows, then a new one offered', async () => {
    const { context, page, errors } = await openTab(chromium.current, { width: 390, height: 844 });
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '123.45' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();

    await page.goto(`${baseURL}/en/trading#/show/security`);
    await page.getByTestId('security-data-link').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('data-page').waitFor();
    expect(await page.title()).toContain('Download my data');
    await page.getByTestId('data-start').focus();
    await page.keyboard.press('Enter');
    const status = page.getByTestId('data-status');
    await status.getByText('Your data is ready. You can download it once, until', { exact: false }).waitFor({ timeout: 20_000 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]).toString('utf8'));
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(JSON.stringify(data)).toContain(user.email);
    expect(JSON.stringify(data)).toContain('123.45');
    // no secret: no password hash, no session token
    expect(text).not.toMatch(/password_hash|\$argon2|\$2[aby]\$|"csrf"/);
    await status.getByText('It has been deleted from our servers.', { exact: false }).waitFor();

    // the one download is made: the server refuses another; the page offers a new export
    const again = await page.evaluate(async () => {
      const job = (await (await fetch('/api/data-export')).json()) as { job: { id: string } | null };
      return (await fetch(`/api/data-export/${job.job?.id}/download`)).status;
    });
    expect(again).toBe(410);
    await page.reload();
    await page.getByTestId('data-start').filter({ hasText: 'Prepare a new export' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });
});
