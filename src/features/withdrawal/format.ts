import { formatAmount } from '../../../core/format';

const WHOLE = new Set(['USD', 'RUB', 'EUR', 'GBP']);

/**
 * Turnover figures (spec 002 §5): no decimals for USD, RUB, EUR and GBP, 5 otherwise, written
 * with the currency by core/format in the page's language (en "$1,200", ru "1 200 $"). The
 * decimal string is cut, never rounded (core/decimal's one rule).
 */
export const formatTurnover = (amount: string, currency: string, lang = 'en'): string => formatAmount(amount, currency, lang, { digits: WHOLE.has(currency.toUpperCase()) ? 0 : 5 });
