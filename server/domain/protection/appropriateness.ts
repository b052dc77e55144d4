import { sql } from 'kysely';
import { answerProblems, APPROPRIATENESS, appropriatenessState, mayTrade, needsAppropriateness, publicQuestions, scoreAnswers, type LastOutcome } from '../../../core/appropriateness';
import type { AppropriatenessStatus } from '../../../core/contract/appropriateness';
import type { Db } from '../../db';
import '../../db/schema-appropriateness';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

/**
 * Appropriateness (issue 30 §6; rules in core/appropriateness.ts, docs/appropriateness.md). Before
 * the first trade of a real-money account the trader answers a short questionnaire, scored here
 * (the client never gets the answers). A pass opens trading; a failed test shows the risk warning
 * and a 24-hour cool-down, after which the trader may try again or accept the risk explicitly.
 * Every test is a row of `appropriateness_tests` (the history stays); it is recorded in one
 * transaction under the trader's row lock, so two submissions at once cannot both pass the
 * cool-down or the "already passed" check. The platform refuses a trade until then
 * (`tradingRefusal`, asked by the platform at each trade: compose.ts).
 */

interface Latest extends LastOutcome {
  attempt: number;
  score: number;
  of: number;
}

async function latestTest(db: DbOrTx, userId: number): Promise<Latest | null> {
  const row = await db
    .selectFrom('appropriateness_tests')
    .select(['attempt', 'score', 'of', 'passed', 'taken_at', 'risk_accepted_at'])
    .where('user_id', '=', userId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { attempt: row.attempt, score: row.score, of: row.of, passed: row.passed, takenAt: row.taken_at, riskAcceptedAt: row.risk_accepted_at } : null;
}

/** Whether the trader's platform account is one that needs the test (a real-money one; a demo one does not). */
async function needsTest(db: DbOrTx, userId: number): Promise<boolean> {
  const accounts = await db.selectFrom('accounts').select('type').where('user_id', '=', userId).where('platform_login', 'is not', null).execute();
  return accounts.some((a) => needsAppropriateness(a.type));
}

async function standing(db: DbOrTx, userId: number, now: Date) {
  const needed = await needsTest(db, userId);
  const last = await latestTest(db, userId);
  return { last, ...appropriatenessState(needed, last, now) };
}

/** GET /api/appropriateness: where the trader stands, and the questions when they may answer now. */
export async function appropriatenessStatus(db: DbOrTx, userId: number, now: Date): Promise<AppropriatenessStatus> {
  const { last, state, retryAt, ready } = await standing(db, userId, now);
  const of = publicQuestions().length;
  const canAnswer = state === 'required' || (state === 'failed' && ready);
  return {
    state,
    score: last?.score ?? null,
    of: last?.of ?? of,
    passMark: APPROPRIATENESS.passMark,
    attempts: last?.attempt ?? 0,
    takenAt: last?.takenAt.toISOString() ?? null,
    retryAt: retryAt?.toISOString() ?? null,
    ready,
    riskAcceptedAt: last?.riskAcceptedAt?.toISOString() ?? null,
    questions: canAnswer ? publicQuestions() : [],
  };
}

const cooldownRefusal = (retryAt: Date) =>
  new Refusal(409, 'appropriateness.cooldown', `You can try again or accept the risk from ${retryAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`, { params: { retryAt: retryAt.toISOString() } });

/** The refusals both calls share: a demo account, a test already passed or the risk already accepted. */
function refuseSettled(state: string): void {
  if (state === 'not_required') throw new Refusal(409, 'appropriateness.not_required', 'A demo account needs no questionnaire: its money is virtual.');
  if (state === 'passed' || state === 'accepted') throw new Refusal(409, 'appropriateness.done', 'You have already completed the questionnaire.');
}

/** POST /api/appropriateness: the answers scored and recorded, in one transaction under the trader's row lock. */
export async function submitAnswers(db: Db, userId: number, answers: Readonly<Record<string, string>>, now: Date): Promise<AppropriatenessStatus> {
  const problems = answerProblems(answers);
  if (Object.keys(problems).length > 0) throw new Refusal(400, 'validation', 'Answer every question with one of its options.', { fields: problems });
  await db.transaction().execute(async (trx) => {
    await sql`select 1 from users where id = ${userId} for no key update`.execute(trx);
    const { last, state, retryAt, ready } = await standing(trx, userId, now);
    refuseSettled(state);
    if (state === 'failed' && !ready && retryAt) throw cooldownRefusal(retryAt);
    const scored = scoreAnswers(answers);
    await trx
      .insertInto('appropriateness_tests')
      .values({ user_id: userId, attempt: (last?.attempt ?? 0) + 1, score: scored.score, of: scored.of, passed: scored.passed, answers: JSON.stringify(answers), taken_at: now })
      .execute();
  });
  return appropriatenessStatus(db, userId, now);
}

/** POST /api/appropriateness/accept-risk: after a failed test and its cool-down, the risk accepted explicitly (recorded on that test). */
export async function acceptRisk(db: Db, userId: number, now: Date): Promise<AppropriatenessStatus> {
  await db.transaction().execute(async (trx) => {
    await sql`select 1 from users where id = ${userId} for no key update`.execute(trx);
    const { last, state, retryAt, ready } = await standing(trx, userId, now);
    refuseSettled(state);
    if (state !== 'failed' || !last) throw new Refusal(409, 'appropriateness.not_failed', 'Answer the questionnaire first: the risk can be accepted only after a test that was not passed.');
    if (!ready && retryAt) throw cooldownRefusal(retryAt);
    await trx.updateTable('appropriateness_tests').set({ risk_accepted_at: now }).where('user_id', '=', userId).where('attempt', '=', last.attempt).execute();
  });
  return appropriatenessStatus(db, userId, now);
}

/**
 * What the platform asks at each trade of a login (compose.ts hands it to the sandbox platform):
 * null when the login may trade (a demo account, a test passed, the risk accepted, or a login that
 * is not a trader's), else the refusal 403 trading.appropriateness with the trader's state.
 */
export async function tradingRefusal(db: DbOrTx, login: string, now: Date): Promise<Refusal | null> {
  const account = await db.selectFrom('accounts').select(['user_id']).where('platform_login', '=', login.trim().toLowerCase()).executeTakeFirst();
  if (!account || account.user_id === null) return null;
  const { state, retryAt } = await standing(db, account.user_id, now);
  if (mayTrade(state)) return null;
  return new Refusal(403, 'trading.appropriateness', 'Before your first trade, answer the short questionnaire about the risks of trading.', {
    params: { state, ...(retryAt && { retryAt: retryAt.toISOString() }) },
  });
}

/** GET /api/cashier/locks: the lock's facts when the trader may not trade yet, else null. */
export async function appropriatenessLock(db: DbOrTx, userId: number, now: Date): Promise<Record<string, string> | null> {
  const { state, retryAt, ready } = await standing(db, userId, now);
  if (mayTrade(state)) return null;
  return { state, ...(retryAt && { retryAt: retryAt.toISOString() }), ready: String(ready) };
}
