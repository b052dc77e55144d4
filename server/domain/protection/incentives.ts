import { sql } from 'kysely';
import { isRegulatedCountry, REGULATED_COUNTRIES } from '../../../core/contract/countries';
import type { IncentiveReason } from '../../../core/contract/incentives';
import '../../db/schema-eligibility';
import '../../db/schema-closure';
import '../../db/schema-self-exclusion';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

/**
 * Who may be offered an incentive now (issue 30 §3, §5, §8; docs/eligibility.md): bonuses (the
 * deposit bonus and a promo code's), timed offers (limited, giveaway, risk-free), promotions,
 * contests (ranked and prized) and IQ mining. Not while a break or self-exclusion runs, not on a
 * closed account, and not for a retail trader of a regulated country (core/contract/countries.ts
 * isRegulated) where the operator switched incentives off. Every path that gives or shows one asks
 * here; a refused call is 403 `incentives.unavailable` with `params.reason`.
 *
 * The switch is the operator setting `incentives.off_countries` (migration 239, table
 * operator_settings): the regulated countries where incentives are off. Empty by default: the
 * product's incentives are on until the operator decides, country by country, as the licence asks
 * (the sandbox operator console sets it, `/sandbox/eligibility`). Every trader is a retail client:
 * the product has no professional-client classification.
 */

export const INCENTIVES_OFF_KEY = 'incentives.off_countries';

/** how long a process trusts the switch it read (a change made through this process applies at once) */
export const SWITCH_CACHE_MS = 30_000;

const MESSAGES: Record<IncentiveReason, string> = {
  excluded: 'Bonuses, offers, promotions and contests stop while you take a break or are self-excluded.',
  closed: 'This account is closed: it gets no bonuses, offers, promotions or contests.',
  regulated: 'Bonuses, offers, promotions and contests are not offered to retail traders in your country.',
};

export const incentivesRefusal = (reason: IncentiveReason): Refusal => new Refusal(403, 'incentives.unavailable', MESSAGES[reason], { params: { reason } });

const cache = new WeakMap<object, { at: number; countries: readonly string[] }>();

const asCountries = (value: unknown): string[] => {
  const raw = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(raw) ? raw.filter((c): c is string => typeof c === 'string' && isRegulatedCountry(c)) : [];
};

/** The regulated countries where incentives are off (read at most every SWITCH_CACHE_MS per database). */
export async function incentivesOffCountries(db: DbOrTx, now = Date.now()): Promise<readonly string[]> {
  const held = cache.get(db);
  if (held && now - held.at < SWITCH_CACHE_MS) return held.countries;
  const row = await db.selectFrom('operator_settings').select('value').where('key', '=', INCENTIVES_OFF_KEY).executeTakeFirst();
  const countries = asCountries(row?.value);
  cache.set(db, { at: now, countries });
  return countries;
}

/** The operator's switch: the regulated countries where retail incentives are off ([] turns them all on again). */
export async function setIncentivesOffCountries(db: DbOrTx, countries: readonly string[], now: Date): Promise<string[]> {
  const wrong = countries.filter((c) => !isRegulatedCountry(c));
  if (wrong.length > 0) {
    throw new Refusal(400, 'incentives.country', `Incentives are switched off only in regulated countries (the EEA); not: ${wrong.join(', ')}.`, { params: { countries: wrong.join(',') } });
  }
  const list = REGULATED_COUNTRIES.filter((c) => countries.includes(c));
  await db
    .insertInto('operator_settings')
    .values({ key: INCENTIVES_OFF_KEY, value: JSON.stringify(list), updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(list), updated_at: now }))
    .execute();
  cache.delete(db);
  return list;
}

/** For a trader signed in (neither excluded nor closed: they cannot be): off by their country, or null. */
export const countryReason = (country: string, off: readonly string[]): IncentiveReason | null => (isRegulatedCountry(country) && off.includes(country) ? 'regulated' : null);

/** Why the trader is offered no incentives at `now`, or null when they may be. */
export async function incentivesOffReason(db: DbOrTx, userId: number, now: Date): Promise<IncentiveReason | null> {
  const row = await db
    .selectFrom('users as u')
    .select([
      'u.country',
      sql<boolean>`exists (select 1 from account_closures c where c.user_id = u.id)`.as('closed'),
      sql<boolean>`exists (select 1 from self_exclusions x where x.user_id = u.id and x.until > ${now})`.as('excluded'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.excluded) return 'excluded';
  if (row.closed) return 'closed';
  return countryReason(row.country, await incentivesOffCountries(db));
}

/** Refuses (403 incentives.unavailable with the reason) when the trader may not be offered an incentive now. */
export async function assertIncentivesOffered(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const reason = await incentivesOffReason(db, userId, now);
  if (reason) throw incentivesRefusal(reason);
}

/** Of these traders, those who may not be offered an incentive at `now` (a contest ranks and prizes none of them). */
export async function withoutIncentives(db: DbOrTx, userIds: readonly number[], now: Date): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const off = await incentivesOffCountries(db);
  const rows = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.country',
      sql<boolean>`exists (select 1 from account_closures c where c.user_id = u.id)`.as('closed'),
      sql<boolean>`exists (select 1 from self_exclusions x where x.user_id = u.id and x.until > ${now})`.as('excluded'),
    ])
    .where('u.id', 'in', [...userIds])
    .execute();
  return new Set(rows.filter((r) => r.excluded || r.closed || countryReason(r.country, off) !== null).map((r) => r.id));
}
