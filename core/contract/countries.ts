import { countries } from 'countries-list';

/**
 * The country list of registration (spec 000 §3 "country list entry": iso, name, prefix,
 * allowRegistration), from the countries-list package (ISO 3166-1 alpha-2 with calling codes).
 * Names are shown in the page's language by the browser (Intl.DisplayNames); the English name
 * here is the fallback. Not re-exported from the contract index: only the register chunk and
 * the server import it, so the login page does not carry the list.
 */
export interface CountryEntry {
  iso: string;
  name: string;
  /** calling codes without "+", the first one is the default */
  prefixes: string[];
  allowRegistration: boolean;
}

/**
 * Jurisdictions we do not open accounts for: the FATF "call for action" list (high-risk
 * jurisdictions subject to countermeasures). A real operator adds its licence's restrictions.
 */
export const REGISTRATION_BLOCKED: readonly string[] = ['IR', 'KP', 'MM'];

export const COUNTRIES: CountryEntry[] = Object.entries(countries)
  .map(([iso, c]) => ({
    iso,
    name: c.name,
    prefixes: c.phone.filter((p) => p > 0).map(String),
    allowRegistration: !REGISTRATION_BLOCKED.includes(iso),
  }))
  .filter((c) => c.prefixes.length > 0)
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byIso = new Map(COUNTRIES.map((c) => [c.iso, c]));

export const findCountry = (iso: string): CountryEntry | undefined => byIso.get(iso);

/** Every calling code of the list (a trader may register a phone from another country). */
export const CALLING_CODES: ReadonlySet<string> = new Set(COUNTRIES.flatMap((c) => c.prefixes));

/** The default calling code of a country ('' when unknown). */
export const defaultPrefix = (iso: string): string => byIso.get(iso)?.prefixes[0] ?? '';
