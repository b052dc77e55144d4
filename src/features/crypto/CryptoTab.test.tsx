import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CryptoOptionsRecord } from '../../../machines/crypto-deposit/crypto-deposit.types';

const api = vi.hoisted(() => ({
  getCryptoOptions: vi.fn(),
  payCrypto: vi.fn(),
}));
vi.mock('../../api/crypto', () => api);

const { default: CryptoTab } = await import('./CryptoTab');
const { sessionActor } = await import('../../flows/shell/app.flow');

const options: CryptoOptionsRecord & { ratesAt: string } = {
  currency: 'USD',
  minDeposit: '250',
  rateSource: 'sandbox',
  ratesAt: '2026-01-01T00:00:00.000Z',
  altcoinDefault: '1.5',
  sandbox: true,
  assets: [
    { coin: 'btc', symbol: 'BTC', name: 'Bitcoin', decimals: 8, price: '64250.00000000', available: true },
    { coin: 'token', symbol: 'USDC', name: 'USD Coin (ERC-20)', decimals: 6, price: '1.00000000', available: true },
    { coin: 'token', symbol: 'LINK', name: 'Chainlink (ERC-20)', decimals: 8, price: '14.20000000', available: true },
  ],
};

beforeEach(() => {
  api.getCryptoOptions.mockReset().mockResolvedValue(options);
  api.payCrypto.mockReset();
  window.location.hash = '';
});

describe('CryptoTab (bitcoin)', () => {
  it('starts at the minimum deposit, shows the approximate coin amount and the labelled sandbox rate', async () => {
    render(<CryptoTab tab="bitcoin" />);
    const amount = await screen.findByLabelText('Amount in USD');
    expect((amount as HTMLInputElement).value).toBe('250');
    expect(screen.getByTestId('crypto-estimate').textContent).toBe('≈ 0.00389\u00a0BTC');
    expect(screen.getByText(/1 BTC ≈ \$64,250\.00, no markup/)).toBeTruthy();
    expect(screen.getByText('Sandbox rate, simulated.')).toBeTruthy();
    expect(screen.getByText('Minimum deposit: $250.00')).toBeTruthy();
  });

  it("refuses an amount below the minimum with the spec's message, keeping what was typed", async () => {
    render(<CryptoTab tab="bitcoin" />);
    const amount = await screen.findByLabelText('Amount in USD');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Create BTC invoice' }));
    expect(screen.getByRole('alert').textContent).toBe('Wrong amount! Min deposit 250');
    expect((amount as HTMLInputElement).value).toBe('100');
    expect(api.payCrypto).not.toHaveBeenCalled();
  });

  it("in the coin (fixed mode) a non-positive amount is 'Wrong amount!'", async () => {
    render(<CryptoTab tab="bitcoin" />);
    await screen.findByLabelText('Amount in USD');
    await userEvent.click(screen.getByRole('radio', { name: 'BTC' }));
    const amount = screen.getByLabelText('Amount in BTC');
    expect((amount as HTMLInputElement).value).toBe('1.5');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create BTC invoice' }));
    expect(screen.getByRole('alert').textContent).toBe('Wrong amount!');
  });

  it("pays, then opens the invoice page; a failure says 'some errors, try latter.'", async () => {
    api.payCrypto.mockRejectedValueOnce({ kind: 'network' }).mockResolvedValueOnce({ return: true, guid: 'g-42', url: '/api/btc/invoice/g-42' });
    render(<CryptoTab tab="bitcoin" />);
    await screen.findByLabelText('Amount in USD');
    await userEvent.click(screen.getByRole('button', { name: 'Create BTC invoice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('some errors, try latter.');
    await userEvent.click(screen.getByRole('button', { name: 'Create BTC invoice' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/show/invoice/btc/g-42'));
    expect(api.payCrypto).toHaveBeenLastCalledWith('btc', { amount: '250', fixed: false, bonus: false, currency: 'USD', is_erc20: false });
  });
});

describe('CryptoTab during a break (issue 30 §3)', () => {
  it('says a deposit is refused until the end, written for the trader', async () => {
    const { registerMessages } = await import('../../i18n');
    const { messages } = await import('../funding/limits/messages');
    const { formatDateTime } = await import('../../flows/shared/dates');
    registerMessages(messages);
    const until = '2026-12-02T10:00:00.000Z';
    api.payCrypto.mockRejectedValueOnce({ kind: 'http', status: 403, error: 'deposit.excluded', message: `Deposits are paused until ${until}.`, params: { until, kind: 'timeout' } });
    render(<CryptoTab tab="bitcoin" />);
    await screen.findByLabelText('Amount in USD');
    await userEvent.click(screen.getByRole('button', { name: 'Create BTC invoice' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`You chose to stop trading until ${formatDateTime(until)}: no deposit can be made before then.`);
  });
});

describe('CryptoTab switching coin', () => {
  it('a new coin gets its own deposit: title, button and the invoice all follow the selected tab', async () => {
    const withCoins: typeof options = {
      ...options,
      assets: [
        ...options.assets,
        { coin: 'ltc', symbol: 'LTC', name: 'Litecoin', decimals: 8, price: '70.00000000', available: true },
        { coin: 'eth', symbol: 'ETH', name: 'Ethereum', decimals: 18, price: '3000.00000000', available: true },
        { coin: 'usdt', symbol: 'USDT', name: 'Tether (USDT)', decimals: 6, price: '1.00000000', available: true },
        { coin: 'dash', symbol: 'DASH', name: 'Dash', decimals: 8, price: '30.00000000', available: true },
      ],
    };
    api.getCryptoOptions.mockResolvedValue(withCoins);
    api.payCrypto.mockResolvedValue({ return: true, guid: 'g-9', url: '/api/eth/invoice/g-9' });
    const view = render(<CryptoTab tab="litecoin" />);
    expect(await screen.findByRole('heading', { name: 'Deposit with Litecoin' })).toBeTruthy();
    view.rerender(<CryptoTab tab="eth" />);
    expect(await screen.findByRole('heading', { name: 'Deposit with Ethereum' })).toBeTruthy();
    expect(screen.queryByText(/Litecoin/)).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Create ETH invoice' }));
    await vi.waitFor(() => expect(api.payCrypto).toHaveBeenCalledTimes(1));
    expect(api.payCrypto.mock.calls[0][0]).toBe('eth');
    view.rerender(<CryptoTab tab="usdt" />);
    await screen.findByRole('button', { name: 'Create USDT invoice' });
    view.rerender(<CryptoTab tab="dash" />);
    expect(await screen.findByRole('button', { name: 'Create DASH invoice' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create USDT invoice' })).toBeNull();
  });
});

describe('CryptoTab (altcoins)', () => {
  it('takes 1.5 of the chosen ERC-20 token by default and sends is_erc20 and token', async () => {
    api.payCrypto.mockResolvedValue({ return: true, guid: 'g-7', url: '/api/token/invoice/g-7' });
    render(<CryptoTab tab="altcoins" />);
    const amount = await screen.findByLabelText('Amount in USDC');
    expect((amount as HTMLInputElement).value).toBe('1.5');
    await userEvent.selectOptions(screen.getByLabelText('Token (ERC-20 on Ethereum)'), 'LINK');
    expect(screen.getByTestId('crypto-estimate').textContent).toBe('≈ $21.30');
    await userEvent.click(screen.getByRole('button', { name: 'Create LINK invoice' }));
    await vi.waitFor(() => expect(api.payCrypto).toHaveBeenCalledWith('token', { amount: '1.5', fixed: true, bonus: false, is_erc20: true, token: 'LINK' }));
  });
});

describe('CryptoTab (demo account)', () => {
  it('shows the demo block and never loads or pays', async () => {
    const snapshot = sessionActor.getSnapshot();
    vi.spyOn(sessionActor, 'getSnapshot').mockReturnValue({ ...snapshot, context: { ...snapshot.context, user: { isDemo: true } } } as unknown as typeof snapshot);
    render(<CryptoTab tab="eth" />);
    expect(screen.getByRole('alert').textContent).toContain('DEMO account');
    expect(api.getCryptoOptions).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
