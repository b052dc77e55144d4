import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../domain/settings';
import { freshDb, type TestDb } from '../db';
import { sandboxChain, type SandboxChain } from '../../sandbox/chain/sandbox-chain';
import { sandboxRates } from '../../sandbox/rates/sandbox-rates';
import { loadCryptoConfig } from '../../domain/crypto/config';
import { createInvoice, sweepExpired, syncInvoice, type InvoiceDeps } from '../../domain/crypto/invoices';
import { coinForFiat, fiatForCoin, priceScaled } from '../../domain/crypto/rates';
import { formatUnits, parseUnits } from '../../domain/crypto/units';

let t: TestDb;
let chain: SandboxChain;
let now = new Date('2026-01-01T12:00:00Z');
const published: string[] = [];
let deps: InvoiceDeps;
let userId: number;

beforeAll(async () => {
  t = await freshDb({ seed: true });
  chain = sandboxChain(t.db);
  deps = {
    db: t.db,
    watcher: chain,
    rates: sandboxRates(),
    config: loadCryptoConfig(true, {}),
    settings: defaultSettings,
    siteHost: t.config.siteHost,
    events: { invoiceUpdated: (_u, guid, status) => published.push(`${guid}:${status}`), userUpdated: () => published.push('user') },
    now: () => now,
  };
  userId = (await t.db.selectFrom('users').select('id').where('email', '=', 'trader@example.com').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

describe('rates and units', () => {
  it('converts without floats, rounding the coin up and the fiat down', () => {
    const quote = { source: 'sandbox' as const, at: new Date(), usd: { BTC: '64250.00', EUR: '1.08', USD: '1' } };
    const price = priceScaled(quote, 'BTC', 'USD');
    expect(formatUnits(price, 8)).toBe('64250.00000000');
    expect(formatUnits(coinForFiat(25_000n, 2, price, 8), 8)).toBe('0.00389106');
    expect(fiatForCoin(389_106n, 8, price, 2)).toBe(25_000n);
    expect(fiatForCoin(1n, 8, price, 2)).toBe(0n);
    expect(formatUnits(priceScaled(quote, 'BTC', 'EUR'), 8)).toBe('59490.74074074');
    expect(parseUnits('1.50', 6)).toBe(1_500_000n);
    expect(() => parseUnits('1e3', 8)).toThrow();
    expect(() => parseUnits('0.123', 2)).toThrow();
  });
});

describe('invoice service', () => {
  it('hands out distinct address indexes to concurrent invoices', async () => {
    const rows = await Promise.all(Array.from({ length: 12 }, () => createInvoice(deps, { userId, coin: 'eth', amount: '250', fixed: false, bonus: false })));
    expect(new Set(rows.map((r) => r.address_index)).size).toBe(12);
    expect(new Set(rows.map((r) => r.address)).size).toBe(12);
  });

  it('the expiry sweep closes waiting invoices whose hour has passed, and only those', async () => {
    now = new Date('2026-01-01T12:00:00Z');
    const old = await createInvoice(deps, { userId, coin: 'btc', amount: '250', fixed: false, bonus: false });
    now = new Date('2026-01-01T12:30:00Z');
    const fresh = await createInvoice(deps, { userId, coin: 'btc', amount: '250', fixed: false, bonus: false });
    now = new Date('2026-01-01T13:00:00.001Z');
    published.length = 0;
    expect(await sweepExpired(deps)).toBeGreaterThanOrEqual(1);
    const status = async (guid: string) => (await t.db.selectFrom('crypto_invoices').select('status').where('guid', '=', guid).executeTakeFirstOrThrow()).status;
    expect(await status(old.guid)).toBe('ex');
    expect(await status(fresh.guid)).toBe('wt');
    expect(published).toContain(`${old.guid}:ex`);
  });

  it('a payment seen before the expiry counts even when checked after it', async () => {
    now = new Date(Date.now());
    const row = await createInvoice(deps, { userId, coin: 'ltc', amount: '250', fixed: false, bonus: false });
    await chain.send({ chain: 'ltc', address: row.address, asset: 'LTC', amountMinor: BigInt(row.amount_minor), decimals: 8, confirmations: 2 });
    now = new Date(Date.now() + 2 * 3600_000);
    const { invoice, credited } = await syncInvoice(deps, row);
    expect(invoice.status).toBe('su');
    expect(credited).toBe(true);
  });

  it('unconfirmed payments and payments of another asset do not count', async () => {
    now = new Date(Date.now());
    const row = await createInvoice(deps, { userId, coin: 'usdt', amount: '250', fixed: false, bonus: false });
    await chain.send({ chain: 'eth', address: row.address, asset: 'USDT', amountMinor: BigInt(row.amount_minor), decimals: 6, confirmations: 3 });
    await chain.send({ chain: 'eth', address: row.address, asset: 'USDC', amountMinor: BigInt(row.amount_minor), decimals: 6, confirmations: 12 });
    const { invoice } = await syncInvoice(deps, row);
    expect(invoice.status).toBe('wt');
    expect(BigInt(invoice.received_minor)).toBe(0n);
    // the USDT payment is being confirmed (3 of 12); the USDC one is not this invoice's
    expect([invoice.confirming, BigInt(invoice.pending_minor)]).toEqual([3, BigInt(row.amount_minor)]);
  });
});
