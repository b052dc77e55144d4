import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser } from '../../test/fixtures';
import { realityAnswer } from '../../../machines/reality-check/reality-check.model';

const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/session', () => session);
vi.mock('../../api/platform', () => ({ platformLogout: vi.fn(async () => undefined) }));
const api = vi.hoisted(() => ({ getRealityCheck: vi.fn(), setRealityCheck: vi.fn() }));
vi.mock('../../api/reality-check', () => api);

const { default: RealityCheck } = await import('./RealityCheck');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');
const { moneyBusy, moneyIdle, newVisit } = await import('../../flows/attention/attention.flow');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

const view = (lang: 'en' | 'ru' = 'en') => (
  <I18nProvider lang={lang} dict={lang === 'en' ? en : ru}>
    <RealityCheck />
  </I18nProvider>
);

/** a session that signed in 1 h 14 min 59.8 s ago with a 15-minute interval: the check falls due 200 ms from now */
const dueSoon = (over = {}) => realityAnswer({ session_started_at: new Date(Date.now() - 75 * 60_000 + 200).toISOString(), ...over });
const DUE = { timeout: 3_000 };

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user: testUser({ userId: 'u-rc' }), csrf: 'c' });
  session.getSettings.mockResolvedValue(testSettings());
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});

beforeEach(() => {
  newVisit();
  api.getRealityCheck.mockReset();
  window.history.replaceState(null, '', '/en/trading#/home');
});

describe('RealityCheck (the dialog every N minutes)', () => {
  it('shows the time in the session and the figures read fresh, a loss marked; Continue is focused and closes it', async () => {
    const answer = dueSoon();
    api.getRealityCheck.mockResolvedValue(answer);
    const { unmount } = render(view());
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' }, DUE);
    expect(screen.getByTestId('reality-time').textContent).toBe('1 h 15 min');
    expect((await screen.findByTestId('reality-trades')).textContent).toBe('3 trades');
    expect(screen.getByTestId('reality-net').textContent).toBe('-$12.50 (a loss)');
    expect(screen.getByTestId('reality-net').className).toContain('reality__net--loss');
    expect(dialog.textContent).toContain('Every 15 minutes of a session');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('reality-continue')));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.getRealityCheck).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('waits while a money flow runs and shows when it ends; Escape is Continue', async () => {
    api.getRealityCheck.mockResolvedValue(dueSoon());
    moneyBusy('card');
    const { unmount } = render(view());
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => moneyIdle('card'));
    await screen.findByRole('dialog', { name: 'Reality check' }, DUE);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
  });

  it('a failed read still shows the time and the choices; My limits opens the limits page', async () => {
    api.getRealityCheck.mockResolvedValueOnce(dueSoon()).mockRejectedValue({ kind: 'network' });
    const { unmount } = render(view());
    expect((await screen.findByTestId('reality-failed', {}, DUE)).textContent).toBe('This session’s trades could not be loaded just now.');
    expect(screen.getByTestId('reality-time').textContent).toBe('1 h 15 min');
    expect(screen.queryByTestId('reality-net')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'My limits' }));
    expect(window.location.hash).toBe('#/show/limits');
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
  });

  it('speaks Russian; Take a break signs out as the header’s Log out does', async () => {
    api.getRealityCheck.mockResolvedValue(dueSoon({ trades: 2, net: '5.00' }));
    const { unmount } = render(view('ru'));
    await screen.findByRole('dialog', { name: 'Проверка реальности' }, DUE);
    expect(screen.getByTestId('reality-time').textContent).toBe('1 ч 15 мин');
    expect((await screen.findByTestId('reality-trades')).textContent).toBe('2 сделки');
    expect(screen.getByTestId('reality-net').textContent).toBe('+5,00\u00a0$ (прибыль)');
    session.logout.mockResolvedValue(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Сделать перерыв' }));
    await waitFor(() => expect(session.logout).toHaveBeenCalled());
    unmount();
  });
});
