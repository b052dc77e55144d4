import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { assetOf } from '../../machines/crypto-deposit/crypto-deposit.machine';
import { isDecimal, normalizeAmount } from '../../machines/crypto-deposit/decimal';
import type { cryptoDepositMachine } from '../../machines/crypto-deposit/crypto-deposit.machine';
import type { invoicePageMachine } from '../../machines/invoice-page/invoice-page.machine';
import type { invoiceMachine } from '../../machines/invoice/invoice.machine';

type DepositSnapshot = SnapshotFrom<typeof cryptoDepositMachine>;
type PageSnapshot = SnapshotFrom<typeof invoicePageMachine>;
type InvoiceSnapshot = SnapshotFrom<typeof invoiceMachine>;

/** Which funding tab pays with which coin (the URL slug of /api/{coin}/pay). */
export const TAB_COINS = {
  bitcoin: 'btc',
  litecoin: 'ltc',
  eth: 'eth',
  'bitcoin-cash': 'bch',
  dash: 'dash',
  zcash: 'zcash',
  usdt: 'usdt',
  altcoins: 'token',
} as const;
export type CryptoTabId = keyof typeof TAB_COINS;

// --- the tab

export type DepositPhase = 'demo' | 'loading' | 'loadFailed' | 'editing' | 'paying' | 'redirecting';
export const selectDepositPhase = (s: DepositSnapshot): DepositPhase =>
  s.matches('demoBlocked') ? 'demo' : s.matches('loadFailed') ? 'loadFailed' : s.matches('editing') ? 'editing' : s.matches('paying') ? 'paying' : s.matches('redirecting') ? 'redirecting' : 'loading';
export const selectDeposit = (s: DepositSnapshot) => s.context;
export const selectDepositAsset = (s: DepositSnapshot) => assetOf(s.context);
export const selectTokens = (s: DepositSnapshot) => s.context.options?.assets.filter((a) => a.coin === 'token') ?? [];

const SCALE = 18;
const scaled = (value: string, decimals: number): bigint => {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
};
const unscaled = (value: bigint, decimals: number): string => {
  const digits = value.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`;
};

/**
 * What the typed amount is worth on the other side, at the approximate rate (no markup): the
 * coin amount of a fiat amount (rounded up, as the server fixes it) or the fiat value of a
 * coin amount. Null while the amount is not a number. Bigint arithmetic, never floats.
 */
export function selectEstimate(s: DepositSnapshot): { amount: string; currency: string } | null {
  const asset = assetOf(s.context);
  const options = s.context.options;
  const amount = normalizeAmount(s.context.amount);
  if (!asset || !options || !isDecimal(amount) || !isDecimal(asset.price) || scaled(asset.price, 8) === 0n) return null;
  const a = scaled(amount, SCALE);
  const price = scaled(asset.price, 8);
  if (s.context.fixed) {
    return { amount: unscaled((a * price * 100n) / (10n ** BigInt(SCALE) * 10n ** 8n), 2), currency: options.currency };
  }
  const d = BigInt(asset.decimals);
  const num = a * 10n ** d * 10n ** 8n;
  const den = price * 10n ** BigInt(SCALE);
  return { amount: unscaled((num + den - 1n) / den, asset.decimals), currency: asset.symbol };
}

// --- the invoice page

export type PagePhase = 'loading' | 'failed' | 'notFound' | 'ready';
export const selectPagePhase = (s: PageSnapshot): PagePhase =>
  s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : s.matches('notFound') ? 'notFound' : 'loading';
export const selectLoaded = (s: PageSnapshot) => s.context.loaded;
export const selectPageError = (s: PageSnapshot) => s.context.error;
export const selectSandboxBusy = (s: PageSnapshot): boolean => s.matches({ ready: { sandbox: 'sending' } });
export const selectSandboxError = (s: PageSnapshot) => s.context.sandboxError;
export const selectInvoiceActor = (s: PageSnapshot) => s.children.invoice as ActorRefFrom<typeof invoiceMachine> | undefined;

export type InvoicePhase = 'starting' | 'waiting' | 'checking' | 'overdue' | 'paid' | 'expired';
/** starting: the 300 ms before the countdown; checking: a check is on its way; overdue: the countdown ended, the server has not closed it yet */
export const selectInvoicePhase = (s: InvoiceSnapshot): InvoicePhase =>
  s.matches('paid') || s.matches('voucherFinished')
    ? 'paid'
    : s.matches('expired')
      ? 'expired'
      : s.matches({ waiting: 'checking' }) || s.matches('finalCheck')
        ? 'checking'
        : s.matches('overdue')
          ? 'overdue'
          : s.matches('waiting')
            ? 'waiting'
            : 'starting';
export const selectInvoiceContext = (s: InvoiceSnapshot) => s.context;

/** "0.00389106" → "0.00389106"; "0.10000000" → "0.1"; "250.000000" → "250" */
export const trimAmount = (value: string): string => (value.includes('.') ? value.replace(/\.?0+$/, '') : value) || '0';
export const isZero = (value: string): boolean => !/[1-9]/.test(value);
