import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser } from '../../test/fixtures';

const security = vi.hoisted(() => ({ changePassword: vi.fn(), attemptValidation: vi.fn() }));
const twoFactor = vi.hoisted(() => ({ checkFactor: vi.fn(), resendCode: vi.fn(), setFactor: vi.fn() }));
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/security', () => security);
vi.mock('../../api/two-factor', () => twoFactor);
vi.mock('../../api/session', () => session);

const { default: SecurityPage } = await import('./SecurityPage');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');

const user = testUser({ email: 'trader@example.com' });
const settings = testSettings();

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user, csrf: 'c' });
  session.getSettings.mockResolvedValue(settings);
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});
beforeEach(() => {
  security.changePassword.mockReset();
  security.changePassword.mockResolvedValue({ message: 'Your password has been changed. Other devices were signed out.' });
});

const rules = () => screen.getAllByRole('listitem').filter((li) => li.closest('ul')?.className === 'reg-rules').map((li) => [li.textContent, li.className === 'reg-rules__ok']);

async function fill(oldPassword: string, password: string, repeat = password) {
  await userEvent.type(screen.getByLabelText('Current password'), oldPassword);
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Repeat the new password'), repeat);
}

describe('security page: the broker’s one password policy, as at registration', () => {
  it('shows the rules as the trader types and refuses abcd1234 without calling the server', async () => {
    render(<I18nProvider lang="en" dict={en}><SecurityPage /></I18nProvider>);
    await fill('Trader-2026', 'abcd1234');
    expect(rules()).toEqual([
      ['• at least 10 characters (not yet)', false],
      ['✓ does not contain your email (done)', true],
      ['✓ is not a common password (done)', true],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password needs at least 10 characters.')).toBeTruthy();
    expect(security.changePassword).not.toHaveBeenCalled();
  });

  it('a common password is refused; a good one is sent', async () => {
    const view = render(<I18nProvider lang="en" dict={en}><SecurityPage /></I18nProvider>);
    await fill('Trader-2026', 'password123');
    expect(rules()[2]).toEqual(['• is not a common password (not yet)', false]);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password is too easy to guess. Please choose another.')).toBeTruthy();
    view.unmount();

    render(<I18nProvider lang="en" dict={en}><SecurityPage /></I18nProvider>);
    await fill('Trader-2026', 'Sandbox-Strong-77');
    expect(rules().every(([, ok]) => ok)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(security.changePassword).toHaveBeenCalledWith({ oldPassword: 'Trader-2026', password: 'Sandbox-Strong-77', repeatPassword: 'Sandbox-Strong-77', endOthers: true }));
  });

  it('a server refusal of the policy reads with its parameters, in Russian too', async () => {
    security.changePassword.mockRejectedValue({ kind: 'http', status: 400, error: 'register.password_short', message: 'The password needs at least 10 characters.' });
    render(<I18nProvider lang="ru" dict={ru}><SecurityPage /></I18nProvider>);
    await userEvent.type(screen.getByLabelText('Текущий пароль'), 'Trader-2026');
    await userEvent.type(screen.getByLabelText('Новый пароль'), 'Sandbox-Strong-77');
    await userEvent.type(screen.getByLabelText('Повторите новый пароль'), 'Sandbox-Strong-77');
    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText('Пароль должен быть не короче 10 символов.')).toBeTruthy();
  });
});

describe('security page: the way to close the account', () => {
  it('ends with a link to #/show/close, in English and Russian', () => {
    const view = render(<I18nProvider lang="en" dict={en}><SecurityPage /></I18nProvider>);
    const link = screen.getByTestId('security-close-link');
    expect(link.getAttribute('href')).toBe('#/show/close');
    expect(screen.getByRole('link', { name: 'Close my account' })).toBe(link);
    view.unmount();
    render(<I18nProvider lang="ru" dict={ru}><SecurityPage /></I18nProvider>);
    expect(screen.getByRole('link', { name: 'Закрыть аккаунт' }).getAttribute('href')).toBe('#/show/close');
  });
});

describe('security page: the way to take a break', () => {
  it('links #/show/pause just before Close my account, in English and Russian', () => {
    const view = render(<I18nProvider lang="en" dict={en}><SecurityPage /></I18nProvider>);
    const link = screen.getByTestId('security-pause-link');
    expect(link.getAttribute('href')).toBe('#/show/pause');
    expect(screen.getByRole('link', { name: 'Take a break or exclude yourself' })).toBe(link);
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links.slice(links.indexOf('#/show/pause'))).toEqual(['#/show/pause', '#/show/close']);
    view.unmount();
    render(<I18nProvider lang="ru" dict={ru}><SecurityPage /></I18nProvider>);
    expect(screen.getByRole('link', { name: 'Перерыв или самоисключение' }).getAttribute('href')).toBe('#/show/pause');
  });
});
