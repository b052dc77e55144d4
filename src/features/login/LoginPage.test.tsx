import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n';
import { ru } from '../../i18n/ru';
import LoginPage from './LoginPage';

describe('LoginPage', () => {
  it('asks for both fields before calling anyone, and says so again on each try', async () => {
    render(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const first = screen.getByRole('alert');
    expect(first.textContent).toBe('Enter your email and password.');
    expect(first.className).toContain('shake');
    await userEvent.type(screen.getByLabelText('Email'), 'trader@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your email and password.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('trader@example.com');
  });

  it('uses the autocomplete hints password managers need', () => {
    render(<LoginPage />);
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  describe('after the trader closed their account (?closed=1)', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('says the account is closed, politely, until a sign-in is tried; in Russian too', async () => {
      window.history.replaceState(null, '', '/en/login?closed=1');
      const view = render(<LoginPage />);
      const note = screen.getByTestId('login-closed-notice');
      expect(note.textContent).toBe('Your account is closed and you have been signed out everywhere. Thank you for trading with us.');
      expect(note.getAttribute('role')).toBe('status');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(screen.queryByTestId('login-closed-notice')).toBeNull();
      view.unmount();
      window.history.replaceState(null, '', '/ru/login?closed=1');
      render(<I18nProvider lang="ru" dict={ru}><LoginPage /></I18nProvider>);
      expect(screen.getByTestId('login-closed-notice').textContent).toBe(ru['login.account_closed']);
    });
  });
});
