const WHOLE = new Set(['USD', 'RUB', 'EUR', 'GBP']);

/**
 * Turnover figures (spec 002 §5): no decimals for USD, RUB, EUR and GBP, 5 otherwise. The
 * decimal string is cut, never rounded through a float.
 */
export function formatTurnover(amount: string, currency: string, lang = 'en'): string {
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? '\u00a0' : ',');
  if (WHOLE.has(currency)) return grouped;
  return `${grouped}${lang === 'ru' ? ',' : '.'}${frac.padEnd(5, '0').slice(0, 5)}`;
}
