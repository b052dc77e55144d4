import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser, usdBalance } from '../../test/fixtures';

const api = vi.hoisted(() => ({
  checkWithdrawal: vi.fn(),
  finalWithdrawal: vi.fn(),
  loadPending: vi.fn(),
  rejectWithdrawal: vi.fn(),
  withdrawalTabOpened: vi.fn(),
}));
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/withdrawal', () => api);
vi.mock('../../api/session', () => session);

const { default: WithdrawalPage } = await import('./WithdrawalPage');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');
const { I18nProvider } = await import('../../i18n');
const { ru } = await import('../../i18n/ru');

const user = testUser({ country: 'RU', balances: usdBalance('10727.00'), available: '10727.00' });
const settings = testSettings();

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user, csrf: 'c' });
  session.getSettings.mockResolvedValue(settings);
  api.loadPending.mockResolvedValue({ hits: [] });
  api.withdrawalTabOpened.mockResolvedValue({});
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});

describe('WithdrawalPage in Russian', () => {
  it('names the payout tabs in Russian, as the deposit tabs do, and the amount placeholder is 0,00', async () => {
    render(
      <I18nProvider lang="ru" dict={ru}>
        <WithdrawalPage />
      </I18nProvider>,
    );
    const tabs = await screen.findAllByRole('tab');
    const names = tabs.map((tab) => tab.textContent);
    expect(names.slice(0, 3)).toEqual(['1 Биткоин', '2 Лайткоин', '3 Эфириум']);
    expect(names).toContain('8 Монеро');
    expect(names.join(' ')).not.toMatch(/Bitcoin(?! Cash)|Litecoin|Ethereum|Monero|Ripple/);
    expect(screen.getByLabelText(/^Сумма/).getAttribute('placeholder')).toBe('0,00');
  });
});

describe('WithdrawalPage: money in open trades', () => {
  it('explains in Russian that part of the balance is in open trades, and keeps what was typed', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    api.checkWithdrawal.mockRejectedValueOnce({ kind: 'http', status: 409, error: 'funds.in_trades', message: 'Part of your balance is in open trades. You can withdraw up to 20.00 USD now, or wait until your trades close.' });
    const { unmount } = render(
      <I18nProvider lang="ru" dict={ru}>
        <WithdrawalPage />
      </I18nProvider>,
    );
    const amount = await screen.findByLabelText(/^Сумма/);
    await userEvent.type(amount, '50');
    await userEvent.type(screen.getByRole('textbox', { name: /адрес|BTC/i }), 'bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq');
    await userEvent.click(screen.getByRole('button', { name: /Запросить вывод|Вывести/ }));
    await screen.findByText('Часть баланса в открытых сделках, её нельзя вывести до их закрытия. Введите меньшую сумму или подождите.');
    expect((screen.getByLabelText(/^Сумма/) as HTMLInputElement).value).toBe('50');
    unmount();
  });
});
