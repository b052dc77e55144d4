/**
 * The wallet and account payment methods (issue 14, spec 001 §2, §5-§7): which there are, how
 * each starts, and the rules the page and the server both apply (Skrill's hidden countries).
 */
export const METHODS = ['neteller', 'skrill', 'perfect', 'webmoney', 'yandex', 'qiwi', 'okpay', 'orangeppl'] as const;
export type MethodId = (typeof METHODS)[number];
export const isMethod = (value: string): value is MethodId => (METHODS as readonly string[]).includes(value);

/**
 * How a method starts: `direct` debits the trader's wallet at once (Neteller: account + secure
 * id); `redirect` sends the trader to the provider's hosted page, whose confirmation arrives as a
 * signed webhook.
 */
export const METHOD_FLOW: Readonly<Record<MethodId, 'direct' | 'redirect'>> = {
  neteller: 'direct',
  skrill: 'redirect',
  perfect: 'redirect',
  webmoney: 'redirect',
  yandex: 'redirect',
  qiwi: 'redirect',
  okpay: 'redirect',
  orangeppl: 'redirect',
};

/** The methods started by the spec's `/api/report/{method}` call. */
export const REPORT_METHODS = ['perfect', 'webmoney', 'yandex', 'qiwi', 'okpay'] as const satisfies readonly MethodId[];

/** The name the trader and the history see. */
export const METHOD_NAMES: Readonly<Record<MethodId, string>> = {
  neteller: 'Neteller',
  skrill: 'Skrill',
  perfect: 'Perfect Money',
  webmoney: 'WebMoney',
  yandex: 'Yandex',
  qiwi: 'QIWI',
  okpay: 'OKPay',
  orangeppl: 'PayPal (Orange)',
};

/** Skrill is hidden for these countries (spec 001 §6), on the page and on the server. */
export const SKRILL_HIDDEN: readonly string[] = ['DE', 'GB', 'BE', 'FR', 'ES', 'CN', 'HK', 'IL', 'MO', 'SG', 'AE', 'CA', 'TR', 'US', 'JP'];
export const skrillHiddenFor = (country: string): boolean => SKRILL_HIDDEN.includes(country.toUpperCase());
