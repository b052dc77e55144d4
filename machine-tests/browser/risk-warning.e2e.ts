import { describe, expect, inject, it } from 'vitest';
import { RiskFigure } from '../../core/contract/risk-warning';
import { sharePercent } from '../../core/risk-warning';
import { openTab, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * The risk warning on every page (issue 30 §5): the public site, the sign-in page and the trading
 * area each show the general sentence and our own figure, the same the server computed from its
 * ledger (GET /api/risk-warning), in the page's language.
 */
describe('the risk warning', () => {
  it('is on the public, sign-in and trading pages, in English and Russian, with the ledger’s own figure', async () => {
    const { context, page, errors } = await openTab(chromium.current);
    await chatSeen(context);
    const answer = await page.request.get(`${baseURL}/api/risk-warning`);
    const { figure } = RiskFigure.parse(await answer.json());
    // the sandbox computes its own figure from its seeded ledger at start
    expect(figure).not.toBeNull();
    const [year, month, day] = figure!.day.split('-');
    const ours = figure!.share_bp === null ? null : `${sharePercent(figure!.share_bp)}% `;
    const expectLine = async (general: string, own: string) => {
      const line = page.getByTestId('risk-warning');
      await line.waitFor();
      const text = (await line.textContent()) ?? '';
      expect(text).toContain(general);
      if (ours === null) expect(text).not.toMatch(/\d/);
      else expect(text).toContain(`${ours}${own} ${day}.${month}.${year}).`);
    };

    await page.goto(`${baseURL}/en/`);
    await expectLine('you can lose all the money you invest.', 'of our retail traders’ accounts lost money over the last 12 months (our own figure of');
    await page.goto(`${baseURL}/ru/login`);
    await expectLine('вы можете потерять все вложенные деньги.', 'счетов наших розничных трейдеров потеряли деньги за последние 12 месяцев (наш собственный расчёт на');

    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '50' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();
    await expectLine('you can lose all the money you invest.', 'of our retail traders’ accounts lost money over the last 12 months (our own figure of');
    // a line in the page's flow, under the page: never over the ticket
    const position = await page.getByTestId('risk-warning').evaluate((el) => getComputedStyle(el).position);
    expect(position).toBe('static');
    expect(errors).toEqual([]);
    await context.close();
  });
});
