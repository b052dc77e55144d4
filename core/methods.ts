/**
 * The deposit methods (spec 001 §2, §5-§7): one record per method, and every list the page, the
 * machines and the server use is derived from it. Adding a method is one record here plus its
 * name in `src/features/funding/messages.ts` (`funding.tab.{id}`, English and Russian); a test
 * fails when a text is missing, and the view registry (`src/features/funding/tabs.ts`) fails to
 * compile when a flow kind has no view.
 */

/**
 * What a method is: its view on the funding page and its group in the do-not-honor dialog.
 * `card`: the card form and its processor cascade; `crypto`: a coin invoice; `wallet`: an
 * e-wallet or account provider; `bank`: a reported bank transfer; `voucher`: a redeemed voucher.
 */
export type FlowKind = 'card' | 'crypto' | 'wallet' | 'bank' | 'voucher';

/**
 * How a wallet deposit starts: `neteller` is POST /api/neteller (account + secure id, the wallet
 * debited at once); `fast` is POST /api/card/fast/{id} and `report` POST /api/report/{id} (both
 * answer the provider's hosted page, whose confirmation arrives as a signed webhook).
 */
export type WalletStart = 'neteller' | 'fast' | 'report';

interface MethodCommon {
  /** a tab of the funding page (false: a method started only by its own call, never offered as a tab) */
  tab: boolean;
  /** the page's amount line (amount, bonus, promo code) pays it: not the coins (their invoice has its amount), not a voucher (its value is the amount) */
  amountLine: boolean;
  /** offered only when the page's language or the account's currency is one of these */
  onlyFor?: { langs: readonly string[]; currencies: readonly string[] };
  /** hidden for these countries (ISO codes), on the page and on the server */
  hiddenIn?: readonly string[];
  /** a partner's settings may hide it (settings.no_vload) */
  partnerMayHide?: true;
}

/** One record; its display name is the message `funding.tab.{id}` (`methodLabel`). */
export type MethodSpec =
  | (MethodCommon & { kind: 'card' | 'crypto' | 'bank' | 'voucher' })
  | (MethodCommon & {
      kind: 'wallet';
      start: WalletStart;
      /** the provider's own name, in the server's texts, the history and the sandbox pages */
      name: string;
    });

const RUSSIAN = { langs: ['ru'], currencies: ['RUB'] } as const;

/** Skrill is hidden for these countries (spec 001 §6), on the page and on the server. */
const SKRILL_COUNTRIES = ['DE', 'GB', 'BE', 'FR', 'ES', 'CN', 'HK', 'IL', 'MO', 'SG', 'AE', 'CA', 'TR', 'US', 'JP'] as const;

/** Every deposit method, in the funding page's order of tabs. */
export const FUNDING_METHODS = {
  card: { kind: 'card', tab: true, amountLine: true },
  jcb: { kind: 'card', tab: true, amountLine: true },
  bitcoin: { kind: 'crypto', tab: true, amountLine: false },
  litecoin: { kind: 'crypto', tab: true, amountLine: false },
  eth: { kind: 'crypto', tab: true, amountLine: false },
  'bitcoin-cash': { kind: 'crypto', tab: true, amountLine: false },
  dash: { kind: 'crypto', tab: true, amountLine: false },
  zcash: { kind: 'crypto', tab: true, amountLine: false },
  usdt: { kind: 'crypto', tab: true, amountLine: false },
  altcoins: { kind: 'crypto', tab: true, amountLine: false },
  neteller: { kind: 'wallet', tab: true, amountLine: true, start: 'neteller', name: 'Neteller' },
  skrill: { kind: 'wallet', tab: true, amountLine: true, start: 'fast', name: 'Skrill', hiddenIn: SKRILL_COUNTRIES },
  perfect: { kind: 'wallet', tab: true, amountLine: true, start: 'report', name: 'Perfect Money' },
  vload: { kind: 'voucher', tab: true, amountLine: false, partnerMayHide: true },
  webmoney: { kind: 'wallet', tab: true, amountLine: true, start: 'report', name: 'WebMoney', onlyFor: RUSSIAN },
  yandex: { kind: 'wallet', tab: true, amountLine: true, start: 'report', name: 'Yandex', onlyFor: RUSSIAN },
  qiwi: { kind: 'wallet', tab: true, amountLine: true, start: 'report', name: 'QIWI', onlyFor: RUSSIAN },
  okpay: { kind: 'wallet', tab: true, amountLine: true, start: 'report', name: 'OKPay' },
  orangeppl: { kind: 'wallet', tab: false, amountLine: true, start: 'fast', name: 'PayPal (Orange)' },
  bank: { kind: 'bank', tab: true, amountLine: true },
  fiat: { kind: 'bank', tab: true, amountLine: true },
} as const satisfies Readonly<Record<string, MethodSpec>>;

type Table = typeof FUNDING_METHODS;
export type FundingMethodId = keyof Table;
type IdsWhere<Shape> = { [K in FundingMethodId]: Table[K] extends Shape ? K : never }[FundingMethodId];

const ids = Object.keys(FUNDING_METHODS) as FundingMethodId[];
const idsWhere = <Shape>(test: (spec: MethodSpec) => boolean): ReadonlyArray<IdsWhere<Shape>> =>
  ids.filter((id) => test(FUNDING_METHODS[id])) as Array<IdsWhere<Shape>>;

export const isFundingMethod = (value: string): value is FundingMethodId => Object.hasOwn(FUNDING_METHODS, value);
export const kindOf = (id: FundingMethodId): FlowKind => FUNDING_METHODS[id].kind;
/** The method's display name: a message of the funding area, in every language. */
export const methodLabel = <Id extends string>(id: Id): `funding.tab.${Id}` => `funding.tab.${id}`;

// ─── the funding page's tabs ─────────────────────────────────────────────────────────────────

/** The funding tabs, in the page's order. */
export const TABS = idsWhere<{ tab: true }>((spec) => spec.tab);
export type TabId = IdsWhere<{ tab: true }>;

/** The tabs whose deposit the page's amount line pays. */
export const AMOUNT_LINE_TABS = idsWhere<{ tab: true; amountLine: true }>((spec) => spec.tab && spec.amountLine);

/** What decides whether a trader is offered a method. */
export interface OfferFacts {
  lang: string;
  currency: string;
  country: string;
  /** the settings hide Vload for this trader's partner (no_vload) */
  vloadHidden: boolean;
}

/** Whether the method is hidden for a trader of this country (its record's `hiddenIn`): the page does not offer it, the server refuses it. */
export function hiddenInCountry(id: FundingMethodId, country: string): boolean {
  const spec: MethodSpec = FUNDING_METHODS[id];
  return spec.hiddenIn?.includes(country.toUpperCase()) ?? false;
}

/** Whether this trader is offered the method (its languages or currencies, its countries, the partner's settings). */
export function isOffered(id: FundingMethodId, facts: OfferFacts): boolean {
  const spec: MethodSpec = FUNDING_METHODS[id];
  if (spec.onlyFor && !spec.onlyFor.langs.includes(facts.lang) && !spec.onlyFor.currencies.includes(facts.currency)) return false;
  if (hiddenInCountry(id, facts.country)) return false;
  return !(spec.partnerMayHide && facts.vloadHidden);
}

/** The kinds the do-not-honor dialog offers as another method, in its order (spec README "Do-not-honor"). */
export const ALTERNATIVE_KINDS = ['crypto', 'bank', 'wallet', 'voucher'] as const satisfies readonly FlowKind[];

// ─── the wallet methods (the server's /api/neteller, /api/card/fast/{id}, /api/report/{id}) ──

type WalletIds<Start extends WalletStart = WalletStart> = IdsWhere<{ kind: 'wallet'; start: Start }>;

/** The wallet and account methods: each has a provider, a webhook secret and a deposit row. */
export const METHODS = idsWhere<{ kind: 'wallet' }>((spec) => spec.kind === 'wallet') as ReadonlyArray<WalletIds>;
export type MethodId = WalletIds;
export const isMethod = (value: string): value is MethodId => (METHODS as readonly string[]).includes(value);

const wallet = (id: MethodId) => FUNDING_METHODS[id] as Extract<MethodSpec, { kind: 'wallet' }>;

/** The methods started by the spec's `/api/card/fast/{method}` call. */
export const FAST_METHODS = METHODS.filter((id) => wallet(id).start === 'fast') as ReadonlyArray<WalletIds<'fast'>>;
/** The methods started by the spec's `/api/report/{method}` call. */
export const REPORT_METHODS = METHODS.filter((id) => wallet(id).start === 'report') as ReadonlyArray<WalletIds<'report'>>;
export const startOf = (id: MethodId): WalletStart => wallet(id).start;

/**
 * How a method's deposit goes: `direct` debits the trader's wallet at once (Neteller: account +
 * secure id); `redirect` sends the trader to the provider's hosted page.
 */
export const METHOD_FLOW = Object.fromEntries(METHODS.map((id) => [id, wallet(id).start === 'neteller' ? 'direct' : 'redirect'])) as Readonly<
  Record<MethodId, 'direct' | 'redirect'>
>;

/** The name the server's texts, the history and the sandbox pages use. */
export const METHOD_NAMES = Object.fromEntries(METHODS.map((id) => [id, wallet(id).name])) as Readonly<Record<MethodId, string>>;

/** Skrill is hidden for these countries (spec 001 §6), on the page and on the server (hiddenInCountry). */
export const SKRILL_HIDDEN: readonly string[] = FUNDING_METHODS.skrill.hiddenIn;
