import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, inject, it } from 'vitest';
import { formatAmount } from '../../core/format';
import { openTab, post, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';
import { parseCsv } from '../../server/test/csv';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

const BTC = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2 A and AA rules on the statement section: the serious and critical violations */
async function sectionViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: object, o: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run({ include: [['[data-testid="statement"]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** the History table as the trader reads it: date, type, amount and balance after of each row */
async function historyRows(page: Page): Promise<string[][]> {
  return page.getByTestId('history-table').locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '');
      return [cells[0]!, cells[1]!, cells[3]!, cells[4]!];
    }),
  );
}

/** presses a statement button and returns the file the browser saved */
async function download(page: Page, format: 'csv' | 'pdf'): Promise<{ name: string; body: Buffer }> {
  const saved = page.waitForEvent('download');
  const button = page.getByTestId(`statement-${format}`);
  await button.focus();
  await page.keyboard.press('Enter');
  const file = await saved;
  await page.getByTestId('statement-saved').filter({ hasText: file.suggestedFilename() }).waitFor();
  return { name: file.suggestedFilename(), body: await readFile((await file.path())!) };
}

describe('a statement from the History page', () => {
  it('CSV and PDF of the page’s range: the CSV’s movements and closing balance are the History page’s, the PDF has the same closing figure', async () => {
    const { context, page, errors } = await openTab(chromium.current);
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '500' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();
    // two withdrawals asked for: the money leaves the balance at once (held)
    for (const amount of ['120.00', '30.50']) {
      const asked = await post(page, '/api/withdrawal/final', { amount, method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `statement-e2e-${Math.random().toString(36).slice(2, 10)}` });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    }

    await page.goto(`${baseURL}/en/trading#/show/history`);
    await expect.poll(async () => (await historyRows(page)).length).toBe(3);
    const shown = await historyRows(page);
    expect(shown.map((r) => r.slice(1))).toEqual([
      ['Withdrawal · pending', '-$30.50', '$349.50'],
      ['Withdrawal · pending', '-$120.00', '$380.00'],
      ['Deposit (sandbox)', '+$500.00', '$500.00'],
    ]);

    const csv = await download(page, 'csv');
    expect(csv.name).toMatch(/^statement-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(csv.body.subarray(3).toString('utf8'));
    expect(header).toEqual(['Account', 'Account No.', 'Currency', 'Date', 'Type', 'Details', 'Amount', 'Balance after', 'Reference']);
    const trading = rows.filter((r) => r[0] === 'Trading account');
    const movements = trading.filter((r) => r[8] !== '');
    // the same rows as the page (oldest first in a statement), each amount and balance the page's figure
    expect(movements.map((r) => [r[3], r[4], formatAmount(r[6]!, 'USD', 'en', { plus: true }), formatAmount(r[7]!, 'USD', 'en')]).reverse()).toEqual(shown);
    const figure = (type: string) => trading.find((r) => r[4] === type)!;
    expect(figure('Opening balance')[7]).toBe('0.00');
    expect([figure('Total credits')[6], figure('Total debits')[6]]).toEqual(['500.00', '-150.50']);
    const closing = figure('Closing balance')[7]!;
    expect(formatAmount(closing, 'USD', 'en')).toBe(shown[0]![3]);

    const pdf = await download(page, 'pdf');
    expect(pdf.name).toBe(csv.name.replace(/\.csv$/, '.pdf'));
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body)), { mergePages: true });
    expect(text).toContain('Account statement');
    expect(text).toContain(`Closing balance`);
    expect(text).toContain(formatAmount(closing, 'USD', 'en'));
    // the saved file's link stays to save it again
    expect(await page.getByTestId('statement-save-again').getAttribute('download')).toBe(pdf.name);
    expect(await sectionViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('at 320 px the section fits the screen and its buttons are reachable; a range over 366 days is refused at once, in Russian', async () => {
    const { context, page, errors } = await openTab(chromium.current, { width: 320, height: 700 });
    await chatSeen(context);
    const user = await freshUser(page, baseURL);
    await signIn(page, baseURL, user, 'ru');
    await page.waitForURL(`${baseURL}/ru/trading**`);
    await page.goto(`${baseURL}/ru/trading#/show/history`);
    const section = page.getByTestId('statement');
    await section.getByRole('button', { name: 'PDF' }).waitFor();
    const fits = () => section.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth);
    expect(await fits()).toBe(true);
    const box = await section.getByRole('button', { name: 'CSV' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    // 400 days shown on the page: the statement says why at once and asks nothing
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/statement') asked.push(r.url());
    });
    await page.getByLabel('С (ДД.ММ.ГГГГ)').fill('01.01.2025');
    await page.getByLabel('По (ДД.ММ.ГГГГ)').fill('05.02.2026');
    await page.getByRole('button', { name: 'Показать', exact: true }).click();
    await section.getByText('Ваши деньги с 01.01.2025 по 05.02.2026').waitFor();
    await section.getByRole('button', { name: 'CSV' }).click();
    const refused = section.getByRole('alert');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('Выписка охватывает не больше 366 дней: выберите период короче.');
    // the message takes the focus, so a screen reader reads it where the trader is
    await expect.poll(() => refused.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(asked).toEqual([]);
    expect(await fits()).toBe(true);
    expect(await sectionViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
