/**
 * Decimal amounts as strings and `bigint` units: the one place that parses, compares, scales,
 * adds and formats them. Never a float: no Number(), parseFloat or toFixed.
 *
 * A decimal is `-?digits(.digits)?` ("250", "0.00150000", "-3.10"); what a trader types is first
 * made one by `normalizeDecimal` ("1,5" → "1.5", " 1 000 " → "1000").
 *
 * **The one rounding rule: truncation toward zero.** Whenever digits are dropped — scaling to
 * fewer decimals (`toUnits`) or showing fewer digits (`formatDecimal`) — they are cut, never
 * rounded up: a balance is never shown (or counted) as more than it is, and -1.005 shows as
 * -1.00 just as 1.005 shows as 1.00. A value that truncates to zero is shown without a sign.
 */

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

interface Parts {
  negative: boolean;
  whole: string;
  fraction: string;
}

function partsOf(value: string): Parts | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  return { negative: sign === '-', whole, fraction };
}

function strictParts(value: string): Parts {
  const parts = partsOf(value);
  if (!parts) throw new RangeError(`"${value.slice(0, 40)}" is not a decimal`);
  return parts;
}

/** What a trader types as a decimal: spaces (no-break ones too) dropped, a comma as the decimal mark: "1,5" → "1.5", " 250 " → "250". */
export const normalizeDecimal = (typed: string): string => typed.trim().replace(/[\s\u00a0]+/g, '').replace(',', '.');

export interface DecimalShape {
  /** most digits before the point (default: any) */
  whole?: number;
  /** most digits after the point (default: any) */
  decimals?: number;
  /** accept a leading minus (default: false) */
  signed?: boolean;
}

/** A plain decimal: digits, an optional point with decimals; no spaces, exponents or plus sign. */
export function isDecimal(value: string, shape: DecimalShape = {}): boolean {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return false;
  const [, sign, whole, fraction = ''] = match;
  if (sign && !shape.signed) return false;
  if (shape.whole !== undefined && whole.length > shape.whole) return false;
  if (shape.decimals !== undefined && fraction.length > shape.decimals) return false;
  return true;
}

/** How many significant decimals: "1.50" → 1, "250" → 0, "0.00000001" → 8. */
export const decimalsOf = (value: string): number => (value.split('.')[1] ?? '').replace(/0+$/, '').length;

/** The value as an integer of `decimals` decimals ("12.5", 2 → 1250n); extra digits are truncated toward zero ("-1.239", 2 → -123n). Throws a RangeError when it is not a decimal. */
export function toUnits(value: string, decimals: number): bigint {
  const { negative, whole, fraction } = strictParts(value);
  const units = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  return negative ? -units : units;
}

/** Integer units back to a decimal with exactly `decimals` decimals: 1250n, 2 → "12.50"; -5n, 2 → "-0.05"; 7n, 0 → "7". Exact. */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** The shortest form of a decimal: "250.00" → "250", "012.50" → "12.5", "-0.0" → "0". */
export function trimDecimal(value: string): string {
  const decimals = decimalsOf(value);
  return fromUnits(toUnits(value, decimals), decimals);
}

/** -1, 0 or 1, exactly, at any number of decimals ("250" vs "249.99" → 1). Throws a RangeError when either is not a decimal. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const decimals = Math.max(decimalsOf(a), decimalsOf(b));
  const x = toUnits(a, decimals);
  const y = toUnits(b, decimals);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** The exact sum of decimals, in its shortest form: "0.1" + "0.2" → "0.3". */
export function addDecimals(...values: readonly string[]): string {
  const decimals = Math.max(0, ...values.map(decimalsOf));
  return trimDecimal(fromUnits(values.reduce((sum, v) => sum + toUnits(v, decimals), 0n), decimals));
}

/** Display digits of a currency (spec 001 §3, 002 §5): 2 for USD, EUR, GBP and RUB, 5 for anything else (coins). */
export const displayDigits = (currency: string): number => (['USD', 'EUR', 'GBP', 'RUB'].includes(currency.toUpperCase()) ? 2 : 5);

export interface DisplayOptions {
  /** fraction digits always shown (padded with zeros); default 2 */
  digits?: number;
  /** most fraction digits shown, the rest truncated toward zero; default `digits`. `Infinity` keeps every digit. */
  maxDigits?: number;
  /** the minus sign: "−" (U+2212, default) or "-" */
  minus?: string;
}

/**
 * The one display formatter: a decimal in the language's number format, without a currency:
 * en "10000" → "10,000.00", ru → "10 000,00" (a no-break space groups thousands, a comma marks
 * decimals). Digits beyond `maxDigits` are truncated toward zero (see the module's comment).
 * Something that is not a decimal is returned as it is.
 */
export function formatDecimal(value: string, lang: string, options: DisplayOptions = {}): string {
  const parts = partsOf(value);
  if (!parts) return value;
  const digits = options.digits ?? 2;
  const maxDigits = Math.max(digits, options.maxDigits ?? digits);
  const kept = parts.fraction.slice(0, maxDigits === Infinity ? undefined : maxDigits);
  const fraction = kept.length >= digits ? kept : kept.padEnd(digits, '0');
  const whole = parts.whole.replace(/^0+(?=\d)/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? '\u00a0' : ',');
  const body = fraction ? `${grouped}${lang === 'ru' ? ',' : '.'}${fraction}` : grouped;
  const zero = /^0*$/.test(whole + fraction);
  return parts.negative && !zero ? `${options.minus ?? '\u2212'}${body}` : body;
}
