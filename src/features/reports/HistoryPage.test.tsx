import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../flows/reports/reports.flow';

const api = vi.hoisted(() => ({ loadHistory: vi.fn(), loadReports: vi.fn(), postPlatformBalance: vi.fn() }));
vi.mock('../../api/trading-history', () => api);

const { default: HistoryPage } = await import('./HistoryPage');
const { I18nProvider } = await import('../../i18n');
const { en } = await import('../../i18n/en');
const { ru } = await import('../../i18n/ru');

const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).getTime();
const row = (over: Partial<HistoryEntry> & Pick<HistoryEntry, 'id' | 'type' | 'amount' | 'createdAt'>): HistoryEntry => ({
  status: 'completed',
  balanceAfter: null,
  currency: 'USD',
  tradeId: null,
  note: '',
  source: 'ledger',
  ...over,
});

/** what POST /api/us/history answers for a trader with every kind of movement */
const hits: HistoryEntry[] = [
  row({ id: 'p-3', type: 'payout', amount: '18.20', balanceAfter: '1008.20', createdAt: at(24, 14, 7), source: 'platform', note: 'EURUSD up', detail: 'EURUSD', direction: 'up', tradeId: 't1' }),
  row({ id: 'p-2', type: 'trade', amount: '-10.00', balanceAfter: '990.00', createdAt: at(24, 14, 5), source: 'platform', note: 'EURUSD down', detail: 'EURUSD', direction: 'down', tradeId: 't1' }),
  row({ id: 'ledger-9', type: 'tip', amount: '-5.00', createdAt: at(24, 13, 0), detail: 'Anna' }),
  row({ id: 'ledger-8', type: 'withdrawal_return', amount: '50.00', createdAt: at(24, 12, 30), method: 'Bitcoin', outcome: 'cancelled' }),
  row({ id: 'ledger-7', type: 'withdrawal', status: 'cancelled', amount: '-50.00', createdAt: at(24, 12, 0), method: 'Bitcoin', outcome: 'cancelled' }),
  row({ id: 'ledger-6', type: 'withdrawal', status: 'pending', amount: '-70.00', createdAt: at(24, 11, 0), method: 'Bank Wire', outcome: 'pending' }),
  row({ id: 'ledger-5', type: 'deposit', amount: '300.00', createdAt: at(23, 10, 0), method: 'crypto', detail: 'Bitcoin' }),
  row({ id: 'ledger-4', type: 'deposit', amount: '1250.00', createdAt: at(22, 9, 5), method: 'card', detail: 'VLOAD' }),
];

/** the table's rows as the trader reads them: every cell's text */
async function rows(lang: 'en' | 'ru') {
  render(
    <I18nProvider lang={lang} dict={lang === 'ru' ? ru : en}>
      <HistoryPage />
    </I18nProvider>,
  );
  const table = await screen.findByTestId('history-table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent));
}

beforeEach(() => {
  api.loadHistory.mockReset();
  api.loadHistory.mockResolvedValue({ hits, total: hits.length });
});

describe('HistoryPage rows', () => {
  it('says in English what each movement was, with its date, signed amount and details', async () => {
    const table = await rows('en');
    expect(table).toEqual([
      ['24.11.2026 14:07', 'Payout', 'Completed', '+$18.20', '$1,008.20', 'EURUSD · Up'],
      ['24.11.2026 14:05', 'Stake', 'Completed', '-$10.00', '$990.00', 'EURUSD · Down'],
      ['24.11.2026 13:00', 'Tip to the host', 'Completed', '-$5.00', '—', 'Host: Anna'],
      ['24.11.2026 12:30', 'Withdrawal returned · cancelled', 'Completed', '+$50.00', '—', 'Bitcoin'],
      ['24.11.2026 12:00', 'Withdrawal · cancelled', 'Cancelled', '-$50.00', '—', 'Bitcoin'],
      ['24.11.2026 11:00', 'Withdrawal · pending', 'Pending', '-$70.00', '—', 'Bank wire'],
      ['23.11.2026 10:00', 'Deposit in crypto (Bitcoin)', 'Completed', '+$300.00', '—', '—'],
      ['22.11.2026 09:05', 'Deposit by card (VLOAD)', 'Completed', '+$1,250.00', '—', '—'],
    ]);
    // the net of the page, exactly
    expect(screen.getByText('Net +$1,483.20')).toBeTruthy();
    // the type filter offers every kind of movement
    const types = within(screen.getByLabelText('Type')).getAllByRole('option').map((o) => o.textContent);
    expect(types).toEqual(['All types', 'Deposit', 'Withdrawal', 'Tip', 'Bonus', 'Prize', 'Transfer', 'Stake', 'Payout', 'Refund']);
  });

  it('says it in Russian, the trade direction and the payout method included', async () => {
    const table = await rows('ru');
    expect(table).toEqual([
      ['24.11.2026 14:07', 'Выплата', 'Выполнено', '+18,20\u00a0$', '1\u00a0008,20\u00a0$', 'EURUSD · Вверх'],
      ['24.11.2026 14:05', 'Ставка', 'Выполнено', '-10,00\u00a0$', '990,00\u00a0$', 'EURUSD · Вниз'],
      ['24.11.2026 13:00', 'Чаевые ведущему', 'Выполнено', '-5,00\u00a0$', '—', 'Ведущий: Anna'],
      ['24.11.2026 12:30', 'Возврат вывода · отменён', 'Выполнено', '+50,00\u00a0$', '—', 'Bitcoin'],
      ['24.11.2026 12:00', 'Вывод · отменён', 'Отменено', '-50,00\u00a0$', '—', 'Bitcoin'],
      ['24.11.2026 11:00', 'Вывод · в обработке', 'В обработке', '-70,00\u00a0$', '—', 'Банковский перевод'],
      ['23.11.2026 10:00', 'Пополнение криптовалютой (Bitcoin)', 'Выполнено', '+300,00\u00a0$', '—', '—'],
      ['22.11.2026 09:05', 'Пополнение картой (VLOAD)', 'Выполнено', '+1\u00a0250,00\u00a0$', '—', '—'],
    ]);
    expect(table.flat().join(' ')).not.toMatch(/\b(up|down|Deposit|Withdrawal|Stake|Payout)\b/);
  });

  it('translates the platform note of an older answer without the new fields', async () => {
    api.loadHistory.mockResolvedValue({
      hits: [{ id: '1', type: 'trade', status: 'completed', amount: '-10.00', balanceAfter: '90.00', currency: 'USD', tradeId: 't', note: 'EURUSD up', createdAt: at(24, 9, 0) }],
      total: 1,
    });
    const table = await rows('ru');
    expect(table).toEqual([['24.11.2026 09:00', 'Ставка', 'Выполнено', '-10,00\u00a0$', '90,00\u00a0$', 'EURUSD · Вверх']]);
  });

  it('offers "Ask about this payment" on card payments, crypto invoices and withdrawals that name their object', async () => {
    api.loadHistory.mockResolvedValue({
      hits: [
        row({ id: 'ledger-4', type: 'deposit', amount: '1250.00', createdAt: at(22, 9, 5), method: 'card', detail: 'VLOAD', ref: { kind: 'payment', id: 'pay-1' } }),
        row({ id: 'ledger-5', type: 'deposit', amount: '300.00', createdAt: at(23, 10, 0), method: 'crypto', detail: 'Bitcoin', ref: { kind: 'invoice', id: 'guid-1' } }),
        row({ id: 'ledger-6', type: 'withdrawal', status: 'pending', amount: '-70.00', createdAt: at(24, 11, 0), method: 'Bank Wire', outcome: 'pending', ref: { kind: 'withdrawal', id: 'w-1' } }),
        row({ id: 'ledger-9', type: 'tip', amount: '-5.00', createdAt: at(24, 13, 0), detail: 'Anna' }),
      ],
      total: 4,
    });
    await rows('en');
    expect(screen.getAllByTestId('support-ask').map((a) => [a.getAttribute('data-about'), a.textContent])).toEqual([
      ['withdrawal:w-1', 'Ask about this withdrawal'],
      ['invoice:guid-1', 'Ask about this payment'],
      ['payment:pay-1', 'Ask about this payment'],
    ]);
  });
});
