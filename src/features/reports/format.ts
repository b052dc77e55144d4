/**
 * Amounts in history and reports (001 §3): 2 decimals for USD, RUB, GBP and EUR, 5 for anything
 * else (coins). Decimal strings in, strings out: never a float. Half away from zero.
 */
const TWO_DECIMALS = new Set(['USD', 'RUB', 'GBP', 'EUR']);

export const decimalsFor = (currency: string): number => (TWO_DECIMALS.has(currency.toUpperCase()) ? 2 : 5);

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** a decimal string as an integer of `scale` decimals, rounded half away from zero */
export function toScaled(value: string, scale: number): bigint | null {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  const kept = (fraction + '0'.repeat(scale)).slice(0, scale);
  let n = BigInt(whole + kept);
  if (fraction.length > scale && fraction[scale] >= '5') n += 1n;
  return sign === '-' && n !== 0n ? -n : n;
}

function fromScaled(n: bigint, scale: number, lang: string): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const group = lang === 'ru' ? '\u00a0' : ',';
  const point = lang === 'ru' ? ',' : '.';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${scale > 0 ? point + fraction : ''}`;
}

/** "1234.5", "USD" → "1,234.50"; "0.000123456", "BTC" → "0.00012" (ru: "1 234,50") */
export function formatReportAmount(value: string, currency: string, lang = 'en'): string {
  const scale = decimalsFor(currency);
  const n = toScaled(value, scale);
  return n === null ? value : fromScaled(n, scale, lang);
}

/** with a sign for results: "+8.20", "-10.00", "0.00" */
export function formatSigned(value: string, currency: string, lang = 'en'): string {
  const text = formatReportAmount(value, currency, lang);
  const n = toScaled(value, decimalsFor(currency));
  return n !== null && n > 0n ? `+${text}` : text;
}

/** Sums per currency, exactly (amounts in different currencies are never added together). */
export function totalsByCurrency(rows: { amount: string; currency: string }[]): { currency: string; total: string }[] {
  const sums = new Map<string, bigint>();
  const SCALE = 18;
  for (const row of rows) {
    const n = toScaled(row.amount, SCALE);
    if (n === null) continue;
    sums.set(row.currency, (sums.get(row.currency) ?? 0n) + n);
  }
  return [...sums].map(([currency, n]) => {
    const negative = n < 0n;
    const digits = (negative ? -n : n).toString().padStart(SCALE + 1, '0');
    const total = `${negative ? '-' : ''}${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
    return { currency, total };
  });
}

export type SortDir = 'asc' | 'desc';

/** compare two decimal strings exactly */
export function compareDecimal(a: string, b: string): number {
  const x = toScaled(a, 18) ?? 0n;
  const y = toScaled(b, 18) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** rows sorted by one column: numbers and decimal strings by value, other strings by text */
export function sortRows<T>(rows: readonly T[], key: keyof T, dir: SortDir, decimalKeys: readonly (keyof T)[] = []): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (decimalKeys.includes(key)) return sign * compareDecimal(String(x), String(y));
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
    return sign * String(x).localeCompare(String(y));
  });
}
