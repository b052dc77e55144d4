import type { Settings } from './contract';
import { compareDecimal, isDecimal } from './decimal';

/**
 * The minimum deposit of a trader (spec 000 §3, §6 and 001 §9): one function for the funding
 * page, cards, crypto and every payment method. Groups of the settings' `mdps`, the most
 * specific first:
 *
 * 1. the trader's own `md`, then `mdps`, when each is an amount (set per user by the back office);
 * 2. `USERS[user id or email]`;
 * 3. `OCODE[comment code or partner id]` (the trader's comments code, else the partner `affsId`);
 * 4. `COUNTRY[ISO code]`;
 * 5. `ALL`: everyone not matched above (overrides the region groups);
 * 6. `USA` for US and CA (else the setting `usCaMinShown`, 500: 001 §9), `NO_EU_US` for a country
 *    outside the EU, the EEA and the US/CA;
 * 7. `DEFAULT`, else the setting `minDeposit` (250).
 *
 * A deposit into an exchange account in USD or EUR is at least 250 (001 §9 "Exchange account
 * minimums: 250 USD/EUR"): the higher of that and the trader's minimum above, so both rules hold.
 */
export interface MinDepositUser {
  md: string;
  country: string;
  mdps?: string;
  /** the user's id (as a string or number) */
  id?: number | string;
  email?: string;
  /** the partner id */
  affsId?: string;
  /** the comment code */
  comments?: string;
}

export type MinDepositSettings = Pick<Settings, 'minDeposit' | 'usCaMinShown' | 'mdps'>;

/** EU and EEA members: outside them (and outside US/CA) the NO_EU_US group applies. */
export const EU_EEA_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
];

const isMinimum = (value: string | undefined): value is string => value !== undefined && isDecimal(value, { whole: 12, decimals: 2 }) && /[1-9]/.test(value);
const own = (record: Record<string, string>, key: string | undefined): string | undefined =>
  key !== undefined && key !== '' && Object.hasOwn(record, key) ? record[key] : undefined;

export const isUsCa = (country: string): boolean => country === 'US' || country === 'CA';

/** The exchange account's own minimum per currency (spec 001 §9); other exchange currencies have none of their own. */
export const EXCHANGE_MIN_DEPOSIT: Readonly<Record<string, string>> = { USD: '250', EUR: '250' };

/** The account a deposit goes into, when the caller knows it (the funding page's current account). */
export interface MinDepositAccount {
  /** 'exchange' for the exchange account (fixed mode); 'trading', 'demo', … otherwise */
  type: string | null;
  currency: string;
}

/** The minimum deposit of this trader (into this account, when given), as a decimal string ("250"). */
export function minDepositOf(user: MinDepositUser, settings: MinDepositSettings, account?: MinDepositAccount): string {
  const min = groupMinimum(user, settings);
  const floor = account?.type === 'exchange' ? EXCHANGE_MIN_DEPOSIT[account.currency.toUpperCase()] : undefined;
  return floor !== undefined && compareDecimal(min, floor) < 0 ? floor : min;
}

function groupMinimum(user: MinDepositUser, settings: MinDepositSettings): string {
  const groups = settings.mdps;
  const usCa = isUsCa(user.country);
  const candidates: Array<string | undefined> = [
    user.md.trim(),
    user.mdps?.trim(),
    own(groups.USERS, user.id === undefined ? undefined : String(user.id)) ?? own(groups.USERS, user.email),
    own(groups.OCODE, user.comments?.trim()) ?? own(groups.OCODE, user.affsId?.trim()),
    own(groups.COUNTRY, user.country),
    groups.ALL,
    usCa ? (groups.USA ?? settings.usCaMinShown) : undefined,
    !usCa && !EU_EEA_COUNTRIES.includes(user.country) ? groups.NO_EU_US : undefined,
    groups.DEFAULT,
  ];
  return candidates.find(isMinimum) ?? settings.minDeposit;
}
