/** Display of decimal-string amounts with their currency; the number itself is core/decimal's `formatDecimal` (truncated, never rounded up). */
import { displayDigits, formatDecimal } from '../../core/decimal';

const PREFIX: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };
const POSTFIX: Record<string, string> = { RUB: ' rub' };

/** "10000.00" USD → "$10,000.00"; crypto keeps 5 decimals (spec 002 §5); digits beyond are cut. */
export function formatAmount(amount: string, currency: string, lang = 'en'): string {
  const text = formatDecimal(amount, lang, { digits: displayDigits(currency) });
  const negative = text.startsWith('\u2212');
  const body = negative ? text.slice(1) : text;
  const prefix = PREFIX[currency];
  const shown = prefix ? `${prefix}${body}` : POSTFIX[currency] ? `${body}${POSTFIX[currency]}` : `${body} ${currency}`;
  return negative ? `\u2212${shown}` : shown;
}
