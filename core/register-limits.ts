/**
 * Registration limits (counted in the database by server/domain/register/limits.ts, so they
 * hold across restarts and instances):
 *
 * - submits per IP: 20 in 15 minutes;
 * - submits per email: 5 in 15 minutes (someone hammering one address);
 * - accounts opened per IP: 10 in 24 hours (pending submits count as opened);
 * - field checks (the email and phone "server validate") per IP: 60 in 15 minutes.
 */
export interface RegisterLimits {
  readonly windowMs: number;
  readonly submitsPerIp: number;
  readonly submitsPerEmail: number;
  readonly createdWindowMs: number;
  readonly createdPerIp: number;
  readonly checksPerIp: number;
}

/** The defaults; config.registerLimits may raise the per-IP ones (server/config.ts). */
export const REGISTER_LIMITS: RegisterLimits = {
  windowMs: 15 * 60_000,
  submitsPerIp: 20,
  submitsPerEmail: 5,
  createdWindowMs: 24 * 60 * 60_000,
  createdPerIp: 10,
  checksPerIp: 60,
};
