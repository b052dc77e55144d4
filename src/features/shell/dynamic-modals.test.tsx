import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser, usdBalance } from '../../test/fixtures';

const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
const news = vi.hoisted(() => ({ loadNews: vi.fn(), loadNewsItem: vi.fn() }));
const accounts = vi.hoisted(() => ({ setAccount: vi.fn(), setExchangeAccount: vi.fn(), createAccount: vi.fn() }));
vi.mock('../../api/session', () => session);
vi.mock('../../api/news', () => news);
vi.mock('../../api/accounts', () => accounts);

const { ModalHost } = await import('./ModalHost');
const { dynamicModals } = await import('./dynamic-modals');
const { modalActor, sessionActor, startAppActors } = await import('../../flows/shell/app.flow');
const { openNews } = await import('../../flows/news/news-open');
const { openDynamicModal } = await import('../../flows/shell/dynamic-open');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

const item = { id: 'sandbox-1', title: 'Analysis: volatility', date: '2026-11-20T09:00:00.000Z', summary: 'What volatility means.', link: 'javascript:alert(1)', source: 'Sandbox' };

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user: testUser({ balances: usdBalance('100.00'), available: '100.00' }), csrf: 'c' });
  session.getSettings.mockResolvedValue(testSettings());
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});
afterEach(() => {
  act(() => modalActor.send({ type: 'modal.close' }));
});

const host = (lang: 'en' | 'ru' = 'en') =>
  render(
    <MemoryRouter>
      <I18nProvider lang={lang} dict={lang === 'en' ? en : ru}>
        <ModalHost />
      </I18nProvider>
    </MemoryRouter>,
  );

// each modal's content is a lazy chunk: its first load (a module transformed on first use) may take
// longer than findBy's 1 s while the whole suite runs on 2 cores, so the first wait is longer
describe('the dynamic-modal registry (spec 000 §2)', { timeout: 20_000 }, () => {
  it('registers news, add_account and bitcoin_explanation (and support_dialog); not the live-actor views', () => {
    expect(Object.keys(dynamicModals)).toEqual(expect.arrayContaining(['news', 'add_account', 'bitcoin_explanation', 'support_dialog']));
    for (const name of ['signals_popup', 'entropay', 'cvv']) expect(dynamicModals[name]).toBeUndefined();
  });

  it('news by name: the list (Sandbox said), one item as text, no unsafe link, back', async () => {
    news.loadNews.mockResolvedValue({ kind: 'sandbox', items: [item] });
    news.loadNewsItem.mockResolvedValue({ kind: 'sandbox', item, body: 'First <b>paragraph</b>.\n\nSecond.' });
    const { unmount } = host();
    act(() => openNews());
    expect(screen.getByRole('heading', { name: 'News' })).toBeTruthy();
    await screen.findByText('Analysis: volatility', {}, { timeout: 10_000 });
    expect(screen.getByTestId('news-sandbox').textContent).toContain('Sandbox');
    expect(screen.getByText('20 November 2026')).toBeTruthy();
    await userEvent.click(screen.getByTestId('news-entry'));
    const article = await screen.findByTestId('news-item');
    expect(article.textContent).toContain('First <b>paragraph</b>.');
    expect(article.querySelector('b')).toBeNull();
    expect(article.querySelector('a')).toBeNull();
    expect(news.loadNewsItem).toHaveBeenCalledWith('sandbox-1', 'en');
    expect(document.activeElement?.textContent).toBe('Analysis: volatility');
    await userEvent.click(screen.getByRole('button', { name: 'Back to the news' }));
    await screen.findByTestId('news-entry');
    // focus stays in the dialog: Escape closes it
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('news-entry')));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();
  });

  it('news in Russian: the dates in Russian; a failure says why, with a retry', async () => {
    news.loadNews.mockRejectedValueOnce({ kind: 'http', status: 502, error: 'news.unavailable', message: 'The news source did not answer within 5 s. Try again in a minute.' });
    news.loadNews.mockResolvedValueOnce({ kind: 'rss', items: [{ ...item, link: 'https://example.com/a' }] });
    news.loadNewsItem.mockResolvedValue({ kind: 'rss', item: { ...item, link: 'https://example.com/a' }, body: 'Text.' });
    const { unmount } = host('ru');
    act(() => openNews());
    expect(screen.getByRole('heading', { name: 'Новости' })).toBeTruthy();
    await screen.findByText('Не удалось прочитать источник новостей. Повторите через минуту.', {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByText('20 ноября 2026 г.');
    expect(screen.queryByTestId('news-sandbox')).toBeNull();
    await userEvent.click(screen.getByTestId('news-entry'));
    const link = (await screen.findByRole('link', { name: 'Открыть оригинал' })) as HTMLAnchorElement;
    expect(link.href).toBe('https://example.com/a');
    expect(link.rel).toBe('noopener noreferrer');
    unmount();
  });

  it('add_account by name: the currencies offered; creating one closes the modal', async () => {
    accounts.createAccount.mockResolvedValue({ ok: true, accountId: 'a-2', message: 'Account created' });
    const { unmount } = host();
    act(() => openDynamicModal('add_account'));
    expect(screen.getByRole('heading', { name: 'Add an account' })).toBeTruthy();
    const select = (await screen.findByRole('combobox', {}, { timeout: 10_000 })) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).not.toContain('USD');
    const currency = [...select.options].map((o) => o.value).find((v) => v !== '')!;
    await userEvent.selectOptions(select, currency);
    await userEvent.click(screen.getByRole('button', { name: /create|add|open/i }));
    await waitFor(() => expect(accounts.createAccount).toHaveBeenCalledWith(currency));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();
  });

  it('bitcoin_explanation by name: the steps and the way to the deposit page', async () => {
    const { unmount } = host('ru');
    act(() => openDynamicModal('bitcoin_explanation'));
    expect(screen.getByRole('heading', { name: 'Оплата биткоином' })).toBeTruthy();
    await screen.findByTestId('bitcoin-explanation', {}, { timeout: 10_000 });
    const go = screen.getByRole('link', { name: 'Открыть страницу пополнения' });
    expect(go.getAttribute('href')).toBe('/#/show/funding');
    await userEvent.click(go);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();
  });
});
