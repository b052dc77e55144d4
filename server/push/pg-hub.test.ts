import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import { createDb, type Db } from '../db';
import type { PushHub } from './hub';
import { MAX_PAYLOAD_BYTES, pgNotifyHub, type HubLog } from './pg-hub';

/**
 * The LISTEN/NOTIFY hub against a real PostgreSQL. PostgreSQL only: PGlite runs in
 * one process and uses the memory hub (server/push/hub.test.ts); there is no NOTIFY to test.
 * Each test uses its own channel, so test files running side by side do not hear each other.
 */
const url = process.env.DATABASE_URL;

const quietLog = (): HubLog & { warnings: string[] } => {
  const warnings: string[] = [];
  return { warnings, info: () => {}, warn: (_obj, msg) => warnings.push(msg) };
};
const channelName = () => `push_t_${randomBytes(5).toString('hex')}`;
const until = async (condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const collect = (hub: PushHub, userId: number): ServerEvent[] => {
  const got: ServerEvent[] = [];
  hub.subscribe(userId, (e) => got.push(e));
  return got;
};

// PostgreSQL only: LISTEN/NOTIFY between connections needs a PostgreSQL server (DATABASE_URL)
describe.skipIf(!url)('pgNotifyHub', () => {
  let db: Db;
  const hubs: PushHub[] = [];
  const hub = (channel: string, log: HubLog = quietLog()) => {
    const h = pgNotifyHub(db, log, { channel, backoff: { firstMs: 50, maxMs: 200 } });
    hubs.push(h);
    return h;
  };

  beforeAll(() => {
    db = createDb({ databaseUrl: url, dataDir: '' }, { poolSize: 4 });
  });
  afterAll(async () => {
    for (const h of hubs) await h.close?.();
    await db.destroy();
  });

  it("fans an event out to every hub on the channel, the sender's own subscribers included, and only to that user", async () => {
    const channel = channelName();
    const a = hub(channel);
    const b = hub(channel);
    await until(() => a.connected() && b.connected());
    const onA = collect(a, 7);
    const onB = collect(b, 7);
    const otherUser = collect(b, 8);
    a.publish(7, { type: 'user.updated' });
    await until(() => onA.length === 1 && onB.length === 1);
    expect(onB).toEqual([{ type: 'user.updated' }]);
    expect(otherUser).toEqual([]);
  });

  it('publishIn sends at COMMIT and nothing after a ROLLBACK', async () => {
    const channel = channelName();
    const a = hub(channel);
    const b = hub(channel);
    await until(() => a.connected() && b.connected());
    const onB = collect(b, 9);
    await db
      .transaction()
      .execute(async (trx) => {
        await a.publishIn(trx, 9, { type: 'invoice.updated', id: 'rolled-back', status: 'su' });
        throw new Error('roll back');
      })
      .catch(() => {});
    let inside = -1;
    const sent = await db.transaction().execute(async (trx) => {
      const after = await a.publishIn(trx, 9, { type: 'invoice.updated', id: 'committed', status: 'su' });
      // held by PostgreSQL until COMMIT
      await new Promise((r) => setTimeout(r, 150));
      inside = onB.length;
      return after;
    });
    sent();
    await until(() => onB.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(inside).toBe(0);
    expect(onB).toEqual([{ type: 'invoice.updated', id: 'committed', status: 'su' }]);
  });

  it('carries instance-wide signals to every hub', async () => {
    const channel = channelName();
    const a = hub(channel);
    const b = hub(channel);
    await until(() => a.connected() && b.connected());
    const heard: unknown[] = [];
    b.onSignal('chain.activity', (d) => heard.push(d));
    a.signal('chain.activity', { chain: 'btc', address: 'bc1qexample' });
    await until(() => heard.length === 1);
    expect(heard).toEqual([{ chain: 'btc', address: 'bc1qexample' }]);
  });

  it('reconnects after its connection is cut: not connected meanwhile, its own events still reach its own streams', async () => {
    const channel = channelName();
    const log = quietLog();
    const a = hub(channel, log);
    const b = hub(channel);
    await until(() => a.connected() && b.connected());
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const cut = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`, [`LISTEN ${channel}`]);
      expect(cut.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await until(() => !a.connected());
    const onA = collect(a, 11);
    a.publish(11, { type: 'notification.new' });
    expect(onA).toEqual([{ type: 'notification.new' }]);
    await until(() => a.connected() && b.connected());
    expect(log.warnings.some((w) => w.includes('LISTEN connection is down'))).toBe(true);
    const onB = collect(b, 11);
    a.publish(11, { type: 'user.updated' });
    await until(() => onB.length === 1);
    expect(onB).toEqual([{ type: 'user.updated' }]);
  });

  it('keeps a payload over the NOTIFY limit on this instance, with a log line', async () => {
    const channel = channelName();
    const log = quietLog();
    const a = hub(channel, log);
    const b = hub(channel);
    await until(() => a.connected() && b.connected());
    const onA = collect(a, 12);
    const onB = collect(b, 12);
    const big = { type: 'invoice.updated', id: 'x'.repeat(MAX_PAYLOAD_BYTES), status: 'su' } as ServerEvent;
    a.publish(12, big);
    expect(onA).toEqual([big]);
    expect(log.warnings.some((w) => w.includes('over the NOTIFY limit'))).toBe(true);
    // nothing went out: a small event sent after it is the first B hears
    a.publish(12, { type: 'user.updated' });
    await until(() => onB.length === 1);
    expect(onB).toEqual([{ type: 'user.updated' }]);
  });
});
