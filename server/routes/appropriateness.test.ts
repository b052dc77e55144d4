import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPROPRIATENESS } from '../../core/appropriateness';
import { AppropriatenessStatus } from '../../core/contract/appropriateness';
import { CashierLocks } from '../../core/contract/cashier-locks';
import type { FreshUserRequest } from '../../core/contract';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * The appropriateness questionnaire over HTTP (issue 30 §6): signed in only, the POSTs with the
 * CSRF header and about the caller's own record; the questions come without their answers and the
 * server scores them; every test is recorded (the history kept); a failed test starts a 24-hour
 * cool-down before another try or an explicit acceptance of the risk; the platform refuses a trade
 * until the trader passed or accepted (403 trading.appropriateness) and the cashier's locks say it.
 * The clock is set with fake timers (Date only) to fixed moments after the traders signed in.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

function clockAt(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const RIGHT = Object.fromEntries(APPROPRIATENESS.questions.map((q) => [q.id, q.correct]));
const WRONG = Object.fromEntries(APPROPRIATENESS.questions.map((q) => [q.id, q.options.find((o) => o !== q.correct)!]));
const xhr = { 'x-requested-with': 'XMLHttpRequest' };

async function trader(appropriateness: FreshUserRequest['appropriateness'] = 'required'): Promise<{ b: Browser; id: number; email: string }> {
  const b = t.browser();
  const user = await freshUser(b, { appropriateness });
  return { b, id: Number(user.userId), email: user.email };
}

const status = async (b: Browser) => AppropriatenessStatus.parse((await b.send('GET', '/api/appropriateness')).json());
const answer = (b: Browser, answers: Record<string, string>) => b.send('POST', '/api/appropriateness', { json: { answers } });
const accept = (b: Browser) => b.send('POST', '/api/appropriateness/accept-risk', { json: { understood: true } });
const rows = (id: number) =>
  t.db.selectFrom('appropriateness_tests').select(['attempt', 'score', 'of', 'passed', 'answers', 'taken_at', 'risk_accepted_at']).where('user_id', '=', id).orderBy('attempt').execute();
let keys = 0;
const trade = (b: Browser) => b.send('POST', '/platform/trades', { json: { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: `appr-trade-${++keys}` }, headers: xhr });
const tradingLocks = async (b: Browser) => CashierLocks.parse((await b.send('GET', '/api/cashier/locks')).json()).trading;

describe('GET /api/appropriateness', () => {
  it('signed in only; the questions without their answers; a new real-money trader must answer', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/appropriateness')).statusCode).toBe(401);
    expect((await visitor.send('POST', '/api/appropriateness', { json: { answers: RIGHT } })).statusCode).toBe(401);
    expect((await visitor.send('POST', '/api/appropriateness/accept-risk', { json: { understood: true } })).statusCode).toBe(401);
    const { b } = await trader();
    const res = await b.send('GET', '/api/appropriateness');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('correct');
    const s = AppropriatenessStatus.parse(res.json());
    expect(s).toMatchObject({ state: 'required', score: null, of: 6, passMark: 5, attempts: 0, retryAt: null, ready: true });
    expect(s.questions.map((q) => q.id)).toEqual(APPROPRIATENESS.questions.map((q) => q.id));
    expect(s.questions[0]).toEqual({ id: 'loss', text: 'appropriateness.q.loss', options: [{ id: 'part', text: 'appropriateness.q.loss.part' }, { id: 'stake', text: 'appropriateness.q.loss.stake' }, { id: 'nothing', text: 'appropriateness.q.loss.nothing' }] });
  });

  it('a demo account needs none: not required, its trades open, the POSTs are refused', async () => {
    const { b, id, email } = await trader();
    await t.db.updateTable('accounts').set({ type: 'demo', account_group: 'demo' }).where('user_id', '=', id).where('platform_login', '=', email).execute();
    expect(await status(b)).toMatchObject({ state: 'not_required', questions: [] });
    expect((await trade(b)).statusCode).toBe(200);
    expect(await tradingLocks(b)).toEqual([]);
    const refused = await answer(b, RIGHT);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'appropriateness.not_required']);
    expect(await rows(id)).toEqual([]);
  });
});

describe('POST /api/appropriateness', () => {
  it('needs the CSRF header and every question answered with one of its options; nothing is recorded otherwise', async () => {
    const { b, id } = await trader();
    const forged = await b.send('POST', '/api/appropriateness', { json: { answers: RIGHT }, csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
    const { loss: _loss, ...open } = RIGHT;
    const missing = await answer(b, { ...open, payout: 'p999', extra: 'a' });
    expect([missing.statusCode, missing.json().error, missing.json().fields]).toEqual([
      400,
      'validation',
      { loss: 'appropriateness.unanswered', payout: 'appropriateness.option', extra: 'appropriateness.unknown' },
    ]);
    expect((await b.send('POST', '/api/appropriateness', { json: { answers: 'all' } })).statusCode).toBe(400);
    expect(await rows(id)).toEqual([]);
  });

  it('a pass is scored, recorded and opens trading; it cannot be taken again', async () => {
    const { b, id } = await trader();
    const refused = await trade(b);
    expect([refused.statusCode, refused.json().error, refused.json().params]).toEqual([403, 'trading.appropriateness', { state: 'required' }]);
    expect(await tradingLocks(b)).toEqual([{ reason: 'appropriateness', params: { state: 'required', ready: 'true' } }]);

    clockAt('2025-03-10T12:00:00Z');
    const res = await answer(b, { ...RIGHT, loss: 'part' });
    expect(res.statusCode).toBe(200);
    expect(AppropriatenessStatus.parse(res.json())).toMatchObject({ state: 'passed', score: 5, of: 6, attempts: 1, takenAt: '2025-03-10T12:00:00.000Z', retryAt: null, questions: [] });
    expect(await rows(id)).toEqual([
      { attempt: 1, score: 5, of: 6, passed: true, answers: { ...RIGHT, loss: 'part' }, taken_at: new Date('2025-03-10T12:00:00Z'), risk_accepted_at: null },
    ]);
    expect((await trade(b)).statusCode).toBe(200);
    expect(await tradingLocks(b)).toEqual([]);
    const again = await answer(b, WRONG);
    expect([again.statusCode, again.json().error]).toEqual([409, 'appropriateness.done']);
    expect(await rows(id)).toHaveLength(1);
  });

  it('a fail: the risk warning’s cool-down of 24 hours before another try or the risk accepted; then a pass; every test kept', async () => {
    const { b, id } = await trader();
    clockAt('2025-04-01T08:30:00Z');
    const failed = AppropriatenessStatus.parse((await answer(b, { ...WRONG, odds: 'lose' })).json());
    expect(failed).toMatchObject({ state: 'failed', score: 1, of: 6, attempts: 1, retryAt: '2025-04-02T08:30:00.000Z', ready: false, questions: [] });
    expect((await trade(b)).json()).toMatchObject({ error: 'trading.appropriateness', params: { state: 'failed', retryAt: '2025-04-02T08:30:00.000Z' } });
    expect(await tradingLocks(b)).toEqual([{ reason: 'appropriateness', params: { state: 'failed', retryAt: '2025-04-02T08:30:00.000Z', ready: 'false' } }]);

    clockAt('2025-04-02T08:29:59Z');
    const early = await answer(b, RIGHT);
    expect([early.statusCode, early.json().error, early.json().params]).toEqual([409, 'appropriateness.cooldown', { retryAt: '2025-04-02T08:30:00.000Z' }]);
    const earlyAccept = await accept(b);
    expect([earlyAccept.statusCode, earlyAccept.json().error]).toEqual([409, 'appropriateness.cooldown']);
    expect(await rows(id)).toHaveLength(1);

    clockAt('2025-04-02T08:30:00Z');
    expect(await status(b)).toMatchObject({ state: 'failed', ready: true, questions: expect.arrayContaining([expect.objectContaining({ id: 'loss' })]) });
    const passed = AppropriatenessStatus.parse((await answer(b, RIGHT)).json());
    expect(passed).toMatchObject({ state: 'passed', score: 6, attempts: 2 });
    expect((await rows(id)).map((r) => [r.attempt, r.passed, r.taken_at.toISOString()])).toEqual([
      [1, false, '2025-04-01T08:30:00.000Z'],
      [2, true, '2025-04-02T08:30:00.000Z'],
    ]);
    expect((await trade(b)).statusCode).toBe(200);
  });

  it('two answers sent at once: one test is recorded, the other refused', async () => {
    const { b, id } = await trader();
    const answers = await Promise.all([answer(b, WRONG), answer(b, WRONG), answer(b, RIGHT)]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().error).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/^appropriateness\.(cooldown|done)$/)]));
    expect(await rows(id)).toHaveLength(1);
  });
});

describe('POST /api/appropriateness/accept-risk', () => {
  it('only after a failed test and its cool-down, with the box ticked, by the trader’s own session; then trading opens', async () => {
    const { b, id } = await trader();
    const none = await accept(b);
    expect([none.statusCode, none.json().error]).toEqual([409, 'appropriateness.not_failed']);
    clockAt('2025-05-05T20:00:00Z');
    await answer(b, WRONG);
    clockAt('2025-05-06T20:00:01Z');
    const forged = await b.send('POST', '/api/appropriateness/accept-risk', { json: { understood: true }, csrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await b.send('POST', '/api/appropriateness/accept-risk', { json: { understood: false } })).statusCode).toBe(400);
    // another trader's call changes only their own record
    const other = await trader('failed_earlier');
    expect(AppropriatenessStatus.parse((await accept(other.b)).json())).toMatchObject({ state: 'accepted' });
    expect(await status(b)).toMatchObject({ state: 'failed', riskAcceptedAt: null });

    const accepted = AppropriatenessStatus.parse((await accept(b)).json());
    expect(accepted).toMatchObject({ state: 'accepted', score: 0, attempts: 1, riskAcceptedAt: '2025-05-06T20:00:01.000Z' });
    expect((await rows(id)).map((r) => [r.attempt, r.passed, r.risk_accepted_at?.toISOString()])).toEqual([[1, false, '2025-05-06T20:00:01.000Z']]);
    expect((await trade(b)).statusCode).toBe(200);
    expect(await tradingLocks(b)).toEqual([]);
    const twice = await accept(b);
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'appropriateness.done']);
    const retake = await answer(b, RIGHT);
    expect([retake.statusCode, retake.json().error]).toEqual([409, 'appropriateness.done']);
  });
});

describe('the sandbox’s fresh traders', () => {
  it('have passed unless a test asks otherwise', async () => {
    const passed = { b: t.browser() };
    await freshUser(passed.b);
    expect(await status(passed.b)).toMatchObject({ state: 'passed', attempts: 1 });
    expect((await trade(passed.b)).statusCode).toBe(200);
    const cooling = await trader('failed');
    expect(await status(cooling.b)).toMatchObject({ state: 'failed', ready: false });
    const ready = await trader('failed_earlier');
    expect(await status(ready.b)).toMatchObject({ state: 'failed', ready: true });
    const accepted = await trader('accepted');
    expect(await status(accepted.b)).toMatchObject({ state: 'accepted' });
    expect((await trade(accepted.b)).statusCode).toBe(200);
  });
});
