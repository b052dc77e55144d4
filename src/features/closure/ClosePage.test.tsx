import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { blockedStatus, clearStatus, CLOSED_AT } from '../../../machines/account-closure/account-closure.model';

// the server is replaced by answers of its contract (the UI-path binding uses the real one)
const api = vi.hoisted(() => ({ getClosureStatus: vi.fn(), closeAccount: vi.fn() }));
const platform = vi.hoisted(() => ({ platformLogout: vi.fn(), platformLogin: vi.fn() }));
const nav = vi.hoisted(() => ({ goTo: vi.fn() }));
vi.mock('../../api/closure', () => api);
vi.mock('../../api/platform', () => platform);
vi.mock('../../flows/shell/navigation', async (original) => ({ ...(await original<object>()), goTo: nav.goTo }));

const { default: ClosePage } = await import('./ClosePage');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

const page = (lang: 'en' | 'ru' = 'en') => render(<I18nProvider lang={lang} dict={lang === 'en' ? en : ru}><ClosePage /></I18nProvider>);

beforeEach(() => {
  api.getClosureStatus.mockReset();
  api.closeAccount.mockReset();
  platform.platformLogout.mockReset();
  platform.platformLogout.mockResolvedValue(undefined);
  nav.goTo.mockReset();
  api.getClosureStatus.mockResolvedValue(clearStatus());
});

describe('ClosePage (#/show/close)', () => {
  it('says what closing means, and lists what stops it with where to settle each; Check again reads it again', async () => {
    api.getClosureStatus.mockResolvedValueOnce(blockedStatus());
    page();
    expect(screen.getByTestId('closure-intro').textContent).toContain('you are signed out on every device, you can no longer sign in');
    const list = await screen.findByTestId('closure-blocked');
    expect(screen.getByRole('region', { name: 'Before you can close your account' })).toBe(list);
    expect(screen.getByTestId('closure-blocker-balance').textContent).toBe('You have $120.00 in your account: withdraw it first.Withdraw');
    expect(within(screen.getByTestId('closure-blocker-balance')).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('#/show/withdrawal');
    expect(screen.getByTestId('closure-blocker-pending_withdrawal').textContent).toBe('A withdrawal of $50.00 is waiting to be paid: wait for it, or cancel it.Withdrawals');
    expect(screen.getByTestId('closure-blocker-pending_deposit').textContent).toBe('2 deposits of $300.00 in all are under way: wait until they are completed.History');
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('#/show/history');
    expect(screen.queryByTestId('closure-form')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('closure-form')).toBeTruthy();
    expect(api.getClosureStatus).toHaveBeenCalledTimes(2);
  });

  it('by keyboard: refuses an empty form on its first field, confirms with the safe choice focused, Escape keeps the account', async () => {
    page();
    const reason = await screen.findByLabelText('Why are you leaving?');
    const submit = screen.getByRole('button', { name: 'Close my account' });
    submit.focus();
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByText('Choose why you are leaving.')).getAttribute('role')).toBe('alert');
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await userEvent.selectOptions(reason, 'other');
    expect(screen.getByLabelText('Tell us why')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Your password'), 'Sandbox-1234abcd1');
    await userEvent.keyboard('{Enter}');
    // "other" needs a few words: the field is marked and takes the focus
    expect(await screen.findByText('Tell us in a few words why you are leaving (at least 3 characters).')).toBeTruthy();
    const words = screen.getByLabelText('Tell us why');
    await waitFor(() => expect(document.activeElement).toBe(words));
    await userEvent.type(words, 'Moving abroad.');
    expect(screen.getByText('14 of 1000 characters')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep my account' })));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close my account' }));
    expect(api.closeAccount).not.toHaveBeenCalled();
    // what was typed is still there, the password too (it stays in the page)
    expect((screen.getByLabelText('Your password') as HTMLInputElement).value).toBe('Sandbox-1234abcd1');
  });

  it('closes after the confirmation, then goes to the sign-in page in the trader’s language saying so', async () => {
    let answer: (r: { closed: true; closed_at: string }) => void = () => {};
    api.closeAccount.mockImplementation(() => new Promise((r) => (answer = r)));
    page();
    await userEvent.selectOptions(await screen.findByLabelText('Why are you leaving?'), 'costs');
    await userEvent.type(screen.getByLabelText('Anything you would like to tell us (optional)'), '  Too expensive. ');
    await userEvent.type(screen.getByLabelText('Your password'), 'Sandbox-1234abcd1{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close my account' }));
    await userEvent.keyboard('{Enter}');
    expect(api.closeAccount).toHaveBeenCalledWith({ reason: 'costs', text: 'Too expensive.', password: 'Sandbox-1234abcd1' });
    const busy = within(dialog).getByRole('button', { name: 'Closing…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    // while it is sent, Escape does not close the dialog and a second press sends nothing
    await userEvent.keyboard('{Escape}{Enter}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(api.closeAccount).toHaveBeenCalledTimes(1);
    answer({ closed: true, closed_at: CLOSED_AT });
    const closed = await screen.findByTestId('closure-closed');
    expect(closed.textContent).toBe('Your account is closed. Taking you to the sign-in page…');
    await waitFor(() => expect(nav.goTo).toHaveBeenCalledWith('/en/login?closed=1'));
    expect(platform.platformLogout).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a wrong password is emptied, marked and focused; too many tries keep the form with the message', async () => {
    api.closeAccount
      .mockRejectedValueOnce({ kind: 'http', status: 401, error: 'closure.password', message: 'The password is not right.', fields: { password: 'closure.password' } })
      .mockRejectedValueOnce({ kind: 'http', status: 429, error: 'login.locked', message: 'Too many failed attempts.' });
    page();
    await userEvent.selectOptions(await screen.findByLabelText('Why are you leaving?'), 'not_using');
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong-one{Enter}');
    await userEvent.click(await screen.findByTestId('closure-confirm-yes'));
    expect(await screen.findByText('The password is not right.')).toBeTruthy();
    const password = screen.getByLabelText('Your password') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Why are you leaving?') as HTMLSelectElement).value).toBe('not_using');
    await userEvent.type(password, 'still-wrong');
    expect(screen.queryByText('The password is not right.')).toBeNull();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByTestId('closure-confirm-yes'));
    const error = await screen.findByTestId('closure-error');
    expect(error.textContent).toBe(en['login.locked']);
    await waitFor(() => expect(document.activeElement).toBe(error));
    expect(nav.goTo).not.toHaveBeenCalled();
  });

  it('something that appeared meanwhile: the list again, its reason focused; a failed read offers a retry', async () => {
    api.getClosureStatus
      .mockRejectedValueOnce({ kind: 'network' })
      .mockResolvedValueOnce(clearStatus())
      .mockResolvedValueOnce({ blockers: [{ kind: 'open_trade', amount: '25.00', currency: 'USD', count: 1 }] });
    api.closeAccount.mockRejectedValueOnce({ kind: 'http', status: 409, error: 'closure.blocked', message: 'Something is still to be settled: see the list.', params: { kinds: 'open_trade' } });
    page();
    expect((await screen.findByTestId('closure-load-failed')).textContent).toContain('We could not check whether your account can be closed.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.selectOptions(await screen.findByLabelText('Why are you leaving?'), 'control');
    await userEvent.type(screen.getByLabelText('Your password'), 'Sandbox-1234abcd1{Enter}');
    await userEvent.click(await screen.findByTestId('closure-confirm-yes'));
    const notice = await screen.findByTestId('closure-blocked-error');
    expect(notice.textContent).toBe('Something still needs settling before your account can be closed: see the list.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.getByTestId('closure-blocker-open_trade').textContent).toBe('A trade is still open ($25.00 at stake): wait until it closes.Go to trading');
    expect(screen.getByRole('link', { name: 'Go to trading' }).getAttribute('href')).toBe('#/home');
  });

  it('speaks Russian: amounts, plural forms and the links', async () => {
    api.getClosureStatus.mockResolvedValueOnce({
      blockers: [
        { kind: 'balance', amount: '1500.00', currency: 'EUR', count: 1 },
        { kind: 'pending_withdrawal', amount: '300.00', currency: 'EUR', count: 5 },
      ],
    });
    page('ru');
    expect((await screen.findByTestId('closure-blocker-balance')).textContent).toBe('На вашем счёте 1\u00a0500,00\u00a0€: сначала выведите их.Вывести');
    expect(screen.getByTestId('closure-blocker-pending_withdrawal').textContent).toBe('5 выводов на 300,00\u00a0€ ожидают выплаты: дождитесь их или отмените.Выводы');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Закрыть аккаунт');
    expect(screen.getByRole('button', { name: 'Проверить снова' })).toBeTruthy();
  });
});
