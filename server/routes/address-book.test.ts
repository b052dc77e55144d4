import { bech32 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_RULES } from '../../core/address-book';
import { AddressBook, ConfirmedDestination } from '../../core/contract/address-book';
import { buildApp } from '../app';
import { verifyLedger } from '../domain/ledger';
import { Browser, testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * The withdrawal address book (issue 31 §6), hostile: a saved destination cannot be used before
 * its emailed confirmation and its hold, whatever the request (the check, the final request, many
 * at once, the link opened meanwhile); the link works once; "only to saved" refuses an unsaved
 * destination at once and its switch-off waits the hold; the book is the owner's alone.
 */
let t: TestApp;
let instant: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await testApp();
  // the same database with no hold (a sandbox tester's SANDBOX_ADDRESS_HOLD_MS=0): a confirmed destination is usable at once
  instant = await buildApp({ db: t.db, config: { ...t.config, addressHoldMs: 0 } });
});
afterAll(async () => {
  await instant?.close();
  await t?.close();
});

const address = (fill: number) => bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(fill))]);
const BTC = address(9);
const base = { amount: '50.00', method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD' } as const;
let seq = 0;
const withdraw = (b: Browser, body: Record<string, unknown> = {}) => b.send('POST', '/api/withdrawal/final', { json: { ...base, is_bonus: false, key: `address-book-${seq++}`, ...body } });
const check = (b: Browser, body: Record<string, unknown> = {}) => b.send('POST', '/api/withdrawal', { json: { ...base, ...body } });
const book = async (b: Browser) => AddressBook.parse((await b.send('GET', '/api/withdrawal/destinations')).json());
const save = (b: Browser, body: Record<string, unknown> = {}) => b.send('POST', '/api/withdrawal/destinations', { json: { method: 'Bitcoin', wallet: BTC, alt: '', label: 'Cold wallet', ...body } });
async function linkToken(b: Browser, email: string): Promise<string> {
  const messages = ((await b.send('GET', `/api/sandbox/outbox?email=${encodeURIComponent(email)}`)).json() as { messages: { subject: string; body: string }[] }).messages;
  const mail = messages.find((m) => m.subject === 'Confirm your new withdrawal destination');
  return /confirm-address\?token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
}
const errorOf = (res: { statusCode: number; json: () => unknown }) => [res.statusCode, (res.json() as { error?: string }).error];

describe('the withdrawal address book', () => {
  it('a saved destination is refused until it is confirmed and its hold has passed; the link works once', async () => {
    const b = t.browser();
    const user = await freshUser(b, { wd_methods: 'Bitcoin' });
    const saved = await save(b);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(AddressBook.parse(saved.json()).destinations).toMatchObject([{ method: 'Bitcoin', wallet: BTC, label: 'Cold wallet', state: 'unconfirmed', usableAt: null }]);
    expect(errorOf(await check(b))).toEqual([403, 'withdrawal.destination_unconfirmed']);
    expect(errorOf(await withdraw(b))).toEqual([403, 'withdrawal.destination_unconfirmed']);

    const token = await linkToken(b, user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stranger = t.browser();
    await stranger.me();
    const confirmed = await stranger.send('POST', '/api/withdrawal/destinations/confirm', { json: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = ConfirmedDestination.parse(confirmed.json());
    expect(answer).toMatchObject({ method: 'Bitcoin', label: 'Cold wallet', wallet: `${BTC.slice(0, 6)}…${BTC.slice(-6)}` });
    expect(Date.parse(answer.usableAt) - Date.now()).toBeGreaterThan(ADDRESS_BOOK_RULES.holdMinutes * 60_000 - 60_000);
    expect(errorOf(await stranger.send('POST', '/api/withdrawal/destinations/confirm', { json: { token } }))).toEqual([410, 'address_book.link']);

    // in its hold: refused however asked, also many at once; nothing held on the ledger
    expect((await book(b)).destinations[0]).toMatchObject({ state: 'on_hold', usableAt: answer.usableAt });
    expect(errorOf(await check(b))).toEqual([403, 'withdrawal.destination_on_hold']);
    const many = await Promise.all(Array.from({ length: 10 }, () => withdraw(b)));
    expect(many.map((r) => errorOf(r))).toEqual(Array(10).fill([403, 'withdrawal.destination_on_hold']));
    const held = await t.db.selectFrom('withdrawals').select('id').where('wallet', '=', BTC).execute();
    expect(held).toHaveLength(0);

    // the hold over (the row's time moved, as the clock would): usable
    await t.db.updateTable('withdrawal_destinations').set({ usable_at: new Date(Date.now() - 1000) }).where('wallet', '=', BTC).execute();
    expect((await book(b)).destinations[0]!.state).toBe('usable');
    const paid = await withdraw(b);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().return).toBe(true);
    expect(await verifyLedger(t.db)).toMatchObject({ ok: true });
  });

  it('the link confirming while withdrawals run: none goes out before the hold', async () => {
    const b = t.browser();
    const user = await freshUser(b, { wd_methods: 'Bitcoin' });
    const wallet = address(11);
    await save(b, { wallet });
    const token = await linkToken(b, user.email);
    const anyone = t.browser();
    await anyone.me();
    const [confirm, ...tries] = await Promise.all([anyone.send('POST', '/api/withdrawal/destinations/confirm', { json: { token } }), ...Array.from({ length: 8 }, () => withdraw(b, { wallet }))]);
    expect(confirm.statusCode).toBe(200);
    for (const r of tries) expect(['withdrawal.destination_unconfirmed', 'withdrawal.destination_on_hold']).toContain((r.json() as { error: string }).error);
  });

  it('with no hold (the sandbox setting) a confirmed destination is usable at once', async () => {
    const b = new Browser(instant);
    const user = await freshUser(b, { wd_methods: 'Bitcoin' });
    const wallet = address(12);
    await save(b, { wallet });
    await b.send('POST', '/api/withdrawal/destinations/confirm', { json: { token: await linkToken(b, user.email) } });
    expect((await book(b)).destinations[0]).toMatchObject({ state: 'usable' });
    expect((await withdraw(b, { wallet })).json().return).toBe(true);
  });

  it('"only to saved destinations" refuses an unsaved one at once; its switch-off waits the hold', async () => {
    const b = t.browser();
    await freshUser(b, { wd_methods: 'Bitcoin' });
    const unsaved = address(13);
    expect(WithdrawalOk(await check(b, { wallet: unsaved }))).toBe(true);
    const on = AddressBook.parse((await b.send('POST', '/api/withdrawal/destinations/saved_only', { json: { on: true } })).json());
    expect(on).toMatchObject({ savedOnly: true, savedOnlyEndsAt: null });
    expect(errorOf(await check(b, { wallet: unsaved }))).toEqual([403, 'withdrawal.destination_not_saved']);
    expect(errorOf(await withdraw(b, { wallet: unsaved }))).toEqual([403, 'withdrawal.destination_not_saved']);
    // a card payout has no destination: not concerned
    expect((await check(b, { method: 'Credit Card', wallet: '' })).statusCode).toBe(200);

    const off = AddressBook.parse((await b.send('POST', '/api/withdrawal/destinations/saved_only', { json: { on: false } })).json());
    expect(off.savedOnly).toBe(true);
    expect(Date.parse(off.savedOnlyEndsAt!) - Date.now()).toBeGreaterThan(ADDRESS_BOOK_RULES.holdMinutes * 60_000 - 60_000);
    expect(errorOf(await withdraw(b, { wallet: unsaved }))).toEqual([403, 'withdrawal.destination_not_saved']);
    // on again cancels the switch-off
    expect(AddressBook.parse((await b.send('POST', '/api/withdrawal/destinations/saved_only', { json: { on: true } })).json()).savedOnlyEndsAt).toBeNull();
  });

  it('refuses bad entries with a clear key; the book is its owner’s alone', async () => {
    const b = t.browser();
    await freshUser(b);
    expect(errorOf(await save(b, { wallet: BTC.slice(0, -1) + (BTC.endsWith('q') ? 'p' : 'q') }))).toEqual([400, 'withdrawal.wallet_invalid']);
    expect(errorOf(await save(b, { method: 'Credit Card', wallet: '' }))).toEqual([400, 'address_book.method']);
    expect(errorOf(await save(b, { label: '  ' }))).toEqual([400, 'address_book.label']);
    expect(errorOf(await save(b, { label: 'x'.repeat(ADDRESS_BOOK_RULES.labelMax + 1) }))).toEqual([400, 'address_book.label']);
    expect((await save(b, { method: 'Bank Wire', wallet: 'de89 3704 0044 0532 0130 00', label: 'My bank' })).statusCode).toBe(200);
    expect(errorOf(await save(b, { method: 'Bank Wire', wallet: 'DE89370400440532013000', label: 'Again' }))).toEqual([409, 'address_book.exists']);
    const mine = await book(b);
    expect(mine.destinations.map((d) => d.wallet)).toEqual(['DE89370400440532013000']);

    const stranger = t.browser();
    await freshUser(stranger);
    expect((await book(stranger)).destinations).toEqual([]);
    expect(errorOf(await stranger.send('POST', '/api/withdrawal/destinations/remove', { json: { id: mine.destinations[0]!.id } }))).toEqual([404, 'address_book.not_found']);
    expect((await book(b)).destinations).toHaveLength(1);
    expect((await b.send('POST', '/api/withdrawal/destinations/remove', { json: { id: mine.destinations[0]!.id } })).statusCode).toBe(200);
    expect((await book(b)).destinations).toEqual([]);
    // removed: saved again, it starts over
    expect((await save(b, { method: 'Bank Wire', wallet: 'DE89370400440532013000', label: 'My bank' })).statusCode).toBe(200);

    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/withdrawal/destinations')).statusCode).toBe(401);
    expect((await b.send('POST', '/api/withdrawal/destinations', { json: { method: 'Bitcoin', wallet: BTC, alt: '', label: 'x' }, csrf: false })).statusCode).toBe(403);
  });

  it('the book holds at most its limit, also when filled at once', async () => {
    const b = t.browser();
    await freshUser(b);
    const tries = await Promise.all(Array.from({ length: ADDRESS_BOOK_RULES.maxDestinations + 5 }, (_, i) => save(b, { wallet: address(40 + i), label: `W${i}` })));
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(ADDRESS_BOOK_RULES.maxDestinations);
    expect(tries.filter((r) => r.statusCode !== 200).map((r) => errorOf(r))).toEqual(Array(5).fill([409, 'address_book.full']));
  });
});

function WithdrawalOk(res: { statusCode: number }): boolean {
  return res.statusCode === 200;
}
