import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { toBigInt } from '../../db/values';
import { freshDb, type TestDb } from '../../test/db';
import { houseAccount, transfer, verifyLedger } from '../ledger';
import { acceptOffer, currentOffer, GIVEAWAY_DELAY_MS, GIVEAWAY_REPEAT_MS, ignoreOffer, LIMITED_DELAY_MS, LIMITED_WINDOW_MS, recordLastHost, sandboxOfferNow } from './offers';

let t: TestDb;
let db: Db;
let n = 0;
const T0 = new Date('2026-11-25T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

async function trader(deposited = false, traded = false): Promise<{ id: number; email: string }> {
  n += 1;
  const email = `offers${n}@example.com`;
  const user = await db.insertInto('users').values({ email, password_hash: 'x', country: 'DE', currency: 'USD', current_account_id: null }).returning('id').executeTakeFirstOrThrow();
  if (deposited) {
    const acc = await db.insertInto('accounts').values({ user_id: user.id, currency: 'USD', account_group: 'real', type: 'trading' }).returning('id').executeTakeFirstOrThrow();
    await transfer(db, { kind: 'deposit', idempotencyKey: `offers-dep-${n}`, debitAccountId: await houseAccount(db, 'USD'), creditAccountId: acc.id, amountMinor: 25_000n, currency: 'USD' });
    // a trade result booked: the risk-free offer (for traders who have not traded yet) is not theirs
    if (traded) await transfer(db, { kind: 'trade_result', idempotencyKey: `offers-trade-${n}`, debitAccountId: await houseAccount(db, 'USD'), creditAccountId: acc.id, amountMinor: 100n, currency: 'USD' });
  }
  return { id: user.id, email };
}
const ctx = (userId: number, now: Date, signedInAt = at(-3600_000)) => ({ userId, signedInAt, now });
const bonusBalance = async (userId: number) => {
  const row = await db.selectFrom('accounts').select('balance_minor').where('user_id', '=', userId).where('type', '=', 'bonus').executeTakeFirst();
  return row ? toBigInt(row.balance_minor) : 0n;
};
const outcomeOf = async (id: string) => (await db.selectFrom('offers').select(['outcome', 'outcome_at']).where('id', '=', id).executeTakeFirstOrThrow()).outcome;

beforeAll(async () => {
  t = await freshDb();
  db = t.db;
});
afterAll(() => t?.close());

describe('timed offers', () => {
  it('offers the limited offer 5 minutes after signing in, while the trader has made no deposit', async () => {
    const u = await trader();
    expect(await currentOffer(db, ctx(u.id, at(LIMITED_DELAY_MS - 1), T0))).toMatchObject({ offer: null, nextCheckAt: at(LIMITED_DELAY_MS).toISOString() });
    expect((await currentOffer(db, ctx(u.id, at(LIMITED_DELAY_MS), T0))).offer?.kind).toBe('limited');
  });

  it('fixes the deadline when first shown: asking again (a reload, a second tab) sees the same deadline', async () => {
    const u = await trader();
    const first = await currentOffer(db, ctx(u.id, T0));
    expect(first.offer).toMatchObject({ kind: 'limited', shownAt: T0.toISOString(), expiresAt: at(LIMITED_WINDOW_MS).toISOString(), terms: { value: '10.00', currency: 'USD', codeHours: 24 } });
    const again = await currentOffer(db, ctx(u.id, at(60_000)));
    expect(again.offer?.id).toBe(first.offer?.id);
    expect(again.offer?.expiresAt).toBe(first.offer?.expiresAt);
    expect(again.serverTime).toBe(at(60_000).toISOString());
    const both = await Promise.all([currentOffer(db, ctx(u.id, at(61_000))), currentOffer(db, ctx(u.id, at(61_000)))]);
    expect(both.map((b) => b.offer?.expiresAt)).toEqual([first.offer?.expiresAt, first.offer?.expiresAt]);
  });

  it('a sandbox offer gets its deadline at its first show, not when made', async () => {
    const u = await trader(true);
    const id = await sandboxOfferNow(db, u.email, 'limited', T0);
    const shown = await currentOffer(db, ctx(u.id, at(5000)));
    expect(shown.offer).toMatchObject({ id, shownAt: at(5000).toISOString(), expiresAt: at(5000 + LIMITED_WINDOW_MS).toISOString() });
  });

  it('refuses an accept after the deadline and records the offer expired; nothing is paid', async () => {
    const u = await trader();
    const { offer } = await currentOffer(db, ctx(u.id, T0));
    await expect(acceptOffer(db, u.id, offer!.id, at(LIMITED_WINDOW_MS))).rejects.toMatchObject({ status: 410, key: 'offer.expired' });
    expect(await outcomeOf(offer!.id)).toBe('expired');
    expect(await db.selectFrom('offers').select('promo_code').where('id', '=', offer!.id).executeTakeFirstOrThrow()).toEqual({ promo_code: null });
    // no second limited offer: once per trader
    const later = await currentOffer(db, ctx(u.id, at(LIMITED_WINDOW_MS + 1)));
    expect(later.offer?.kind).not.toBe('limited');
  });

  it('accepting the limited offer twice issues one personal promo code, and notifies once', async () => {
    const u = await trader();
    const { offer } = await currentOffer(db, ctx(u.id, T0));
    const [a, b] = await Promise.all([acceptOffer(db, u.id, offer!.id, at(1000)), acceptOffer(db, u.id, offer!.id, at(1000))]);
    expect(a.response).toEqual(b.response);
    expect([a.fresh, b.fresh].filter(Boolean)).toHaveLength(1);
    expect(a.response).toMatchObject({ kind: 'limited', value: '10.00', currency: 'USD', validUntil: at(1000 + 24 * 3600_000).toISOString() });
    const code = await db.selectFrom('promo_codes').selectAll().where('code', '=', a.response.promoCode!).executeTakeFirstOrThrow();
    expect(code).toMatchObject({ kind: 'value', currency: 'USD', max_uses: 1 });
    expect(toBigInt(code.value_minor)).toBe(1000n);
    const notes = await db.selectFrom('notifications').select(['kind', 'params']).where('user_id', '=', u.id).execute();
    expect(notes).toEqual([{ kind: 'offer.accepted', params: expect.objectContaining({ offer: 'limited', value: '10.00', code: a.response.promoCode }) }]);
    const third = await acceptOffer(db, u.id, offer!.id, at(LIMITED_WINDOW_MS + 5000));
    expect(third).toEqual({ response: a.response, fresh: false });
  });

  it('records an ignore once; an ignored offer cannot be accepted', async () => {
    const u = await trader();
    const { offer } = await currentOffer(db, ctx(u.id, T0));
    expect(await ignoreOffer(db, u.id, offer!.id, at(2000))).toEqual({ outcome: 'ignored' });
    expect(await ignoreOffer(db, u.id, offer!.id, at(3000))).toEqual({ outcome: 'ignored' });
    expect(await outcomeOf(offer!.id)).toBe('ignored');
    await expect(acceptOffer(db, u.id, offer!.id, at(4000))).rejects.toMatchObject({ key: 'offer.ignored' });
    // another trader cannot touch it
    const other = await trader();
    await expect(ignoreOffer(db, other.id, offer!.id, at(4000))).rejects.toMatchObject({ status: 404 });
  });

  it('the giveaway: 10 minutes after signing in, credits the bonus balance once, and not again within 24 hours', async () => {
    const u = await trader(true, true);
    const early = await currentOffer(db, ctx(u.id, at(GIVEAWAY_DELAY_MS - 1), T0));
    expect(early).toMatchObject({ offer: null, nextCheckAt: at(GIVEAWAY_DELAY_MS).toISOString() });
    const { offer } = await currentOffer(db, ctx(u.id, at(GIVEAWAY_DELAY_MS), T0));
    expect(offer).toMatchObject({ kind: 'giveaway', terms: { value: '5.00', currency: 'USD' } });
    await acceptOffer(db, u.id, offer!.id, at(GIVEAWAY_DELAY_MS + 1000));
    await acceptOffer(db, u.id, offer!.id, at(GIVEAWAY_DELAY_MS + 2000));
    expect(await bonusBalance(u.id)).toBe(500n);
    const tx = await db.selectFrom('ledger_transactions').select(['kind', 'idempotency_key']).where('kind', '=', 'offer_giveaway').where('idempotency_key', '=', `offer:${offer!.id}:giveaway`).execute();
    expect(tx).toHaveLength(1);
    // a new sign-in does not bring it back within 24 hours of the last one
    const relogin = at(GIVEAWAY_DELAY_MS + 3600_000);
    const within = await currentOffer(db, ctx(u.id, at(GIVEAWAY_REPEAT_MS + GIVEAWAY_DELAY_MS - 1), relogin));
    expect(within).toMatchObject({ offer: null, nextCheckAt: at(GIVEAWAY_DELAY_MS + GIVEAWAY_REPEAT_MS).toISOString() });
    const after = await currentOffer(db, ctx(u.id, at(GIVEAWAY_DELAY_MS + GIVEAWAY_REPEAT_MS), relogin));
    expect(after.offer?.kind).toBe('giveaway');
    expect(after.offer?.id).not.toBe(offer!.id);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('records where the trader came from, and only that', async () => {
    const u = await trader();
    await recordLastHost(db, u.id, 'News.Example.org', T0);
    await recordLastHost(db, u.id, 'blog.example.com', at(1));
    expect(await db.selectFrom('trader_hosts').select(['host']).where('user_id', '=', u.id).execute()).toEqual([{ host: 'blog.example.com' }]);
  });
});
