import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
});
