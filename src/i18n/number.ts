import { formatDecimal as formatNumber } from '../../core/decimal';

/**
 * A decimal string shown in the language's number format, without a currency sign:
 * en "10727.5" → "10,727.50", ru → "10 727,50" (no-break space). `digits` is the least number
 * of fraction digits shown (2 for money); a longer fraction is kept as it is, never rounded.
 * core/decimal's `formatDecimal` does it; the value is never parsed into a float.
 */
export const formatDecimal = (amount: string, lang: string, digits = 2): string => formatNumber(amount, lang, { digits, maxDigits: Infinity });

/** A zero amount in the language's format, for an amount input's placeholder ("0.00", "0,00"). */
export const zeroPlaceholder = (lang: string, digits = 2): string => formatDecimal('0', lang, digits);
