import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IQ_QUESTIONS } from '../../../core/contract/iq';
import type { Db } from '../../db';
import { freshDb, type TestDb } from '../../test/db';
import { balanceOf, verifyLedger } from '../ledger';
import { answerIq, startIq } from './iq';
import { IQ_QUESTION_DEFS } from './questions';

/** IQ mining: resume, a wrong answer earns nothing, all right pays 1.62 once, concurrency, owners. */
let t: TestDb;
let db: Db;
let seq = 0;
async function trader(currency = 'USD'): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ email: `iq${++seq}@example.com`, password_hash: 'x', first_name: 'Ann', last_name: 'Lee', country: 'FR', currency, current_account_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}
const bonusOf = async (userId: number, currency = 'USD'): Promise<bigint> => {
  const row = await db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('type', '=', 'bonus').where('currency', '=', currency).executeTakeFirst();
  return row ? balanceOf(db, row.id) : 0n;
};
const right = (i: number) => IQ_QUESTION_DEFS[i]!.right;
const wrong = (i: number) => IQ_QUESTION_DEFS[i]!.options.find((o) => o.id !== right(i))!.id;
const notifications = (userId: number) => db.selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', userId).where('kind', '=', 'iq.rewarded').execute();

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
});
afterAll(() => t?.close());

describe('IQ mining: the quiz held by the server', () => {
  it('has five questions, each with its right answer among the options', () => {
    expect(IQ_QUESTION_DEFS).toHaveLength(IQ_QUESTIONS);
    for (const q of IQ_QUESTION_DEFS) expect(q.options.map((o) => o.id)).toContain(q.right);
  });

  it('starts, and a second start resumes at the question reached (never the answer sent)', async () => {
    const userId = await trader();
    const first = await startIq(db, userId);
    expect(first).toMatchObject({ status: 'question', question: { n: 1, total: 5 }, reward: { amount: '1.62', currency: 'USD' }, earnable: true, last: null });
    expect(JSON.stringify(first)).not.toContain('"right"');
    const after = await answerIq(db, userId, 1, right(0));
    expect(after.state).toMatchObject({ question: { n: 2 }, last: { n: 1, correct: true, right: right(0) } });
    const resumed = await startIq(db, userId);
    expect(resumed).toMatchObject({ status: 'question', question: { n: 2 }, iq_start: first.iq_start });
    // a stale or repeated answer to question 1 records nothing and answers the state as it is
    const again = await answerIq(db, userId, 1, wrong(0));
    expect(again.state).toMatchObject({ question: { n: 2 }, earnable: true, last: { n: 1, chosen: right(0), correct: true } });
  });

  it('a wrong answer shows the right one with its explanation; the quiz goes on and pays nothing', async () => {
    const userId = await trader();
    await startIq(db, userId);
    const { state } = await answerIq(db, userId, 1, wrong(0));
    expect(state).toMatchObject({ earnable: false, last: { correct: false, right: right(0), explanation: IQ_QUESTION_DEFS[0]!.explanation } });
    for (let n = 2; n <= 5; n++) await answerIq(db, userId, n, right(n - 1));
    const end = await startIq(db, userId);
    expect(end).toMatchObject({ status: 'finished', question: null, result: { right: 4, total: 5, rewarded: false }, earnable: false });
    expect(await bonusOf(userId)).toBe(0n);
    expect(await notifications(userId)).toHaveLength(0);
  });

  it('all right on the first try pays 1.62 into the bonus balance once, with iq.rewarded; another quiz is not possible', async () => {
    const userId = await trader('EUR');
    await startIq(db, userId);
    let rewarded = 0;
    for (let n = 1; n <= 5; n++) if ((await answerIq(db, userId, n, right(n - 1))).rewarded) rewarded += 1;
    expect(rewarded).toBe(1);
    expect(await bonusOf(userId, 'EUR')).toBe(162n);
    const state = await startIq(db, userId);
    expect(state).toMatchObject({ status: 'finished', result: { right: 5, rewarded: true }, reward: { amount: '1.62', currency: 'EUR' } });
    expect((await answerIq(db, userId, 5, right(4))).rewarded).toBe(false);
    expect(await bonusOf(userId, 'EUR')).toBe(162n);
    const sent = await notifications(userId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toMatchObject({ amount: '1.62', currency: 'EUR' });
    const tx = await db.selectFrom('ledger_transactions').select(['kind']).where('idempotency_key', '=', `iq:${userId}`).execute();
    expect(tx).toEqual([{ kind: 'iq_reward' }]);
    await verifyLedger(db);
  });

  it('two last answers at once pay once', async () => {
    const userId = await trader();
    await startIq(db, userId);
    for (let n = 1; n <= 4; n++) await answerIq(db, userId, n, right(n - 1));
    const both = await Promise.all([answerIq(db, userId, 5, right(4)), answerIq(db, userId, 5, right(4)), answerIq(db, userId, 5, wrong(4))]);
    expect(both.filter((b) => b.rewarded)).toHaveLength(1);
    expect(both.every((b) => b.state.status === 'finished')).toBe(true);
    expect(await bonusOf(userId)).toBe(162n);
    expect(await notifications(userId)).toHaveLength(1);
  });

  it("answers go to the trader's own quiz only; an unknown option and other currencies are refused", async () => {
    const a = await trader();
    const b = await trader();
    await startIq(db, a);
    await expect(answerIq(db, b, 1, right(0))).rejects.toMatchObject({ key: 'iq.not_started' });
    await startIq(db, b);
    await answerIq(db, b, 1, wrong(0));
    expect(await startIq(db, a)).toMatchObject({ question: { n: 1 }, earnable: true });
    await expect(answerIq(db, a, 1, 'z')).rejects.toMatchObject({ key: 'iq.option' });
    const btc = await trader('BTC');
    await expect(startIq(db, btc)).rejects.toMatchObject({ status: 409, key: 'iq.currency' });
  });
});
