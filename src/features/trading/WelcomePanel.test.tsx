import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser } from '../../test/fixtures';

const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/session', () => session);

const { WelcomePanel } = await import('./WelcomePanel');
const { messages } = await import('./messages');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');
const { newVisit } = await import('../../flows/attention/attention.flow');
const { I18nProvider, registerMessages } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

const user = testUser({ userId: 'u-9', email: 'anna@example.com', firstName: 'Anna', lastName: 'S', verification: 'None', sign: false });
const settings = testSettings();

const view = (lang: 'en' | 'ru' = 'en') => (
  <I18nProvider lang={lang} dict={lang === 'en' ? en : ru}>
    <WelcomePanel />
  </I18nProvider>
);
const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

beforeAll(async () => {
  registerMessages(messages);
  session.getMe.mockResolvedValue({ user, csrf: 'c' });
  session.getSettings.mockResolvedValue(settings);
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});

/** the welcome is a promotion: the attention arbiter lets promotions asked together settle before it grants one */
const SETTLED = { timeout: 3_000 };

beforeEach(() => {
  newVisit();
  localStorage.clear();
  window.history.replaceState(null, '', '/en/trading?first=1#/home');
});

describe('WelcomePanel', () => {
  it('greets by first name with Deposit (nothing deposited); Start trading closes it, remembers the trader and takes first out of the address', async () => {
    const { unmount } = render(view());
    const region = await screen.findByRole('region', { name: 'Welcome, Anna!' }, SETTLED);
    expect(region.textContent).toContain('Fund it to start trading');
    expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start trading' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(address()).toBe('/en/trading#/home');
    expect(localStorage.getItem('trading.welcome.seen.u-9')).toBe('1');
    // the arbiter keeps the day this trader closed it
    expect(JSON.parse(localStorage.getItem('attention.seen.u-9') ?? '{}')).toHaveProperty('welcome');
    unmount();
  });

  it('Deposit closes it and opens the funding page', async () => {
    const { unmount } = render(view());
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit' }, SETTLED));
    expect(screen.queryByRole('region')).toBeNull();
    expect(address()).toBe('/en/trading#/show/funding');
    unmount();
  });

  it('a trader who closed it before never sees it again; first still leaves the address', () => {
    localStorage.setItem('trading.welcome.seen.u-9', '1');
    const { unmount } = render(view());
    expect(screen.queryByRole('region')).toBeNull();
    expect(address()).toBe('/en/trading#/home');
    unmount();
  });

  it('reads in Russian', async () => {
    const { unmount } = render(view('ru'));
    expect(await screen.findByRole('region', { name: 'Добро пожаловать, Anna!' }, SETTLED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Пополнить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Начать торговлю' })).toBeTruthy();
    unmount();
  });

  it('after a deposit (the user pushed) Deposit goes; under the trading block it waits', async () => {
    const { unmount } = render(view());
    await screen.findByRole('region', {}, SETTLED);
    await act(async () => {
      session.getMe.mockResolvedValueOnce({ user: { ...user, depositsTotal: '250.00', sign: true }, csrf: 'c' });
      sessionActor.send({ type: 'user.update' });
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull());
    expect(screen.getByRole('region').textContent).toContain('funded');
    await act(async () => {
      session.getMe.mockResolvedValueOnce({ user: { ...user, depositsTotal: '250.00', sign: false }, csrf: 'c' });
      sessionActor.send({ type: 'user.update' });
    });
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(address()).toBe('/en/trading?first=1#/home');
    unmount();
  });
});
