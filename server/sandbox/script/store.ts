import { sql } from 'kysely';
import type { CardProcessor } from '../../../core/contract';
import type { DbOrTx } from '../../domain/ledger';
import type { ScriptCardOutcome, ScriptCardStep, ScriptPlatformOutcome, ScriptWithdrawalOutcome, SandboxScriptResponse } from './contract';

/** Waiting steps a trader may hold per area: a script is a path's few outcomes, not a queue without end. */
export const MAX_WAITING = 20;

export class TooManySteps extends Error {}

/** Adds steps after the trader's waiting ones (one transaction: all or none). */
export async function addSteps(
  db: DbOrTx,
  userId: number,
  card: ScriptCardStep[],
  withdrawal: Array<{ outcome: ScriptWithdrawalOutcome }>,
  platform: Array<{ outcome: ScriptPlatformOutcome }> = [],
): Promise<void> {
  const rows = [
    ...card.map((s) => ({ user_id: userId, area: 'card' as const, processor: s.processor ?? null, position: s.at ?? null, outcome: s.outcome })),
    ...withdrawal.map((s) => ({ user_id: userId, area: 'withdrawal' as const, processor: null, position: null, outcome: s.outcome })),
    ...platform.map((s) => ({ user_id: userId, area: 'platform' as const, processor: null, position: null, outcome: s.outcome })),
  ];
  if (rows.length === 0) return;
  const counts = await db
    .selectFrom('sandbox_scripts')
    .select(['area', db.fn.countAll<string>().as('n')])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .groupBy('area')
    .execute();
  const waiting = (area: string) => Number(counts.find((c) => c.area === area)?.n ?? 0);
  if (waiting('card') + card.length > MAX_WAITING || waiting('withdrawal') + withdrawal.length > MAX_WAITING || waiting('platform') + platform.length > MAX_WAITING) {
    throw new TooManySteps();
  }
  await db.insertInto('sandbox_scripts').values(rows).execute();
}

/** The trader's waiting steps, oldest first. */
export async function waitingSteps(db: DbOrTx, userId: number): Promise<SandboxScriptResponse['waiting']> {
  const rows = await db.selectFrom('sandbox_scripts').selectAll().where('user_id', '=', userId).where('used_at', 'is', null).orderBy('id').execute();
  return {
    card: rows.filter((r) => r.area === 'card').map((r) => ({ processor: r.processor, at: r.position, outcome: r.outcome })),
    withdrawal: rows.filter((r) => r.area === 'withdrawal').map((r) => ({ outcome: r.outcome })),
    platform: rows.filter((r) => r.area === 'platform').map((r) => ({ outcome: r.outcome })),
  };
}

/** Drops the trader's waiting steps; answers how many. */
export async function clearSteps(db: DbOrTx, userId: number): Promise<number> {
  const gone = await db.deleteFrom('sandbox_scripts').where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * A processor start of a payment: the oldest waiting card step of the payment's trader that
 * matches the processor and the attempt's place (`seq` + 1) is used, once, by this attempt
 * (`uid`). The row lock (SKIP LOCKED) keeps two starts at the same moment from using one step.
 */
export async function takeCardStep(db: DbOrTx, paymentId: string, uid: string, processor: CardProcessor, seq: number): Promise<ScriptCardOutcome | undefined> {
  const { rows } = await sql<{ outcome: ScriptCardOutcome }>`
    update sandbox_scripts set used_at = now(), used_uid = ${uid}
    where id = (
      select s.id from sandbox_scripts s
      join card_payments p on p.user_id = s.user_id
      where p.id = ${paymentId} and s.area = 'card' and s.used_at is null
        and (s.processor is null or s.processor = ${processor})
        and (s.position is null or s.position = ${seq + 1})
      order by s.id
      limit 1
      for update of s skip locked)
    returning outcome`.execute(db);
  return rows[0]?.outcome;
}

/** The outcome a card attempt took from a script, if it took one (its checks and page follow it). */
export async function cardStepOf(db: DbOrTx, uid: string): Promise<ScriptCardOutcome | undefined> {
  const row = await db.selectFrom('sandbox_scripts').select('outcome').where('used_uid', '=', uid).executeTakeFirst();
  return row?.outcome as ScriptCardOutcome | undefined;
}

/** The trader's next waiting withdrawal step, without using it. */
export async function nextWithdrawalStep(db: DbOrTx, userId: number): Promise<{ id: number; outcome: ScriptWithdrawalOutcome } | undefined> {
  const row = await db
    .selectFrom('sandbox_scripts')
    .select(['id', 'outcome'])
    .where('user_id', '=', userId)
    .where('area', '=', 'withdrawal')
    .where('used_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && { id: row.id, outcome: row.outcome as ScriptWithdrawalOutcome };
}

/** Marks a step used by `what` (a withdrawal id); false when another request used it first. */
export async function takeStep(db: DbOrTx, id: number, what: string): Promise<boolean> {
  const done = await db.updateTable('sandbox_scripts').set({ used_at: new Date(), used_uid: `w:${what}` }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * A sign-in on the sandbox platform as `login` (the trader's email): the trader's oldest waiting
 * platform step is used, once (SKIP LOCKED: two sign-ins at the same moment never share one).
 */
export async function takePlatformStep(db: DbOrTx, login: string): Promise<ScriptPlatformOutcome | undefined> {
  const { rows } = await sql<{ outcome: ScriptPlatformOutcome }>`
    update sandbox_scripts set used_at = now()
    where id = (
      select s.id from sandbox_scripts s
      join users u on u.id = s.user_id
      where u.email = ${login} and s.area = 'platform' and s.used_at is null
      order by s.id
      limit 1
      for update of s skip locked)
    returning outcome`.execute(db);
  return rows[0]?.outcome;
}
