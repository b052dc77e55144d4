import { BONUS_CURRENCIES } from '../../../core/amount';
import { IQ_QUESTIONS, IQ_REWARD_MINOR, type IqFeedback, type IqQuestion, type IqState } from '../../../core/contract/iq';
import { formatMoney } from '../../../core/money';
import type { Db } from '../../db';
import '../../db/schema-iq';
import type { IqMiningRow } from '../../db/schema-iq';
import { bonusAccount } from '../deposits/bonus';
import { houseAccount, transfer, type DbOrTx } from '../ledger';
import { notify } from '../notifications/notify';
import { assertIncentivesOffered } from '../protection/incentives';
import { Refusal } from '../refusal';
import { IQ_QUESTION_DEFS } from './questions';

/**
 * IQ mining (spec 001 §2, §7 /api/iq/start, /api/iq/next, §9 parameter 162;
 * docs/engagement.md "IQ mining"). A quiz of IQ_QUESTIONS questions about the product's real
 * rules, its state on the server (one `iq_mining` row per trader: a reload or another tab
 * continues where it was). Each answer is checked here; a wrong one is answered with the right
 * option and its explanation, and the reward is then no longer earned. All right on the first try:
 * IQ_REWARD_MINOR (162 minor units = 1.62) of the trader's currency into their bonus balance,
 * one ledger transfer from the house (kind `iq_reward`, key `iq:{userId}`), with the notification
 * `iq.rewarded` in the same transaction. Once per trader: the quiz is taken once.
 * Only in the bonus currencies (USD, EUR, GBP, RUB), like the giveaway offer.
 */

export const IQ_REFUSALS = {
  currency: () => new Refusal(409, 'iq.currency', 'IQ mining is for accounts in USD, EUR, GBP or RUB only.'),
  notStarted: () => new Refusal(409, 'iq.not_started', 'Start the quiz first.'),
  unknownOption: () => new Refusal(400, 'iq.option', 'Choose one of the answers.'),
};

const answersOf = (row: IqMiningRow): string[] => (Array.isArray(row.answers) ? row.answers : (JSON.parse(String(row.answers)) as string[]));

function questionOf(index: number): IqQuestion {
  const def = IQ_QUESTION_DEFS[index]!;
  return { n: index + 1, total: IQ_QUESTIONS, text: def.text, options: def.options };
}

function feedbackOf(index: number, chosen: string): IqFeedback {
  const def = IQ_QUESTION_DEFS[index]!;
  const right = def.options.find((o) => o.id === def.right)!;
  return { n: index + 1, chosen, correct: chosen === def.right, right: def.right, rightText: right.text, explanation: def.explanation };
}

async function currencyOf(db: DbOrTx, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
  if (!user || !BONUS_CURRENCIES.includes(user.currency)) throw IQ_REFUSALS.currency();
  return user.currency;
}

/** The state as the trader sees it; `lastN` names the answered question to explain (1-based). */
function stateOf(row: IqMiningRow, currency: string, lastN: number | null): IqState {
  const answers = answersOf(row);
  const finished = row.finished_at !== null;
  const lastIndex = lastN !== null && lastN >= 1 && lastN <= answers.length ? lastN - 1 : null;
  return {
    status: finished ? 'finished' : 'question',
    iq_start: row.started_at.toISOString(),
    reward: { amount: formatMoney(BigInt(IQ_REWARD_MINOR), currency), currency },
    earnable: row.all_right && (!finished || row.reward_tx !== null),
    question: finished ? null : questionOf(answers.length),
    last: lastIndex === null ? null : feedbackOf(lastIndex, answers[lastIndex]!),
    result: finished ? { right: answers.filter((a, i) => a === IQ_QUESTION_DEFS[i]!.right).length, total: IQ_QUESTIONS, rewarded: row.reward_tx !== null } : null,
  };
}

/** POST /api/iq/start: the quiz starts (once) or goes on where it was. */
export async function startIq(db: Db, userId: number, now = new Date()): Promise<IqState> {
  // IQ mining pays a reward: an incentive (../protection/incentives.ts)
  await assertIncentivesOffered(db, userId, now);
  const currency = await currencyOf(db, userId);
  await db.insertInto('iq_mining').values({ user_id: userId, started_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  const row = await db.selectFrom('iq_mining').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  return stateOf(row, currency, null);
}

/**
 * POST /api/iq/next: the answer to question `n`. Only the trader's own row, locked: two tabs (or a
 * repeated request) answering the same question record one answer; an answer to a question
 * already answered changes nothing and answers the state with that question's feedback. The
 * last answer finishes the quiz and, when all were right, pays the reward in the same
 * transaction. `rewarded` tells the route to push notification.new and user.updated.
 */
export async function answerIq(db: Db, userId: number, n: number, answer: string, now = new Date()): Promise<{ state: IqState; rewarded: boolean }> {
  await assertIncentivesOffered(db, userId, now);
  return db.transaction().execute(async (trx) => {
    const currency = await currencyOf(trx, userId);
    const row = await trx.selectFrom('iq_mining').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) throw IQ_REFUSALS.notStarted();
    const answers = answersOf(row);
    if (row.finished_at !== null || n !== answers.length + 1) return { state: stateOf(row, currency, n), rewarded: false };
    const def = IQ_QUESTION_DEFS[n - 1]!;
    if (!def.options.some((o) => o.id === answer)) throw IQ_REFUSALS.unknownOption();
    const next = [...answers, answer];
    const allRight = row.all_right && answer === def.right;
    const finished = next.length >= IQ_QUESTIONS;
    let rewardTx: string | null = null;
    let rewarded = false;
    if (finished && allRight) {
      const amountMinor = BigInt(IQ_REWARD_MINOR);
      const result = await transfer(trx, {
        kind: 'iq_reward',
        idempotencyKey: `iq:${userId}`,
        debitAccountId: await houseAccount(trx, currency),
        creditAccountId: await bonusAccount(trx, userId, currency),
        amountMinor,
        currency,
        meta: { iq: 'mining', parameter: IQ_REWARD_MINOR },
      });
      rewardTx = result.txId;
      rewarded = !result.replayed;
      await notify(trx, { userId, kind: 'iq.rewarded', params: { amount: formatMoney(amountMinor, currency), currency }, key: `iq:${userId}` });
    }
    const updated = await trx
      .updateTable('iq_mining')
      .set({ answers: JSON.stringify(next), all_right: allRight, ...(finished && { finished_at: now, reward_tx: rewardTx }) })
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { state: stateOf(updated, currency, n), rewarded };
  });
}
