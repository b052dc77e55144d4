/**
 * The session-time limit the trader sets on themselves (issue 30 §1): the rules, once. A signed-in
 * session lasts at most this many minutes from its sign-in; then the server ends it and the
 * sign-in page says why. Changing it follows every other limit's rules (core/trader-limits.ts
 * `changeLimit`): a first or shorter limit applies at once, also to the sessions already open (each
 * ends at its sign-in plus the new limit, or at once when that has passed); a longer one or none
 * applies after the 24-hour cooling-off, to the sessions signed in from then.
 */
import { changeLimit, settled, type LimitChange, type LimitSetting } from './trader-limits';

/** the limits a trader may pick, in minutes (none: no limit) */
export const SESSION_LIMIT_CHOICES = [30, 60, 90, 120, 180, 240, 360, 480] as const;
export type SessionLimitMinutes = (typeof SESSION_LIMIT_CHOICES)[number];
export const isSessionLimitMinutes = (value: unknown): value is SessionLimitMinutes =>
  typeof value === 'number' && (SESSION_LIMIT_CHOICES as readonly number[]).includes(value);

/** The limit in force at `now`, in minutes (null: none). */
export function sessionLimitInForce(setting: LimitSetting, now: Date): number | null {
  const value = settled(setting, now).value;
  return value === null ? null : Number(value);
}

/** The trader asks for `minutes` (null: no limit): shorter at once, longer or none after the cooling-off. */
export const changeSessionLimit = (current: LimitSetting, minutes: SessionLimitMinutes | null, now: Date): LimitChange =>
  changeLimit(current, minutes === null ? null : BigInt(minutes), now);

/** When a session signed in at `signedInAt` ends under a limit of `minutes` (null: no limit, no end of its own). */
export const sessionEnd = (signedInAt: Date, minutes: number | null): Date | null =>
  minutes === null ? null : new Date(signedInAt.getTime() + minutes * 60_000);

/** how far the browser's clock may be from the server's when it tells a session ended by its limit */
export const SESSION_END_SKEW_MS = 60_000;

/** A session that ended at `now` ended by the limit: it had an end (GET /api/me's `sessionEndsAt`) and `now` is at it (within the clocks' skew). */
export const endedByLimit = (endsAt: string | undefined, now: number): boolean => {
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  return Number.isFinite(end) && now >= end - SESSION_END_SKEW_MS;
};
