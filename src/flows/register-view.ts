import type { SnapshotFrom } from 'xstate';
import type { registerMachine } from '../../machines/register/register.machine';
import type { RegisterFormField } from '../../machines/register/register.types';
import { COUNTRIES, defaultPrefix, findCountry } from '../../core/contract/countries';
import { prefixDigits, REGISTRATION_CURRENCIES } from '../../core/contract/register';

type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

/** What the registration page needs from a snapshot. */
export const selectValues = (s: RegisterSnapshot) => s.context.values;
export const selectErrors = (s: RegisterSnapshot) => s.context.errors;
export const selectFormError = (s: RegisterSnapshot) => s.context.formError;
export const selectShakes = (s: RegisterSnapshot): number => s.context.shakes;
/** the form is being checked or sent: inputs stay as typed, the button shows progress */
export const selectBusy = (s: RegisterSnapshot): boolean => s.matches('validating') || s.matches('submitting') || s.matches('success');
export const selectSubmitting = (s: RegisterSnapshot): boolean => s.matches('submitting') || s.matches('success');
export const selectChecking = (s: RegisterSnapshot): boolean => s.matches({ editing: 'checking' });
export const selectUsNotice = (s: RegisterSnapshot): boolean => s.matches('usNotice');

/** The fields in the order of the page: the first refused one gets the focus. */
export const FIELD_ORDER: (RegisterFormField | 'usNotice')[] = ['country', 'currency', 'login', 'password', 'firstName', 'lastName', 'phone_prefix', 'phone', 'promo', 'usNotice'];
export const firstBadField = (errors: Record<string, unknown>) => FIELD_ORDER.find((f) => f in errors);

export const CURRENCIES = REGISTRATION_CURRENCIES;

export interface CountryOption {
  iso: string;
  name: string;
}

/** The countries we open accounts for, named in the page's language, sorted for it. */
export function countryOptions(lang: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  return COUNTRIES.filter((c) => c.allowRegistration)
    .map((c) => ({ iso: c.iso, name: names?.of(c.iso) ?? c.name }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** The event of a country chosen: its default calling code comes with it. */
export const countryChange = (country: string) => ({ type: 'country.change' as const, country, prefix: defaultPrefix(country) });

/** with calling code 1 the phone is a 10-digit North American number */
export const isNanp = (prefix: string): boolean => prefixDigits(prefix) === '1';

export const countryKnown = (iso: string): boolean => findCountry(iso) !== undefined;

/** The password rules as the trader types: the broker's one policy (the same rules the server applies). */
export { passwordRules, type PasswordRule } from '../../core/password-policy';
