import { addDecimals, compareDecimal, displayDigits, fromUnits, isDecimal, toUnits } from '../../../core/decimal';
import { formatAmount } from '../../../core/format';

/**
 * Amounts in history and reports (001 §3): 2 decimals for USD, RUB, GBP and EUR, 5 for anything
 * else (coins). Decimal strings in, strings out: never a float. Digits beyond are cut toward
 * zero (core/decimal's one rule).
 */
export const decimalsFor = displayDigits;

/** The amount with its currency, as everywhere (core/format): "1234.5", "USD" → "$1,234.50"; "0.000123456", "BTC" → "0.00012 BTC" (ru: "1 234,50 $"); what is not a decimal stays as it is */
export const formatReportAmount = (value: string, currency: string, lang = 'en'): string => formatAmount(value, currency, lang);

/** with a sign for results: "+$8.20", "-$10.00", "$0.00" */
export const formatSigned = (value: string, currency: string, lang = 'en'): string => formatAmount(value, currency, lang, { plus: true });

/** Sums per currency, exactly, shown with 18 decimals (amounts in different currencies are never added together). */
export function totalsByCurrency(rows: { amount: string; currency: string }[]): { currency: string; total: string }[] {
  const sums = new Map<string, string>();
  for (const row of rows) {
    if (!isDecimal(row.amount.trim(), { signed: true })) continue;
    sums.set(row.currency, addDecimals(sums.get(row.currency) ?? '0', row.amount.trim()));
  }
  return [...sums].map(([currency, total]) => ({ currency, total: fromUnits(toUnits(total, 18), 18) }));
}

/** a sortable value: a decimal, or zero for anything else */
const sortable = (value: string): string => (isDecimal(value.trim(), { signed: true }) ? value.trim() : '0');

export type SortDir = 'asc' | 'desc';

/** rows sorted by one column: numbers and decimal strings by value, other strings by text */
export function sortRows<T>(rows: readonly T[], key: keyof T, dir: SortDir, decimalKeys: readonly (keyof T)[] = []): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (decimalKeys.includes(key)) return sign * compareDecimal(sortable(String(x)), sortable(String(y)));
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y));
  });
}
