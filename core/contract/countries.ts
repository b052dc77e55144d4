import { countries } from 'countries-list';

/**
 * The country table (spec 000 §3 "country list entry": id, iso, name, iso3, numcode, block,
 * allowRegistration, prefix, defaultLang, assetTypes, parentId, isRegulated, nationality), with
 * the fields the product uses, from the countries-list package (ISO 3166-1 alpha-2 with calling
 * codes; 252 entries, the spec's "about 240" plus territories such as Ascension or Kosovo). One
 * table for registration, the cashier's `country_blocked` lock and who may be offered incentives
 * (docs/eligibility.md). Names are shown in the page's language by the browser
 * (Intl.DisplayNames); the English name here is the fallback. Not re-exported from the contract
 * index: only the register and funding chunks and the server import it, so the login page does
 * not carry the list (npm run budget).
 *
 * Not carried (nothing reads them): iso3, numcode, assetTypes, nationality; `id` is the iso code.
 */
export interface CountryEntry {
  iso: string;
  name: string;
  /** calling codes without "+", the first one is the default */
  prefixes: string[];
  /** we no longer serve its residents: registration refused, and an existing trader may not deposit or trade (withdrawals stay possible) */
  block: boolean;
  /** a new account may be opened for its residents (false for every blocked country) */
  allowRegistration: boolean;
  /** under the firm's licence (a CySEC-authorised EU firm: the EEA), where retail incentives may be switched off (docs/eligibility.md) */
  isRegulated: boolean;
  /** the country's first language as ISO 639-1 (from the package), '' when it gives none */
  defaultLang: string;
  /** the country it is part of (Ascension → SH), '' for none */
  parentId: string;
}

/**
 * Jurisdictions whose residents we do not serve at all (`block`): the FATF "call for action" list
 * (high-risk jurisdictions subject to countermeasures). A real operator adds its licence's
 * restrictions here.
 */
export const BLOCKED_COUNTRIES: readonly string[] = ['IR', 'KP', 'MM'];

/**
 * Countries that still serve their existing traders but where no new account is opened
 * (`allowRegistration` false without `block`). None today; a country the firm is leaving goes here
 * first, then to BLOCKED_COUNTRIES once its traders are gone.
 */
export const REGISTRATION_CLOSED: readonly string[] = [];

/**
 * The regulated countries (`isRegulated`): the firm is modelled on a CySEC-authorised investment
 * firm (Cyprus) passporting its licence across the European Economic Area, so the 27 EU members
 * (Cyprus among them) and Iceland, Liechtenstein and Norway. The UK is not among them (a UK
 * licence is the FCA's).
 */
export const REGULATED_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
];

export const COUNTRIES: CountryEntry[] = Object.entries(countries)
  .map(([iso, c]) => {
    const block = BLOCKED_COUNTRIES.includes(iso);
    const part = (c as { partOf?: string }).partOf;
    return {
      iso,
      name: c.name,
      prefixes: c.phone.filter((p) => p > 0).map(String),
      block,
      allowRegistration: !block && !REGISTRATION_CLOSED.includes(iso),
      isRegulated: REGULATED_COUNTRIES.includes(iso),
      defaultLang: c.languages[0] ?? '',
      parentId: part ?? '',
    };
  })
  .filter((c) => c.prefixes.length > 0)
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byIso = new Map(COUNTRIES.map((c) => [c.iso, c]));

export const findCountry = (iso: string): CountryEntry | undefined => byIso.get(iso);

/** Every calling code of the list (a trader may register a phone from another country). */
export const CALLING_CODES: ReadonlySet<string> = new Set(COUNTRIES.flatMap((c) => c.prefixes));

/** The default calling code of a country ('' when unknown). */
export const defaultPrefix = (iso: string): string => byIso.get(iso)?.prefixes[0] ?? '';

/** Its residents are no longer served (an unknown code is not: registration refuses it by itself). */
export const isBlockedCountry = (iso: string): boolean => byIso.get(iso)?.block === true;

/** Under the firm's licence (false for an unknown code). */
export const isRegulatedCountry = (iso: string): boolean => byIso.get(iso)?.isRegulated === true;
