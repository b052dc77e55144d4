import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IqState } from '../../core/contract/iq';
import { Ladder } from '../../core/contract/ladder';
import { IQ_QUESTION_DEFS } from '../domain/iq/questions';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/** IQ mining and the ladder over HTTP. */
const right = (i: number) => IQ_QUESTION_DEFS[i]!.right;

describe('IQ mining and the ladder over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app?.close());

  it('needs a session; start, answer, resume from another browser of the same trader; the bad body is 400', async () => {
    expect([401, 403]).toContain((await app.browser().send('POST', '/api/iq/start', { json: {} })).statusCode);
    const browser = app.browser();
    const user = await freshUser(browser);
    const started = IqState.parse((await browser.send('POST', '/api/iq/start', { json: {} })).json());
    expect(started.question?.n).toBe(1);
    const next = IqState.parse((await browser.send('POST', '/api/iq/next', { json: { n: 1, answer: right(0) } })).json());
    expect(next).toMatchObject({ question: { n: 2 }, last: { correct: true } });
    const other = app.browser();
    await other.me();
    await other.signIn(user.email, user.password);
    expect(IqState.parse((await other.send('POST', '/api/iq/start', { json: {} })).json()).question?.n).toBe(2);
    expect((await browser.send('POST', '/api/iq/next', { json: { n: 9, answer: 'a' } })).statusCode).toBe(400);
  });

  it('GET /api/us/ladder: a fresh trader is not on the running weekly contest and is told so, with the contests page', async () => {
    const browser = app.browser();
    await freshUser(browser);
    const ladder = Ladder.parse((await browser.send('GET', '/api/us/ladder')).json());
    expect(ladder).toMatchObject({ url: '#/show/contest', state: 'out', rank: null, contest: { type: 'weekly', rule: 'net_profit' } });
  });
});
