import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// the platform accepts the password; the product's sign-in gate refuses the break (the browser test uses the real server)
const session = vi.hoisted(() => ({ login: vi.fn(), notifyLoginFail: vi.fn(), loadAutologin: vi.fn(), getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
const platform = vi.hoisted(() => ({ platformLogin: vi.fn(), platformLogout: vi.fn() }));
vi.mock('../../api/session', async (original) => ({ ...(await original<object>()), login: session.login, notifyLoginFail: session.notifyLoginFail }));
vi.mock('../../api/platform', async (original) => ({ ...(await original<object>()), platformLogin: platform.platformLogin }));

const { default: LoginPage } = await import('./LoginPage');
const { I18nProvider } = await import('../../i18n');
const { ru } = await import('../../i18n/ru');
const { formatDateTime } = await import('../../flows/shared/dates');
// the notice's own chunk, loaded once here so the first test does not wait for its transform
await import('./excluded/ExcludedNotice');

const UNTIL = '2026-12-02T10:00:00.000Z';
const refusal = (kind: 'timeout' | 'exclusion') => ({
  kind: 'http',
  status: 403,
  error: 'login.excluded',
  message: `This account is ${kind === 'timeout' ? 'on a break' : 'self-excluded'} until ${UNTIL}.`,
  params: { until: UNTIL, kind },
});

beforeEach(() => {
  platform.platformLogin.mockReset().mockResolvedValue({ success: true, data: { token: 'platform-token' } });
  session.login.mockReset();
});
afterEach(() => window.history.replaceState(null, '', '/'));

async function signIn() {
  await userEvent.type(screen.getByLabelText(/^(Email|Эл. почта)/), 'trader@example.com');
  await userEvent.type(screen.getByLabelText(/^(Password|Пароль)/), 'Sandbox-1234abcd1');
  await userEvent.keyboard('{Enter}');
}

describe('LoginPage on a break or self-exclusion (issue 30 §3)', { timeout: 15_000 }, () => {
  it('a refused sign-in says until when, by its kind, with what happens to withdrawals and the contact page', async () => {
    session.login.mockRejectedValueOnce(refusal('timeout')).mockRejectedValueOnce(refusal('exclusion'));
    window.history.replaceState(null, '', '/en/login');
    render(<LoginPage />);
    await signIn();
    const notice = await screen.findByTestId('login-excluded');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toBe(
      `Your account is paused until ${formatDateTime(UNTIL)}. A withdrawal you already asked for is still paid, and you can withdraw your balance: sign in to withdraw only. Questions? Write to us from the contact page.`,
    );
    expect(screen.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/en/contacts');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // with it, the button that signs in for withdrawals only (a plain button: Enter still signs in)
    expect(screen.getByRole('button', { name: 'Sign in to withdraw' }).getAttribute('type')).toBe('button');
    // what was typed stays; a second try that is refused as an exclusion says so
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('trader@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Sandbox-1234abcd1{Enter}');
    expect((await screen.findByTestId('login-excluded')).textContent).toContain(`You have excluded yourself until ${formatDateTime(UNTIL)}.`);
  });

  it('speaks Russian', async () => {
    session.login.mockRejectedValueOnce(refusal('exclusion'));
    window.history.replaceState(null, '', '/ru/login');
    render(<I18nProvider lang="ru" dict={ru}><LoginPage /></I18nProvider>);
    await signIn();
    const notice = await screen.findByTestId('login-excluded');
    expect(notice.textContent).toBe(
      `Вы исключили себя до ${formatDateTime(UNTIL)}. Вывод, который вы уже запросили, всё равно будет выплачен, и вы можете вывести баланс: войдите только для вывода. Вопросы? Напишите нам со страницы контактов.`,
    );
    expect(screen.getByRole('link', { name: 'страницы контактов' }).getAttribute('href')).toBe('/ru/contacts');
    expect(screen.getByRole('button', { name: 'Войти для вывода средств' })).toBeTruthy();
  });

  it('just after the trader chose it (?paused=…), a polite note that it has begun, until a sign-in is tried', async () => {
    session.login.mockRejectedValueOnce(refusal('timeout'));
    window.history.replaceState(null, '', '/en/login?paused=exclusion');
    render(<LoginPage />);
    const note = await screen.findByTestId('login-paused-notice');
    expect(note.getAttribute('role')).toBe('status');
    // no button before a sign-in is tried: the form below it signs in
    expect(screen.queryByRole('button', { name: 'Sign in to withdraw' })).toBeNull();
    expect(note.textContent).toBe(
      'Your self-exclusion has begun and you are signed out on every device. Until it ends you can sign in only to withdraw. A withdrawal you already asked for is still paid, and you can withdraw your balance: sign in to withdraw only. Questions? Write to us from the contact page.',
    );
    await signIn();
    await screen.findByTestId('login-excluded');
    expect(screen.queryByTestId('login-paused-notice')).toBeNull();
  });

  it('an address that names neither says nothing', () => {
    window.history.replaceState(null, '', '/en/login?paused=forever');
    render(<LoginPage />);
    expect(screen.queryByTestId('login-paused-notice')).toBeNull();
  });
});
