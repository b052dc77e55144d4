import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const history = vi.hoisted(() => ({ loadHistory: vi.fn(), loadReports: vi.fn(), postPlatformBalance: vi.fn() }));
vi.mock('../../api/trading-history', () => history);
const api = vi.hoisted(() => ({ downloadStatement: vi.fn(), StatementAborted: class extends Error {} }));
vi.mock('../../api/statement', () => api);

const { default: HistoryPage } = await import('./HistoryPage');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

function page(lang: 'en' | 'ru') {
  render(
    <I18nProvider lang={lang} dict={lang === 'ru' ? ru : en}>
      <HistoryPage />
    </I18nProvider>,
  );
  return screen.findByTestId('statement');
}

const clicked: string[] = [];
beforeEach(() => {
  history.loadHistory.mockReset();
  history.loadHistory.mockResolvedValue({ hits: [], total: 0 });
  api.downloadStatement.mockReset();
  clicked.length = 0;
  // jsdom makes no object URLs and saves nothing: what the page asks is recorded
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement-test');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Download a statement, on the History page', () => {
  it('by keyboard: the page’s range as CSV, its progress, then saved, with Save it again', async () => {
    let finish: (value: { blob: Blob; name: string }) => void = () => {};
    api.downloadStatement.mockImplementation((_ask, options: { onProgress: (received: number, total: number | null) => void }) => {
      options.onProgress(1024, 4096);
      return new Promise((resolve) => (finish = resolve));
    });
    const section = await page('en');
    expect(within(section).getByRole('heading', { name: 'Download a statement' })).toBeTruthy();
    const csv = within(section).getByRole('button', { name: 'CSV' });
    expect(csv.getAttribute('aria-describedby')).toBe('statement-hint');
    expect(within(section).getByText(/^Your money from \d\d\.\d\d\.\d{4} to \d\d\.\d\d\.\d{4}, from our ledger/)).toBeTruthy();
    csv.focus();
    await userEvent.keyboard('{Enter}');
    const [ask] = api.downloadStatement.mock.calls[0]!;
    expect(ask).toMatchObject({ format: 'csv', lang: 'en', tz: expect.any(String) });
    expect(ask.from).toBeLessThanOrEqual(ask.to);
    expect(await within(section).findByText('Receiving your statement: 25 %')).toBeTruthy();
    expect((within(section).getByRole('progressbar') as HTMLProgressElement).value).toBe(25);
    expect((within(section).getByRole('button', { name: 'PDF' }) as HTMLButtonElement).disabled).toBe(true);
    finish({ blob: new Blob(['a'.repeat(3000)], { type: 'text/csv' }), name: 'statement-2026-01-01-2026-01-31.csv' });
    const saved = await within(section).findByTestId('statement-saved');
    expect(saved.textContent).toBe('statement-2026-01-01-2026-01-31.csv (3 KB) is in your downloads. Save it again');
    expect(clicked).toEqual(['statement-2026-01-01-2026-01-31.csv']);
    const again = within(saved).getByRole('link', { name: 'Save it again' });
    expect([again.getAttribute('href'), again.getAttribute('download')]).toEqual(['blob:statement-test', 'statement-2026-01-01-2026-01-31.csv']);
  });

  it('in Russian: a refusal says why, as an alert, with Try again asking the same', async () => {
    api.downloadStatement.mockRejectedValueOnce({ kind: 'network' });
    api.downloadStatement.mockRejectedValueOnce({ kind: 'http', status: 400, error: 'statement.too_many_rows', message: 'Too many.', params: { max: '10000' } });
    const section = await page('ru');
    expect(within(section).getByRole('heading', { name: 'Скачать выписку' })).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'PDF' }));
    const failed = await within(section).findByRole('alert');
    expect(failed.textContent).toBe('Не удалось составить выписку. Попробуйте ещё раз. Повторить');
    await userEvent.click(within(failed).getByRole('button', { name: 'Повторить' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('За этот период больше 10\u00a0000 движений: выберите период короче. Повторить');
    expect(api.downloadStatement.mock.calls[1]![0]).toEqual(api.downloadStatement.mock.calls[0]![0]);
    expect(api.downloadStatement.mock.calls[0]![0]).toMatchObject({ format: 'pdf', lang: 'ru' });
  });
});
