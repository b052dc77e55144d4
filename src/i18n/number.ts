/**
 * A decimal string shown in the language's number format, without a currency sign:
 * en "10727.5" → "10,727.50", ru → "10 727,50" (no-break space). `digits` is the least number
 * of fraction digits shown (2 for money); a longer fraction is kept as it is, never rounded.
 * The value is never parsed into a float.
 */
export function formatDecimal(amount: string, lang: string, digits = 2): string {
  const negative = amount.trim().startsWith('-');
  const [whole = '0', frac = ''] = amount.trim().replace(/^[-+]/, '').split('.');
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? '\u00a0' : ',');
  const fraction = frac.padEnd(digits, '0');
  const body = fraction ? `${grouped}${lang === 'ru' ? ',' : '.'}${fraction}` : grouped;
  return negative ? `−${body}` : body;
}

/** A zero amount in the language's format, for an amount input's placeholder ("0.00", "0,00"). */
export const zeroPlaceholder = (lang: string, digits = 2): string => formatDecimal('0', lang, digits);
