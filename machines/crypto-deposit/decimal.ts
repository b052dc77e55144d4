/**
 * Decimal strings compared without floats ("250" vs "249.99"). Pure: machines and selectors
 * use them on amounts a trader types.
 */
const DECIMAL = /^\d{1,12}(\.\d{1,18})?$/;

/** a plain non-negative decimal: digits, an optional point and decimals */
export const isDecimal = (value: string): boolean => DECIMAL.test(value);

/** how many decimals the string has */
export const decimalsOf = (value: string): number => (value.split('.')[1] ?? '').replace(/0+$/, '').length;

function scaled(value: string, decimals: number): bigint {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** -1, 0 or 1; both must be decimals (isDecimal) */
export function compareDecimal(a: string, b: string): number {
  const decimals = Math.max(decimalsOf(a), decimalsOf(b));
  const x = scaled(a, decimals);
  const y = scaled(b, decimals);
  return x === y ? 0 : x < y ? -1 : 1;
}

export const isPositive = (value: string): boolean => isDecimal(value) && compareDecimal(value, '0') > 0;

/** a trader's "1,5" or " 250 " as "1.5" / "250" (commas as the decimal mark, spaces dropped) */
export const normalizeAmount = (value: string): string => value.trim().replace(/\s+/g, '').replace(',', '.');
