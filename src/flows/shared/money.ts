/** Display of decimal-string amounts with their currency: core/format's `formatAmount` (Intl placement, exact digits, truncated, never rounded up). */
import { formatAmount as format, type AmountOptions } from '../../../core/format';

/** "10000.00" USD → en "$10,000.00", ru "10 000,00 $"; a coin keeps 5 decimals (spec 002 §5); digits beyond are cut. */
export const formatAmount = (amount: string, currency: string, lang = 'en', options?: AmountOptions): string => format(amount, currency, lang, options);
