import { displayDigits } from './decimal';

/**
 * How money and dates are written, everywhere: the header, the platform frame,
 * history and reports, offers, the sandbox's hosted pages, emails and notifications. One module,
 * built on `Intl.NumberFormat` / `Intl.DateTimeFormat`, for the trader's language.
 *
 * **Money never passes through a JS number.** An amount is a decimal string ("-1234.5") or integer
 * minor units (`bigint`). Its integer part goes to Intl as a `BigInt` (Intl places the sign, the
 * currency symbol and the group separators); the fraction digits are cut from the string, exactly,
 * and put after the integer with the language's decimal mark. So 2^60 + 0.01 is written to the cent.
 * Digits beyond the display digits are truncated toward zero (core/decimal's one rule); an amount
 * that truncates to zero is written without a sign.
 *
 * Display digits: 2 for USD, EUR, GBP and RUB, 5 for every coin (spec 002 §5; `displayDigits`).
 * Fiat is written with its symbol where the language puts it (en "$1,000.00", "-€50.00";
 * ru "1 000,00 $", "-50,00 €"); a coin with its code after the number (en "0.00150 BTC",
 * ru "0,00150 BTC"), as coins have no symbol Intl knows.
 *
 * **Dates** are written in a time zone the caller names (never the machine's zone implicitly):
 * the browser passes the trader's zone (src/flows/shared/dates.ts), the server UTC (its emails say so).
 * Numeric dates are DD.MM.YYYY and times HH:mm (24 h) in both languages (spec 001 §9: the form
 * the history and reports filters take); long dates name the month in the trader's language.
 *
 * No import but core/decimal, and nothing from the browser or Node: the same code runs in the
 * browser, the server and (as page/format.js, generated from this file) the sandbox's hosted pages.
 */

/** The page languages. Anything else is written as English. */
export type FormatLang = 'en' | 'ru';

const langOf = (lang: string): FormatLang => (lang === 'ru' ? 'ru' : 'en');

/** Fiat currencies Intl knows a symbol for; any other code (coins) goes after the number. */
const FIAT = new Set(['USD', 'EUR', 'GBP', 'RUB']);

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: FormatLang, currency: string | null): Intl.NumberFormat {
  const key = `${lang}:${currency ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      ...(currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {}),
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** The language's decimal mark: "." (en) or "," (ru). */
export const decimalMark = (lang: string): string => (langOf(lang) === 'ru' ? ',' : '.');

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

export interface AmountOptions {
  /** fraction digits shown (cut, padded with zeros); default: the currency's display digits */
  digits?: number;
  /** '+' before a positive amount too (results, history); default false */
  plus?: boolean;
}

function parts(value: string | bigint, digits: number): { negative: boolean; whole: bigint; fraction: string } | null {
  const match = DECIMAL.exec(typeof value === 'bigint' ? value.toString() : value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const zero = BigInt(whole) === 0n && /^0*$/.test(kept);
  return { negative: sign === '-' && !zero, whole: BigInt(whole), fraction: kept };
}

/** Intl's parts of the integer (sign, symbol and groups placed by the language), with the exact fraction put after the integer. */
function write(format: Intl.NumberFormat, lang: FormatLang, p: { negative: boolean; whole: bigint; fraction: string }, plus: boolean): string {
  // -0 (a number, carrying only its sign) when the whole part is zero: "-0.50" stays negative
  const signed = p.negative ? (p.whole === 0n ? -0 : -p.whole) : p.whole;
  const out = format.formatToParts(signed);
  let last = -1;
  out.forEach((part, i) => {
    if (part.type === 'integer' || part.type === 'group') last = i;
  });
  const fraction = p.fraction ? `${decimalMark(lang)}${p.fraction}` : '';
  const text = out.map((part, i) => (i === last ? part.value + fraction : part.value)).join('');
  const positive = !p.negative && (p.whole !== 0n || /[1-9]/.test(p.fraction));
  return plus && positive ? `+${text}` : text;
}

/**
 * A decimal without a currency, in the language's format: en "10000" → "10,000.00",
 * ru → "10 000,00" (no-break spaces). Something that is not a decimal is returned as it is.
 */
export function formatNumber(value: string | bigint, lang: string, options: { digits?: number; plus?: boolean } = {}): string {
  const l = langOf(lang);
  const p = parts(value, options.digits ?? 2);
  return p ? write(numberFormat(l, null), l, p, options.plus ?? false) : String(value);
}

/**
 * A decimal-string amount with its currency: "1000", "USD" → en "$1,000.00", ru "1 000,00 $";
 * "-0.0015", "BTC" → en "-0.00150 BTC". Something that is not a decimal is returned as it is.
 */
export function formatAmount(amount: string, currency: string, lang: string, options: AmountOptions = {}): string {
  const l = langOf(lang);
  const code = currency.toUpperCase();
  const digits = options.digits ?? displayDigits(code);
  const p = parts(amount, digits);
  if (!p) return amount;
  if (FIAT.has(code)) return write(numberFormat(l, code), l, p, options.plus ?? false);
  return `${write(numberFormat(l, null), l, p, options.plus ?? false)}\u00a0${code}`;
}

/** Integer minor units of `exponent` decimals (1250n, 2 → 12.50) with their currency: exact at any size. */
export function formatMinor(minor: bigint, exponent: number, currency: string, lang: string, options: AmountOptions = {}): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const decimal = exponent > 0 ? `${digits.slice(0, digits.length - exponent)}.${digits.slice(digits.length - exponent)}` : digits;
  return formatAmount(`${negative ? '-' : ''}${decimal}`, currency, lang, options);
}

// ─── dates: core/format-dates.ts (a module of its own, so a page that writes only a date, such
// as the risk warning in the first chunk, does not carry the money formatting) ─────────────────
export * from './format-dates';
