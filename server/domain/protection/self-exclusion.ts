import { sql } from 'kysely';
import type { ExcludeRequest, ExcludeResponse, ExclusionPeriod, ExclusionStatus, WithdrawOnly } from '../../../core/contract/self-exclusion';
import { combined, isExclusionChoice, type ExclusionKind } from '../../../core/self-exclusion';
import type { Db } from '../../db';
import '../../db/schema-self-exclusion';
import type { DbOrTx } from '../ledger';
import type { PlatformGateway } from '../ports';
import { Refusal } from '../refusal';
import { endUserSessions } from '../sessions';
import { confirmPassword } from './confirm-password';
import { platformLoginsOf } from './platform-logins';

/**
 * Taking a break and self-exclusion (issue 30 §3; rules in core/self-exclusion.ts, docs/limits.md).
 * The trader's choice is recorded and every session ends in one transaction, under the trader's
 * row lock (the one every deposit takes: none starts in between); then the platform is told to
 * end its sessions and refuse trades until the end. While it runs: sign-in is refused
 * (./sign-in-gate.ts), a deposit by any method is refused (./deposit-limits.ts holdDeposit), the
 * platform refuses a trade. A withdrawal already asked for is still paid.
 */

export interface ExclusionDeps {
  db: Db;
  platform: PlatformGateway;
}

export interface RunningExclusion {
  kind: ExclusionKind;
  since: Date;
  until: Date;
}

/** The break or exclusion in force at `now` (the latest-ending one), or null. */
export async function activeExclusion(db: DbOrTx, userId: number, now: Date): Promise<RunningExclusion | null> {
  const row = await db
    .selectFrom('self_exclusions')
    .select(['kind', 'since', 'until'])
    .where('user_id', '=', userId)
    .where('until', '>', now)
    .orderBy('until', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { kind: row.kind, since: row.since, until: row.until } : null;
}

const period = (r: RunningExclusion): ExclusionPeriod => ({ kind: r.kind, since: r.since.toISOString(), until: r.until.toISOString() });

/** The refusal's params: when it ends (ISO) and which it is. */
export const exclusionParams = (r: RunningExclusion): Record<string, string> => ({ until: r.until.toISOString(), kind: r.kind });

export async function exclusionStatus(db: DbOrTx, userId: number, now: Date): Promise<ExclusionStatus> {
  const running = await activeExclusion(db, userId, now);
  return { active: running ? period(running) : null };
}

/**
 * What a withdraw-only session (asked for during a break: ./sign-in-gate.ts) says of its break:
 * the latest one, running or ended since the sign-in.
 */
export async function withdrawOnlyOf(db: DbOrTx, userId: number, now: Date): Promise<WithdrawOnly | null> {
  const row = await db.selectFrom('self_exclusions').select(['kind', 'until']).where('user_id', '=', userId).orderBy('until', 'desc').limit(1).executeTakeFirst();
  return row ? { kind: row.kind, until: row.until.toISOString(), ended: row.until.getTime() <= now.getTime() } : null;
}

/** A deposit asked for while one runs: 403 deposit.excluded (every method asks through holdDeposit). */
export async function assertMayDeposit(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const running = await activeExclusion(db, userId, now);
  if (running) {
    throw new Refusal(403, 'deposit.excluded', `Deposits are paused until ${running.until.toISOString()}.`, { params: exclusionParams(running) });
  }
}

/** Starts a break or a self-exclusion: password checked, recorded, every session ended; then the platform is told. */
export async function excludeSelf(deps: ExclusionDeps, userId: number, req: ExcludeRequest, ip: string, now: Date): Promise<ExcludeResponse> {
  const { db } = deps;
  const choice = req.choice;
  if (!isExclusionChoice(choice)) throw new Refusal(400, 'exclusion.choice', 'Choose how long the break is.', { fields: { choice: 'exclusion.choice' } });
  await confirmPassword(db, userId, req.password, ip, 'exclusion.password');
  const result = await db.transaction().execute(async (trx) => {
    await sql`select 1 from users where id = ${userId} for no key update`.execute(trx);
    const running = await activeExclusion(trx, userId, now);
    const next = combined(running, choice, now);
    await trx.insertInto('self_exclusions').values({ user_id: userId, kind: next.kind, choice, since: now, until: next.until }).execute();
    await endUserSessions(trx, userId);
    return next;
  });
  // the platform is another system: told after the commit. If it cannot be reached now, the
  // choice still holds where it matters most: every broker session has ended and sign-in (which
  // opening the platform from the product needs) is refused
  try {
    await tellPlatform(deps, userId, result.until);
  } catch {
    // nothing more to do here: the answer is the same, the period is recorded
  }
  return { kind: result.kind, until: result.until.toISOString() };
}

/** The platform ends the trader's sessions and refuses trades until `until` (each call idempotent). */
async function tellPlatform(deps: ExclusionDeps, userId: number, until: Date): Promise<void> {
  for (const login of await platformLoginsOf(deps.db, userId)) {
    await deps.platform.blockTrading?.(login, until);
    await deps.platform.endSessions?.(login);
  }
}
