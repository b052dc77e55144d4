import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { limitsAnswer, RAISE_FROM } from '../../../machines/trader-limits/trader-limits.model';
import { formatDateTime } from '../../flows/shared/dates';
import { realityAnswer } from '../../../machines/reality-check/reality-check.model';

// the server is replaced by answers of its contract (the browser test uses the real one)
const api = vi.hoisted(() => ({ getLimits: vi.fn(), setDepositLimit: vi.fn(), setTradingLimit: vi.fn(), getSessionLimit: vi.fn(), setSessionLimit: vi.fn() }));
vi.mock('../../api/limits', () => api);
const reality = vi.hoisted(() => ({ getRealityCheck: vi.fn(), setRealityCheck: vi.fn() }));
vi.mock('../../api/reality-check', () => reality);

const { default: LimitsPage } = await import('./LimitsPage');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

const SESSION_ENDS = '2026-11-30T20:00:00.000Z';
const SESSION_NONE = { minutes: null, pending: null, choices: [30, 60, 120], session_ends_at: null, cooling_off_hours: 24 };

const page = (lang: 'en' | 'ru' = 'en') => render(<I18nProvider lang={lang} dict={lang === 'en' ? en : ru}><LimitsPage /></I18nProvider>);

beforeEach(() => {
  api.getLimits.mockReset();
  api.setDepositLimit.mockReset();
  api.setTradingLimit.mockReset();
  api.getLimits.mockResolvedValue(limitsAnswer());
  api.getSessionLimit.mockReset();
  api.setSessionLimit.mockReset();
  api.getSessionLimit.mockResolvedValue(SESSION_NONE);
  reality.getRealityCheck.mockReset();
  reality.setRealityCheck.mockReset();
  reality.getRealityCheck.mockResolvedValue(realityAnswer({ minutes: 60, chosen: false }));
});

describe('LimitsPage (#/show/limits)', () => {
  it('shows each period’s limit, what is used, a waiting raise and the rule with the server’s hours', async () => {
    page();
    expect(await screen.findByTestId('limit-day-value')).toHaveProperty('textContent', 'Limit $500.00');
    expect(screen.getByTestId('limit-day-used').textContent).toBe('$120.00 of $500.00 used · $380.00 left');
    expect(screen.getByTestId('limit-week-pending').textContent).toBe(`Rises to $2,000.00 on ${formatDateTime(RAISE_FROM)}`);
    expect(screen.getByTestId('limit-month-value').textContent).toBe('Limit No limit');
    expect(screen.getByTestId('limit-month-used').textContent).toBe('$620.00 deposited');
    expect(screen.getByTestId('limits-rule').textContent).toBe('A new or lower limit applies at once; raising or removing a limit takes effect only after 24 hours.');
    expect(screen.getByRole('region', { name: '24 hours' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change for 7 days' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set a limit for 30 days' })).toBeTruthy();
  });

  it('by keyboard: opens a row with the focus on its amount, refuses a bad one on the field, saves and focuses the answer', async () => {
    api.setDepositLimit.mockImplementation(async ({ amount }: { amount: string }) => {
      const answer = limitsAnswer();
      return { limits: { ...answer, deposit: answer.deposit.map((d) => (d.period === 'day' ? { ...d, amount } : d)) }, applied: 'now' };
    });
    page();
    const change = await screen.findByTestId('limit-day-edit');
    change.focus();
    await userEvent.keyboard('{Enter}');
    const amount = await screen.findByLabelText('New limit for 24 hours, USD');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect((amount as HTMLInputElement).value).toBe('500');
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.345{Enter}');
    expect((await screen.findByTestId('limit-amount-error')).textContent).toBe('Use at most 2 digits after the decimal point.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(api.setDepositLimit).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '250{Enter}');
    const saved = await screen.findByTestId('limit-day-saved');
    expect(saved.textContent).toBe('Saved: your limit is $250.00 from now on.');
    await waitFor(() => expect(document.activeElement).toBe(saved));
    expect(api.setDepositLimit).toHaveBeenCalledWith({ period: 'day', amount: '250.00' });
    expect(screen.getByTestId('limit-day-value').textContent).toBe('Limit $250.00');
  });

  it('Remove limit waits for its date; Cancel gives the focus back to the row’s button', async () => {
    api.setDepositLimit.mockImplementation(async () => {
      const answer = limitsAnswer();
      return { limits: { ...answer, deposit: answer.deposit.map((d) => (d.period === 'day' ? { ...d, pending: { amount: null, from: RAISE_FROM } } : d)) }, applied: 'later' };
    });
    page();
    await userEvent.click(await screen.findByTestId('limit-month-edit'));
    expect(screen.queryByTestId('limit-remove')).toBeNull();
    await userEvent.click(screen.getByTestId('limit-cancel'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('limit-month-edit')));
    // Escape closes the editor too, the focus back on the row's button
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('limit-amount')));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('limit-month-edit')));
    expect(screen.queryByTestId('limit-editor')).toBeNull();
    await userEvent.click(screen.getByTestId('limit-day-edit'));
    await userEvent.click(screen.getByTestId('limit-remove'));
    expect((await screen.findByTestId('limit-day-saved')).textContent).toBe(`Saved: your limit will be removed on ${formatDateTime(RAISE_FROM)}. Until then the current limit stays in force.`);
    expect(screen.getByTestId('limit-day-pending').textContent).toBe(`Removed on ${formatDateTime(RAISE_FROM)}`);
    expect(api.setDepositLimit).toHaveBeenCalledWith({ period: 'day', amount: null });
  });

  it('a failed save keeps the amount and says so; a failed read offers a retry', async () => {
    api.getLimits.mockRejectedValueOnce({ kind: 'network' });
    api.setDepositLimit.mockRejectedValue({ kind: 'network' });
    page();
    expect((await screen.findByTestId('limits-load-failed')).textContent).toContain('Your limits could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByTestId('limit-day-edit'));
    fireEvent.change(screen.getByTestId('limit-amount'), { target: { value: '300' } });
    await userEvent.click(screen.getByTestId('limit-save'));
    const error = await screen.findByTestId('limit-error');
    expect(error.textContent).toBe('The limit could not be saved. What you typed is kept: press Save again.');
    await waitFor(() => expect(document.activeElement).toBe(error));
    expect((screen.getByTestId('limit-amount') as HTMLInputElement).value).toBe('300');
  });

  it('speaks Russian: periods, amounts and the rule', async () => {
    page('ru');
    expect(await screen.findByTestId('limit-day-value')).toHaveProperty('textContent', 'Лимит 500,00\u00a0$');
    expect(screen.getByRole('region', { name: '24 часа' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '7 дней' })).toBeTruthy();
    expect(screen.getByTestId('limits-rule').textContent).toBe('Новый или более низкий лимит действует сразу, а повышение или снятие лимита вступает в силу только через 24 часа.');
    expect(screen.getByTestId('limit-week-pending').textContent).toBe(`Повысится до 2\u00a0000,00\u00a0$ с ${formatDateTime(RAISE_FROM)}`);
  });

  it('stake and loss limits: their own sections and rows; a stake limit per trade is set through the trading call', async () => {
    api.setTradingLimit.mockImplementation(async ({ kind, period, amount }: { kind: string; period: string; amount: string }) => {
      const answer = limitsAnswer();
      return { limits: { ...answer, trading: answer.trading.map((l) => (l.kind === kind && l.period === period ? { ...l, amount } : l)) }, applied: 'now', platform: 'told' };
    });
    page();
    expect(await screen.findByRole('region', { name: 'Stake limits' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Loss limits' })).toBeTruthy();
    expect(screen.getByTestId('limit-stake-trade-value').textContent).toBe('Limit No limit');
    expect(screen.queryByTestId('limit-stake-trade-used')).toBeNull();
    expect(screen.getByTestId('limit-stake-day-used').textContent).toBe('$40.00 of $200.00 staked · $160.00 left');
    expect(screen.getByTestId('limit-loss-week-used').textContent).toBe('$15.00 of $300.00 lost or at stake · $285.00 left');
    expect(screen.getByRole('region', { name: 'Loss in 30 days' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('limit-stake-trade-edit'));
    expect(screen.getByLabelText('New limit for Per trade, USD')).toBe(document.activeElement);
    await userEvent.type(screen.getByTestId('limit-amount'), '25');
    await userEvent.click(screen.getByTestId('limit-save'));
    expect((await screen.findByTestId('limit-stake-trade-saved')).textContent).toBe('Saved: your limit is $25.00 from now on.');
    expect(api.setTradingLimit).toHaveBeenCalledWith({ kind: 'stake', period: 'trade', amount: '25.00' });
    expect(api.setDepositLimit).not.toHaveBeenCalled();
    expect(screen.getByTestId('limit-stake-trade-value').textContent).toBe('Limit $25.00');
  });

  it('stake and loss limits in Russian; a figure the platform did not give is said', async () => {
    const answer = limitsAnswer();
    api.getLimits.mockResolvedValue({ ...answer, trading: answer.trading.map((l) => ({ ...l, used: null })) });
    page('ru');
    expect(await screen.findByRole('region', { name: 'Лимиты убытка' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Убыток за 7 дней' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Ставки за 24 часа' })).toBeTruthy();
    expect(screen.getByTestId('limit-loss-week-used').textContent).toBe('Сейчас нельзя показать, сколько использовано: торговая платформа не ответила. Лимит при этом действует.');
  });

  it('Reality check: the interval picked by keyboard is saved at once, says whose choice it is, and the running check hears of it', async () => {
    reality.setRealityCheck.mockImplementation(async ({ minutes }: { minutes: number }) => realityAnswer({ minutes, chosen: true }));
    const { onIntervalChanged } = await import('../../flows/reality-check/interval-news');
    const heard: number[] = [];
    const stop = onIntervalChanged((check) => void heard.push(check.minutes));
    page();
    const select = (await screen.findByLabelText('Show me how long I have been trading every:')) as HTMLSelectElement;
    expect(select.value).toBe('60');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Off', '15 min', '30 min', '45 min', '60 min', '90 min', '120 min']);
    expect(screen.getByTestId('reality-source').textContent).toBe('This is the default for your country until you choose.');
    expect(screen.getByRole('region', { name: 'Reality check' })).toBeTruthy();
    select.focus();
    await userEvent.selectOptions(select, '15');
    expect((await screen.findByTestId('reality-answer')).textContent).toBe('Saved: every 15 minutes from the start of this session, starting now.');
    expect(reality.setRealityCheck).toHaveBeenCalledWith({ minutes: 15 });
    expect(screen.getByTestId('reality-source').textContent).toBe('This is your choice.');
    expect(document.activeElement).toBe(select);
    expect(heard).toEqual([15]);
    reality.setRealityCheck.mockRejectedValueOnce({ kind: 'network' });
    await userEvent.selectOptions(select, '0');
    expect((await screen.findByTestId('reality-answer')).textContent).toBe('The setting could not be saved. The one in force stays; choose again.');
    expect(select.value).toBe('15');
    stop();
  });

  it('Reality check in Russian', async () => {
    page('ru');
    const select = (await screen.findByLabelText('Показывать, сколько я торгую, каждые:')) as HTMLSelectElement;
    expect(select.options[0]!.textContent).toBe('Выкл.');
    expect(select.options[1]!.textContent).toBe('15 мин');
  });

  it('Session time: a limit picked by keyboard is in force at once with this session’s end; Russian too', async () => {
    api.setSessionLimit.mockResolvedValue({ applied: 'now', limit: { ...SESSION_NONE, minutes: 60, session_ends_at: SESSION_ENDS } });
    const { unmount } = page();
    const select = await screen.findByLabelText('Sign me out after:');
    expect(screen.getByTestId('session-limit-state').textContent).toBe('No session time limit is set.');
    select.focus();
    await userEvent.selectOptions(select, '60');
    expect((await screen.findByTestId('session-limit-answer')).textContent).toBe('Saved: in force now, also for this session.');
    expect(api.setSessionLimit).toHaveBeenCalledWith({ minutes: 60 });
    expect(screen.getByTestId('session-limit-state').textContent).toBe(`In force: 60 minutes per session. This session ends at ${formatDateTime(SESSION_ENDS)}.`);
    expect(document.activeElement).toBe(select);
    unmount();
    api.getSessionLimit.mockResolvedValue({ ...SESSION_NONE, minutes: 60, pending: { minutes: null, from: RAISE_FROM }, session_ends_at: SESSION_ENDS });
    page('ru');
    await screen.findByLabelText('Выводить меня через:');
    expect(screen.getByTestId('session-limit-state').textContent).toBe(`Действует: 60 минут на сеанс. Этот сеанс закончится ${formatDateTime(SESSION_ENDS)}.`);
    expect(screen.getByTestId('session-limit-pending').textContent).toBe(`Будет снято ${formatDateTime(RAISE_FROM)}.`);
  });
});
