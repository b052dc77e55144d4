/** Display of decimal-string amounts (never parsed into floats for arithmetic). */
const PREFIX: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };
const POSTFIX: Record<string, string> = { RUB: ' rub' };
const TWO_DECIMALS = new Set(['USD', 'RUB', 'GBP', 'EUR']);

/** "10000.00" USD → "$10,000.00"; crypto keeps 5 decimals (spec 002 §5). */
export function formatAmount(amount: string, currency: string, lang = 'en'): string {
  const negative = amount.startsWith('-');
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const digits = TWO_DECIMALS.has(currency) ? 2 : 5;
  const fraction = frac.padEnd(digits, '0').slice(0, digits);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? '\u00a0' : ',');
  const sep = lang === 'ru' ? ',' : '.';
  const body = `${grouped}${sep}${fraction}`;
  const prefix = PREFIX[currency];
  const text = prefix ? `${prefix}${body}` : POSTFIX[currency] ? `${body}${POSTFIX[currency]}` : `${body} ${currency}`;
  return negative ? `−${text}` : text;
}
