import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inForce } from '../../../machines/self-exclusion/self-exclusion.model';

// the server is replaced by answers of its contract (the UI-path binding and the browser test use the real one)
const api = vi.hoisted(() => ({ exclude: vi.fn() }));
const platform = vi.hoisted(() => ({ platformLogout: vi.fn(), platformLogin: vi.fn() }));
const nav = vi.hoisted(() => ({ goTo: vi.fn() }));
vi.mock('../../api/self-exclusion', () => api);
vi.mock('../../api/platform', () => platform);
vi.mock('../../flows/shell/navigation', async (original) => ({ ...(await original<object>()), goTo: nav.goTo }));

const { default: PausePage } = await import('./PausePage');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { formatDateTime } = await import('../../flows/shared/dates');

const page = (lang: 'en' | 'ru' = 'en') => render(<I18nProvider lang={lang} dict={lang === 'en' ? en : ru}><PausePage /></I18nProvider>);

beforeEach(() => {
  api.exclude.mockReset();
  platform.platformLogout.mockReset();
  platform.platformLogout.mockResolvedValue(undefined);
  nav.goTo.mockReset();
  vi.useRealTimers();
});

describe('PausePage (#/show/pause)', () => {
  it('says what a break means; by keyboard: Continue without a choice is refused on the radios, Space picks one', async () => {
    page();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Take a break');
    expect(screen.getByTestId('pause-intro').textContent).toContain('you cannot sign in, deposit or trade');
    expect(screen.getByRole('group', { name: 'How long?' })).toBeTruthy();
    const timeouts = screen.getByRole('group', { name: 'Take a break (timeout)' });
    expect(within(timeouts).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['24\u00a0hours', '7\u00a0days', '30\u00a0days', '6\u00a0weeks']);
    const exclusions = screen.getByRole('group', { name: 'Exclude yourself (self-exclusion)' });
    expect(within(exclusions).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['6\u00a0months', '1\u00a0year', '2\u00a0years', '3\u00a0years', '5\u00a0years']);
    screen.getByRole('button', { name: 'Continue' }).focus();
    await userEvent.keyboard('{Enter}');
    const error = await screen.findByText('Choose how long.');
    expect(error.getAttribute('role')).toBe('alert');
    const first = screen.getByRole('radio', { name: '24\u00a0hours' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('group', { name: 'How long?' }).getAttribute('aria-describedby')).toBe(error.id);
    // one Tab stop for the nine choices (the arrows move the choice: the browser test, jsdom has none): Space picks
    await userEvent.keyboard(' ');
    expect((first as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Choose how long.')).toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
  });

  it('confirms with the end from the page’s clock and “cannot be undone early”; Change my choice goes back with the choice kept', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-12-01T10:00:00.000Z') });
    page();
    await userEvent.click(screen.getByRole('radio', { name: '24\u00a0hours' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('region', { name: 'Take a break for 24\u00a0hours?' });
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('heading', { level: 2 })));
    expect(screen.getByTestId('pause-ends').textContent).toBe(`Your break lasts until ${formatDateTime('2026-12-02T10:00:00.000Z')}.`);
    expect(screen.getByTestId('pause-final').textContent).toBe('This cannot be undone early.');
    expect(within(confirm).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'You are signed out on every device.',
      'You cannot sign in, deposit or trade until it ends.',
      'You are shown no offers, promotions or contests.',
      'A withdrawal you already asked for is still paid. To withdraw your balance during this time, write to us from the contact page.',
    ]);
    expect(screen.queryByTestId('pause-choose')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change my choice' }));
    expect((screen.getByRole('radio', { name: '24\u00a0hours' }) as HTMLInputElement).checked).toBe(true);
    expect(api.exclude).not.toHaveBeenCalled();
  });

  it('a wrong password is emptied, marked and focused; too many tries say so with Try again, the password kept in the page', async () => {
    api.exclude
      .mockRejectedValueOnce({ kind: 'http', status: 401, error: 'exclusion.password', message: 'The password is not right.', fields: { password: 'exclusion.password' } })
      .mockRejectedValueOnce({ kind: 'http', status: 429, error: 'login.locked', message: 'Too many failed attempts.' })
      .mockResolvedValueOnce(inForce('6m'));
    page();
    await userEvent.click(screen.getByRole('radio', { name: '6\u00a0months' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Exclude yourself for 6\u00a0months?' });
    await userEvent.click(screen.getByRole('button', { name: 'Exclude me' }));
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
    const password = screen.getByLabelText('Your password') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(password));
    await userEvent.type(password, 'wrong-one{Enter}');
    expect(api.exclude).toHaveBeenLastCalledWith({ choice: '6m', password: 'wrong-one' });
    expect(await screen.findByText('The password is not right.')).toBeTruthy();
    const again = screen.getByLabelText('Your password') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(again.value).toBe('');
    expect(again.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(again, 'Sandbox-1234abcd1');
    expect(screen.queryByText('The password is not right.')).toBeNull();
    await userEvent.keyboard('{Enter}');
    const error = await screen.findByTestId('pause-error');
    expect(error.textContent).toBe(en['login.locked']);
    await waitFor(() => expect(document.activeElement).toBe(error));
    expect((screen.getByLabelText('Your password') as HTMLInputElement).value).toBe('Sandbox-1234abcd1');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const done = await screen.findByTestId('pause-done');
    expect(done.textContent).toBe(`Your self-exclusion has begun and lasts until ${formatDateTime(inForce('6m').until)}. Taking you to the sign-in page…`);
    await waitFor(() => expect(nav.goTo).toHaveBeenCalledWith('/en/login?paused=exclusion'));
    expect(platform.platformLogout).toHaveBeenCalled();
  });

  it('speaks Russian: the lengths’ plural forms, the confirmation, the end', async () => {
    let answer: (r: { kind: 'timeout'; until: string }) => void = () => {};
    api.exclude.mockImplementation(() => new Promise((r) => (answer = r)));
    page('ru');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Перерыв и самоисключение');
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['24\u00a0часа', '7\u00a0дней', '30\u00a0дней', '6\u00a0недель', '6\u00a0месяцев', '1\u00a0год', '2\u00a0года', '3\u00a0года', '5\u00a0лет']);
    await userEvent.click(screen.getByRole('radio', { name: '6\u00a0недель' }));
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Сделать перерыв на 6\u00a0недель?');
    expect(screen.getByTestId('pause-final').textContent).toBe('Досрочно это отменить нельзя.');
    await userEvent.type(screen.getByLabelText('Ваш пароль'), 'Sandbox-1234abcd1{Enter}');
    const busy = screen.getByRole('button', { name: 'Начинаем…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    answer(inForce('6w') as { kind: 'timeout'; until: string });
    expect((await screen.findByTestId('pause-done')).textContent).toBe(`Перерыв начался и продлится до ${formatDateTime(inForce('6w').until)}. Переходим на страницу входа…`);
    await waitFor(() => expect(nav.goTo).toHaveBeenCalledWith('/en/login?paused=timeout'));
  });
});
