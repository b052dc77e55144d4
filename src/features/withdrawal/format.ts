import { formatDecimal } from '../../../core/decimal';

const WHOLE = new Set(['USD', 'RUB', 'EUR', 'GBP']);

/**
 * Turnover figures (spec 002 §5): no decimals for USD, RUB, EUR and GBP, 5 otherwise. The
 * decimal string is cut, never rounded (core/decimal's one rule).
 */
export const formatTurnover = (amount: string, currency: string, lang = 'en'): string => formatDecimal(amount, lang, { digits: WHOLE.has(currency) ? 0 : 5 });
