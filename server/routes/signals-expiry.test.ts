import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignalsResponse } from '../../core/contract';
import { signalsFor } from '../domain/trading/signals';
import { sandboxSignals } from '../test/sandbox';
import { testApp, type TestApp } from '../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db.deleteFrom('signal_deliveries').execute();
  await t.db.deleteFrom('signals').execute();
});

/** A 1-minute signal published `agoMs` before `now`; valid_until as the old rule stored it (published + 10 minutes). */
async function signalPublished(agoMs: number, now = Date.now()): Promise<string> {
  const id = randomUUID();
  const created = now - agoMs;
  await t.db
    .insertInto('signals')
    .values({ id, symbol: 'EURUSD', direction: 'up', expiry_seconds: 60, price: '1.08512', source: 'sandbox', popup_seconds: 60, created_at: new Date(created), valid_until: new Date(created + 10 * 60_000) })
    .execute();
  return id;
}

async function traderId(): Promise<number> {
  const row = await t.db.selectFrom('users').select('id').where('email', '=', 'trader@example.com').executeTakeFirstOrThrow();
  return row.id;
}

describe('signals are offered only while valid, counting down to their real end', () => {
  it('POST /api/signals: a 1-minute signal published 7 minutes ago is not offered; one published 20 s ago is, ending 40 s from now', async () => {
    const stale = await signalPublished(7 * 60_000);
    const recent = await signalPublished(20_000);
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const answer = SignalsResponse.parse((await b.send('POST', '/api/signals', { json: {} })).json());
    expect(answer.signals.map((s) => s.id)).not.toContain(stale);
    const shown = answer.signals.find((s) => s.id === recent)!;
    expect(shown).toBeDefined();
    // its real end: published + 60 s, i.e. about 40 s after the server's answer; never a fresh 60
    expect(shown.expiresAt).toBe(shown.createdAt + 60_000);
    const left = shown.expiresAt - answer.serverTime;
    expect(left).toBeGreaterThan(30_000);
    expect(left).toBeLessThanOrEqual(40_000);
    // a reload hands out the same end
    const again = SignalsResponse.parse((await b.send('POST', '/api/signals', { json: {} })).json());
    expect(again.signals.find((s) => s.id === recent)?.expiresAt).toBe(shown.expiresAt);
  });

  it('signalsFor on a fixed clock: stale ones never, the valid one with its remaining time, a short pop-up ends first', async () => {
    const now = Date.now();
    const user = await traderId();
    await signalPublished(7 * 60_000, now);
    await signalPublished(60_000, now); // exactly at its end: no longer valid
    const recent = await signalPublished(20_000, now);
    const list = await signalsFor(t.db, user, { now });
    expect(list.map((s) => [s.id, s.expiresAt - now])).toEqual([[recent, 40_000]]);

    // a tester's 4-second pop-up on a fresh signal ends after 4 s, not at the signal's end
    const short = randomUUID();
    await t.db
      .insertInto('signals')
      .values({ id: short, symbol: 'GBPUSD', direction: 'down', expiry_seconds: 60, price: '1.26', source: 'sandbox', popup_seconds: 4, created_at: new Date(now - 1_000), valid_until: new Date(now + 59_000) })
      .execute();
    const later = await signalsFor(t.db, user, { now: now + 1_000 });
    expect(later.find((s) => s.id === short)!.expiresAt).toBe(now + 5_000);
    // 41 s later the recent one has ended: not offered again
    expect((await signalsFor(t.db, user, { now: now + 41_000 })).map((s) => s.id)).not.toContain(recent);
  });

  it('a delivery recorded under the old rule (a fresh 60 s) is cut to the signal’s end', async () => {
    const now = Date.now();
    const user = await traderId();
    const id = await signalPublished(50_000, now);
    const day = new Date(now).toISOString().slice(0, 10);
    await t.db.insertInto('signal_deliveries').values({ signal_id: id, user_id: user, day, delivered_at: new Date(now - 1_000), expires_at: new Date(now + 59_000) }).execute();
    const list = await signalsFor(t.db, user, { now });
    expect(list.find((s) => s.id === id)!.expiresAt).toBe(now + 10_000);
  });

  it('the sandbox source publishes signals valid for their own minute', async () => {
    const now = Date.now();
    const user = await traderId();
    const list = await signalsFor(t.db, user, { source: sandboxSignals(t.db), now });
    expect(list).toHaveLength(1);
    expect(list[0].expiresAt).toBe(now + 60_000);
    const row = await t.db.selectFrom('signals').select(['valid_until', 'created_at']).where('id', '=', list[0].id).executeTakeFirstOrThrow();
    expect(row.valid_until.getTime() - row.created_at.getTime()).toBe(60_000);
  });
});
