import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { assetOf } from '../../../machines/crypto-deposit/crypto-deposit.machine';
import { fromUnits, isDecimal, normalizeDecimal as normalizeAmount, toUnits, trimDecimal } from '../../../core/decimal';
import type { cryptoDepositMachine } from '../../../machines/crypto-deposit/crypto-deposit.machine';
import type { invoicePageMachine } from '../../../machines/invoice-page/invoice-page.machine';
import type { invoiceMachine } from '../../../machines/invoice/invoice.machine';

type DepositSnapshot = SnapshotFrom<typeof cryptoDepositMachine>;
type PageSnapshot = SnapshotFrom<typeof invoicePageMachine>;

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

export const selectTokens = (s: DepositSnapshot) => s.context.options?.assets.filter((a) => a.coin === 'token') ?? [];

const SCALE = 18;
const AMOUNT = { whole: 12, decimals: 18 };
const scaled = toUnits;
const unscaled = (value: bigint, decimals: number): string => trimDecimal(fromUnits(value, decimals));

/**
 * What the typed amount is worth on the other side, at the approximate rate (no markup): the
 * coin amount of a fiat amount (rounded up, as the server fixes it) or the fiat value of a
 * coin amount. Null while the amount is not a number. Bigint arithmetic, never floats.
 */
export function selectEstimate(s: DepositSnapshot): { amount: string; currency: string } | null {
  const asset = assetOf(s.context);
  const options = s.context.options;
  const amount = normalizeAmount(s.context.amount);
  if (!asset || !options || !isDecimal(amount, AMOUNT) || !isDecimal(asset.price, AMOUNT) || scaled(asset.price, 8) === 0n) return null;
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

// --- the invoice page (read through connectInvoice, crypto-connect.ts)

/** the invoice child, typed by the page machine's `types.children` */
export const selectInvoiceActor = (s: PageSnapshot): ActorRefFrom<typeof invoiceMachine> | undefined => s.children.invoice;

/** "0.00389106" → "0.00389106"; "0.10000000" → "0.1"; "250.000000" → "250" */
export const trimAmount = (value: string): string => (isDecimal(value, { signed: true }) ? trimDecimal(value) : value || '0');
export const isZero = (value: string): boolean => !/[1-9]/.test(value);
