import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CashierLocks as Locks } from '../../../core/contract/cashier-locks';

// the server is replaced by answers of its contract (the browser test reads the real one)
const api = vi.hoisted(() => ({ getCashierLocks: vi.fn() }));
vi.mock('../../api/cashier-locks', () => api);

const { CashierLocks } = await import('./CashierLocks');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { formatDateTime } = await import('../../flows/shared/dates');

const none: Locks = { deposit: [], withdrawal: [], trading: [] };
afterEach(() => cleanup());

const show = (action: 'deposit' | 'withdrawal' | 'trading', lang: 'en' | 'ru' = 'en') =>
  render(
    <I18nProvider lang={lang} dict={lang === 'ru' ? ru : en}>
      <CashierLocks action={action} />
    </I18nProvider>,
  );

describe('CashierLocks (issue 30 §4)', () => {
  it('each lock of the action with its message and its next step, from core’s table', async () => {
    api.getCashierLocks.mockResolvedValue({ ...none, withdrawal: [{ reason: 'demo_account', params: {} }, { reason: 'not_verified', params: {} }] });
    show('withdrawal');
    await screen.findByTestId('cashier-locks');
    expect(screen.getByTestId('lock-demo_account').textContent).toContain('This is a demo account');
    expect(screen.getByTestId('lock-next-demo_account').getAttribute('href')).toBe('#/show/accounts');
    expect(screen.getByTestId('lock-not_verified').textContent).toContain('Withdrawals are paid to verified accounts only.');
    expect(screen.getByTestId('lock-next-not_verified').getAttribute('href')).toBe('#/show/personal');
    expect(screen.getByRole('link', { name: 'Go to verification' })).toBeTruthy();
    // verified meanwhile in another tab: Check again reads again, and nothing is left to show
    api.getCashierLocks.mockResolvedValue(none);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.queryByTestId('cashier-locks')).toBeNull());
  });

  it('a refund or chargeback under negative balance protection review (issue 32 §3): why withdrawals wait, and support as the next step, in Russian too', async () => {
    api.getCashierLocks.mockResolvedValue({ ...none, withdrawal: [{ reason: 'protection_review', params: {} }] });
    show('withdrawal', 'ru');
    const item = await screen.findByTestId('lock-protection_review');
    expect(item.textContent).toContain('Вывод средств приостановлен на время проверки');
    expect(item.textContent).toContain('разницу покрыли мы, и вы нам ничего не должны');
    expect(screen.getByTestId('lock-next-protection_review').getAttribute('href')).toBe('#/show/support');
    expect(screen.getByRole('link', { name: 'Написать в поддержку' })).toBeTruthy();
  });

  it('a used-up deposit limit says how much, of what, and from when (amounts and time written for the trader), in Russian too', async () => {
    const limit = { reason: 'deposit_limit', params: { period: 'week', limit: '1000.00', used: '1000.00', currency: 'USD', resets: '2026-12-03T14:00:00.000Z' } };
    api.getCashierLocks.mockResolvedValue({ ...none, deposit: [limit] });
    show('deposit');
    const item = await screen.findByTestId('lock-deposit_limit');
    expect(item.textContent).toMatch(/You have deposited \$1,000\.00 of your 7-day limit of \$1,000\.00\. You can deposit again from \d\d\.\d\d\.2026 \d\d:\d\d\./);
    expect(screen.getByTestId('lock-next-deposit_limit').getAttribute('href')).toBe('#/show/limits');
    cleanup();
    // only a raise frees it (the amount alone is over the limit): no date
    api.getCashierLocks.mockResolvedValue({ ...none, deposit: [{ ...limit, params: { ...limit.params, period: 'day', resets: '' } }] });
    show('deposit', 'ru');
    const ru = await screen.findByTestId('lock-deposit_limit');
    expect(ru.textContent).toMatch(/Вы пополнили 1\s000,00\s\$ из вашего лимита на 24 часа 1\s000,00\s\$\.Мои лимиты$/);
  });

  it('a used-up stake or loss limit on the trading page says which, how much and of what', async () => {
    api.getCashierLocks.mockResolvedValue({ ...none, trading: [{ reason: 'trading_limit', params: { limit_id: 'loss_week', limit: '50.00', used: '62.50', currency: 'USD' } }] });
    render(
      <I18nProvider lang="en" dict={en}>
        <CashierLocks action="trading" />
      </I18nProvider>,
    );
    const item = await screen.findByTestId('lock-trading_limit');
    expect(item.textContent).toContain('Your net loss in the last 7 days, with the stakes of open trades, is $62.50: your limit is $50.00.');
    expect(screen.getByTestId('lock-next-trading_limit').getAttribute('href')).toBe('#/show/limits');
  });

  it('the appropriateness questionnaire on the trading page: before it, in its cool-down with the date (Russian), after it; its button goes to the questions', async () => {
    api.getCashierLocks.mockResolvedValue({ ...none, trading: [{ reason: 'appropriateness', params: { state: 'required', ready: 'true' } }] });
    render(
      <I18nProvider lang="en" dict={en}>
        <CashierLocks action="trading" />
      </I18nProvider>,
    );
    const item = await screen.findByTestId('lock-appropriateness');
    expect(item.textContent).toContain('A few questions before your first trade');
    expect(item.textContent).toContain('Before you trade with real money, answer a few short questions');
    const next = screen.getByTestId('lock-next-appropriateness');
    expect([next.getAttribute('href'), next.textContent]).toEqual(['#/show/appropriateness', 'Go to the questions']);
    cleanup();
    api.getCashierLocks.mockResolvedValue({ ...none, trading: [{ reason: 'appropriateness', params: { state: 'failed', retryAt: '2026-12-02T10:00:00.000Z', ready: 'false' } }] });
    show('trading', 'ru');
    expect((await screen.findByTestId('lock-appropriateness')).textContent).toContain(`С ${formatDateTime('2026-12-02T10:00:00.000Z')} можно пройти тест снова или принять риск.`);
    cleanup();
    api.getCashierLocks.mockResolvedValue({ ...none, trading: [{ reason: 'appropriateness', params: { state: 'failed', retryAt: '2026-12-02T10:00:00.000Z', ready: 'true' } }] });
    show('trading');
    expect((await screen.findByTestId('lock-appropriateness')).textContent).toContain('You can now try again or accept the risk.');
  });

  it('nothing when nothing locks it; a failed read says so quietly, and Check again reads again', async () => {
    api.getCashierLocks.mockResolvedValueOnce(none);
    const { container } = show('deposit');
    await waitFor(() => expect(api.getCashierLocks).toHaveBeenCalled());
    expect(container.textContent).toBe('');
    cleanup();
    api.getCashierLocks.mockReset().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ ...none, deposit: [{ reason: 'excluded', params: { until: '2026-12-07T12:00:00.000Z', kind: 'timeout' } }] });
    show('deposit');
    const failed = await screen.findByTestId('locks-failed');
    expect(failed.textContent).toContain('We could not check whether anything stops this now.');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    const paused = await screen.findByTestId('lock-excluded');
    // in the page's own time zone, as the page writes it (07.12 in UTC, 08.12 at UTC+14)
    expect(paused.textContent).toContain(`Deposits and trading are paused until ${formatDateTime('2026-12-07T12:00:00.000Z')}.`);
    expect(screen.queryByTestId('lock-next-excluded')).toBeNull();
  });
});
