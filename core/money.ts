import type { Currency } from './contract';
import { fromUnits, toUnits } from './decimal';

/**
 * Money is never a float. Amounts are integer minor units (bigint) in the server and the
 * database, and decimal strings on the wire ("1250.00", "0.00150000").
 */
export const EXPONENTS: Readonly<Record<Currency, number>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  RUB: 2,
  BTC: 8,
  LTC: 8,
  BCH: 8,
  DASH: 8,
  ZEC: 8,
  ETH: 8,
  USDT: 6,
};

export function isCurrency(value: string): value is Currency {
  return Object.hasOwn(EXPONENTS, value);
}

export function exponentOf(currency: string): number {
  if (!isCurrency(currency)) throw new InvalidAmount('amount.currency', `Unknown currency ${currency}`);
  return EXPONENTS[currency];
}

export class InvalidAmount extends Error {
  constructor(
    /** translation key: amount.invalid, amount.too_precise, amount.currency */
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'InvalidAmount';
  }
}

const DECIMAL = /^(-?)(\d{1,30})(?:\.(\d+))?$/;

/** "12.5" USD -> 1250n. Rejects more decimals than the currency has, exponents, spaces, floats. */
export function parseMoney(value: string, currency: string): bigint {
  const exponent = exponentOf(currency);
  const match = DECIMAL.exec(value);
  if (!match) throw new InvalidAmount('amount.invalid', `"${value.slice(0, 40)}" is not a decimal amount`);
  const [, , , fraction = ''] = match;
  if (fraction.length > exponent) {
    throw new InvalidAmount('amount.too_precise', `${currency} amounts have at most ${exponent} decimals`);
  }
  return toUnits(value, exponent); // exact: never more decimals than the exponent, so nothing is dropped
}

/** 1250n USD -> "12.50": always the currency's full number of decimals. */
export function formatMoney(minor: bigint, currency: string): string {
  return fromUnits(minor, exponentOf(currency));
}
