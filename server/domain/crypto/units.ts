/**
 * Decimal strings ⇄ integer minor units for any number of decimals (coins and tokens have
 * their own; server/domain/money.ts covers the account currencies). Never a float.
 */

const DECIMAL = /^(\d{1,30})(?:\.(\d+))?$/;

export class InvalidUnits extends Error {
  constructor(
    /** translation key: amount.invalid or amount.too_precise */
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidUnits';
  }
}

/** "0.0015" with 8 decimals → 150000n. Non-negative decimals only; more decimals than allowed are refused. */
export function parseUnits(value: string, decimals: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new InvalidUnits('amount.invalid', `"${value.slice(0, 40)}" is not a decimal amount`);
  const [, whole, fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) throw new InvalidUnits('amount.too_precise', `at most ${decimals} decimals`);
  return BigInt(whole + trimmed.padEnd(decimals, '0'));
}

/** 150000n with 8 decimals → "0.00150000" (always every decimal). */
export function formatUnits(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Like formatUnits without trailing zeros ("0.0015"): for payment URIs. */
export function formatUnitsShort(minor: bigint, decimals: number): string {
  const full = formatUnits(minor, decimals);
  return decimals > 0 ? full.replace(/\.?0+$/, '') || '0' : full;
}

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** ⌈a / b⌉ for positive bigints */
export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** Rates are decimal strings with this many decimals (price of one coin in a currency). */
export const RATE_DECIMALS = 8;
