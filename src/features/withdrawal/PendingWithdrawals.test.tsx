import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  checkWithdrawal: vi.fn(),
  finalWithdrawal: vi.fn(),
  loadPending: vi.fn(),
  rejectWithdrawal: vi.fn(),
  withdrawalTabOpened: vi.fn(),
}));
vi.mock('../../api/withdrawal', () => api);

const { PendingWithdrawals } = await import('./PendingWithdrawals');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');
const { messages } = await import('./messages');
const { registerMessages } = await import('../../i18n');
registerMessages(messages);

/** requested on 24 November 2026 at 14:05 local time, as the server sends it (ISO) */
const requested = new Date(2026, 10, 24, 14, 5, 33).toISOString();
api.loadPending.mockResolvedValue({ hits: [{ transactionId: 'w-1', amount: '70.00', currency: 'USD', method: 'Bitcoin', wallet: 'bc1q…7x', createdAt: requested }] });

describe('PendingWithdrawals dates', () => {
  it.each([
    ['en', en, 'Requested 24.11.2026 14:05'],
    ['ru', ru, 'Запрошен 24.11.2026 14:05'],
  ] as const)('%s: DD.MM.YYYY HH:mm as everywhere else', async (lang, dict, text) => {
    render(
      <I18nProvider lang={lang} dict={dict}>
        <PendingWithdrawals />
      </I18nProvider>,
    );
    expect((await screen.findByTestId('pending-withdrawal')).textContent).toContain(text);
  });
});
