import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSettings, testUser } from '../../test/fixtures';

const card = vi.hoisted(() => ({
  getFundingOptions: vi.fn(),
  saveCard: vi.fn(),
  fraudCheck: vi.fn(),
  startProcessor: vi.fn(),
  listenCard: vi.fn(),
  entroCvv: vi.fn(),
  entroReject: vi.fn(),
  checkPromo: vi.fn(),
  sandboxCardNext: vi.fn(),
}));
const session = vi.hoisted(() => ({ getMe: vi.fn(), getSettings: vi.fn(), logout: vi.fn() }));
vi.mock('../../api/card', () => card);
vi.mock('../../api/session', () => session);

const { default: FundingPage } = await import('./FundingPage');
const { ModalHost } = await import('../shell/ModalHost');
const { I18nProvider } = await import('../../i18n');
const { ru } = await import('../../i18n/ru');
const { sessionActor, startAppActors } = await import('../../flows/shell/app.flow');

const user = testUser({ country: 'MT', cascade: 'ORANGE,MEIKO' });
const settings = testSettings();
const options = {
  currency: 'USD', minDeposit: '250', maxDeposit: '50000', fixedAmount: null, geo: 'MT', cardsToday: 0, dailyLimit: 3, sandbox: true,
  tiers: [{ name: 'bronze', from: '0', percent: '1.2', value: '20' }, { name: 'silver', from: '1000', percent: '1.5', value: '50' }, { name: 'gold', from: '3000', percent: '2', value: '100' }],
  maxBonusPercent: '3.5', maxBonusValue: '200', bonusTurnover: '30',
};
const PAYMENT = '11111111-2222-3333-4444-555555555555';

beforeAll(async () => {
  session.getMe.mockResolvedValue({ user, csrf: 'c' });
  session.getSettings.mockResolvedValue(settings);
  startAppActors();
  await waitFor(() => expect(sessionActor.getSnapshot().matches('signedIn')).toBe(true));
});

beforeEach(() => {
  sessionStorage.clear();
  for (const f of Object.values(card)) f.mockReset();
  card.getFundingOptions.mockResolvedValue(options);
  card.saveCard.mockResolvedValue({ card: 'tok-1', first6: '400000', last4: '0010', brand: 'visa', expiry: '12/2030', sandbox: true });
  card.fraudCheck.mockResolvedValue({ payment: PAYMENT });
});

async function fill(number: string) {
  await userEvent.type(await screen.findByLabelText('Name on the card', undefined, { timeout: 15_000 }), 'Jean Dupont');
  await userEvent.type(screen.getByLabelText(/^Card number/), number);
  await userEvent.selectOptions(screen.getByLabelText('Expiry month'), '12');
  await userEvent.selectOptions(screen.getByLabelText('Expiry year'), String(new Date().getFullYear() + 1));
  await userEvent.type(screen.getByLabelText('CVV'), '123');
}

// the lazy card tab loads through the transform on first use: slow on a busy machine
describe('FundingPage and the card tab', { timeout: 30_000 }, () => {
  it('shows the tabs, the card tab first, the slider steps and the tier of the amount', async () => {
    render(<FundingPage />);
    expect((await screen.findByRole('tab', { name: 'Card' })).getAttribute('aria-selected')).toBe('true');
    // the sandbox facts on screen in plain words, never a pointer to the repository's docs
    const sandbox = screen.getByRole('note');
    expect(sandbox.textContent).toMatch(/^Sandbox: .*no real money moves\. Test cards .*4000 0000 0000 0010 is approved/);
    expect(sandbox.textContent).not.toMatch(/docs\/|\.md\b/);
    const steps = await screen.findByRole('group', { name: 'Quick amounts' });
    expect([...steps.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['250', '1000', '3000', '10000']);
    await userEvent.click(screen.getByRole('button', { name: '1000' }));
    expect(screen.getByText('Silver tier: 1.5% + $50.00 = bonus $65.00')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Deposit $1,000.00' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('says the daily card limit before a card is typed, from what the server reported', async () => {
    card.getFundingOptions.mockResolvedValue({ ...options, cardsToday: 1 });
    const { unmount } = render(<FundingPage />);
    expect((await screen.findByTestId('card-limit', undefined, { timeout: 15_000 })).textContent).toBe('2 of 3 card payments left today (the day counts in UTC).');
    expect((screen.getByLabelText(/^Card number/) as HTMLInputElement).value).toBe('');
    unmount();
    card.getFundingOptions.mockResolvedValue({ ...options, cardsToday: 3 });
    render(<FundingPage />);
    await waitFor(() => expect(screen.getByTestId('card-limit').textContent).toMatch(/^All 3 card payments of today are used; cards open again at 00:00 UTC/), { timeout: 15_000 });
  });

  it('refuses an American Express card with the spec message and calls nothing', async () => {
    render(<FundingPage />);
    await fill('378282246310005');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit $250.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid card type.');
    expect(card.saveCard).not.toHaveBeenCalled();
  });

  it('saves the card, tries the stack in order, and never stores the number', async () => {
    card.startProcessor
      .mockResolvedValueOnce({ proc: 'ORANGE', status: 'failed', message: 'Issuer unavailable' })
      .mockResolvedValueOnce({ proc: 'MEIKO', return: true, status: 1 });
    render(<FundingPage />);
    await fill('4000 0000 0000 0010');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit $250.00' }));
    await screen.findByRole('heading', { name: 'Deposit successful' }, { timeout: 5_000 });
    expect(card.saveCard.mock.calls[0][0]).toMatchObject({ cnu: '4000000000000010', emm: '12', fn: 'Jean', ln: 'Dupont', cu: 'MT', card_type: 'all' });
    expect(card.fraudCheck.mock.calls[0][0]).toMatchObject({ amount: '250', card: 'tok-1', fixed: false, bonus: false });
    expect(card.startProcessor.mock.calls.map((c) => c[0])).toEqual(['ORANGE', 'MEIKO']);
    const stored = JSON.stringify({ ...sessionStorage });
    expect(JSON.parse(sessionStorage.getItem('funding.cascade') ?? '{}').run.tried).toEqual(['ORANGE']);
    expect(stored).not.toContain('4000000000000010');
    // the CVV: no stored value is it, no stored field is named after it (a random key may hold the digits 123)
    const values: string[] = [];
    for (const [name, raw] of Object.entries({ ...sessionStorage })) {
      values.push(name);
      JSON.parse(String(raw), (key, value: unknown) => {
        values.push(key, typeof value === 'string' ? value : String(value));
        return value;
      });
    }
    expect(values).toContain('ORANGE');
    expect(values.filter((v) => v === '123' || /cvv|cvc/i.test(v))).toEqual([]);
  });

  it('a network failure on a start says so and retries the same processor with the same payment', async () => {
    card.startProcessor.mockRejectedValueOnce({ kind: 'network' }).mockResolvedValueOnce({ proc: 'ORANGE', status: 'successful' });
    render(<FundingPage />);
    await fill('4000 0000 0000 0010');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit $250.00' }));
    expect(await screen.findByText('Response error, try again')).toBeTruthy();
    // the sent form's focus went to the payment's status, not to <body>
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Payment status' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Deposit successful' }, { timeout: 5_000 });
    expect(card.startProcessor.mock.calls.map((c) => [c[0], c[1].id])).toEqual([['ORANGE', PAYMENT], ['ORANGE', PAYMENT]]);
    expect(card.fraudCheck).toHaveBeenCalledTimes(1);
  });

  it('the expiry starts unchosen (MM / YYYY), never at a past month, and is required', async () => {
    render(<FundingPage />);
    const month = (await screen.findByLabelText('Expiry month', undefined, { timeout: 15_000 })) as HTMLSelectElement;
    const year = screen.getByLabelText('Expiry year') as HTMLSelectElement;
    expect(month.value).toBe('');
    expect(year.value).toBe('');
    expect(month.selectedOptions[0].textContent).toBe('MM');
    expect(year.selectedOptions[0].textContent).toBe('YYYY');
    await userEvent.type(screen.getByLabelText('Name on the card'), 'Jean Dupont');
    await userEvent.type(screen.getByLabelText(/^Card number/), '4000 0000 0000 0010');
    await userEvent.type(screen.getByLabelText('CVV'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit $250.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill the required fields');
    expect(month.getAttribute('aria-invalid')).toBe('true');
    expect(card.saveCard).not.toHaveBeenCalled();
  });

  it('an approved deposit says so once: the inline panel, no modal on top of it', async () => {
    card.startProcessor.mockResolvedValueOnce({ proc: 'ORANGE', status: 'successful' });
    render(<><FundingPage /><ModalHost /></>);
    await fill('4000 0000 0000 0010');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit $250.00' }));
    await screen.findByRole('heading', { name: 'Deposit successful' }, { timeout: 5_000 });
    expect(screen.getAllByText('Deposit successful')).toHaveLength(1);
    expect(screen.getByText('$250.00 was added to your balance.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // the focus is on the result, not lost with the form that was replaced
    expect(document.activeElement?.closest('.card-done')).not.toBeNull();
  });

  it('in Russian every amount of the bonus lines has the Russian format (decimal comma, grouped thousands)', async () => {
    render(<I18nProvider lang="ru" dict={ru}><FundingPage /></I18nProvider>);
    await userEvent.click(await screen.findByRole('button', { name: '10000' }, { timeout: 15_000 }));
    // written by core/format: a no-break space groups the thousands and comes before the symbol
    expect(document.querySelector('.fund-tier')?.textContent).toBe('Уровень Золото: 2% + 100,00\u00a0$ = бонус 200,00\u00a0$');
    // the cap sentence and its example, computed by the rule: 10 000 in gold counts 300,00 and is paid 200,00
    expect(screen.getByTestId('bonus-cap').textContent).toBe(
      'Как считается бонус: процент уровня от суммы пополнения (вместе с промокодом — не более 3,5%) плюс фиксированная сумма уровня; весь бонус — не более 200,00\u00a0$. Например, для 10\u00a0000,00\u00a0$ получается 300,00\u00a0$, поэтому выплачивается максимум — 200,00\u00a0$.',
    );
    expect(document.getElementById('fund-amount-hint')?.textContent).toBe('Минимум 250,00\u00a0$');
    // Deposit names the amount as the trader reads it (core/format), and so does the result
    expect((await screen.findByRole('button', { name: /^Пополнить на/ }, { timeout: 15_000 })).textContent).toBe('Пополнить на 10\u00a0000,00\u00a0$');
  });
});
