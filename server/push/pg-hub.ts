import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { ServerEvent } from '../../core/contract';
import type { Db } from '../db';
import { poolOf } from '../db';
import type { Database } from '../db/schema';
import { memoryHub, type PushHub, type SignalData } from './hub';

/** The channel every instance LISTENs on (one per database: instances of one deployment share it). */
export const PUSH_CHANNEL = 'push';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

/** pino's shape (app.log), kept small so tests can pass their own. */
export interface HubLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface PgHubOptions {
  channel?: string;
  /** the listening connection; by default the settings of the database pool (connection string, search_path) */
  connection?: pg.ClientConfig;
  /** reconnect backoff: the first wait, doubled on each failure up to maxMs (each wait jittered to 50–100 %) */
  backoff?: { firstMs: number; maxMs: number };
}

/**
 * The wire form: `{"u":<userId>,"e":<event>}` for a browser event, `{"s":<topic>,"d":<data>}`
 * for an instance-wide signal.
 */
type Wire = { u: number; e: ServerEvent } | { s: string; d: SignalData };

/**
 * Push across instances (docs/architecture.md "Push across instances"): one dedicated
 * `pg` connection per instance LISTENs on `channel`; events are sent with `pg_notify(channel,
 * json)` — in the caller's transaction with `publishIn` (delivered at COMMIT, never after a
 * ROLLBACK), through the pool with `publish` and `signal` (after the commit). Every instance,
 * this one included, hears each notification on its listening connection and hands it to its
 * own subscribers (a memory hub). When the listening connection drops, the hub reconnects with
 * backoff; meanwhile `connected()` is false (GET /readyz says push: disconnected) and this
 * instance's own events go straight to its own subscribers (the NOTIFY would not come back).
 */
export function pgNotifyHub(db: Db, log: HubLog, options: PgHubOptions = {}): PushHub {
  const channel = options.channel ?? PUSH_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const { firstMs, maxMs } = options.backoff ?? { firstMs: 250, maxMs: 10_000 };
  const pool = poolOf(db);
  const connection: pg.ClientConfig =
    options.connection ??
    (pool
      ? {
          connectionString: (pool.options as pg.PoolConfig).connectionString,
          ...((pool.options as pg.PoolConfig).options !== undefined && { options: (pool.options as pg.PoolConfig).options }),
        }
      : {});
  if (!options.connection && !pool) throw new Error('pgNotifyHub needs a PostgreSQL database (DATABASE_URL)');

  const local = memoryHub();
  let listening: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const receive = (payload: string | undefined) => {
    let wire: Wire;
    try {
      wire = JSON.parse(payload ?? '') as Wire;
    } catch {
      log.warn({ channel }, 'push: a notification that is not JSON was ignored');
      return;
    }
    if ('u' in wire && typeof wire.u === 'number' && wire.e && typeof wire.e === 'object') local.publish(wire.u, wire.e);
    else if ('s' in wire && typeof wire.s === 'string') local.signal(wire.s, wire.d);
  };

  const listen = () => {
    if (closed) return;
    const client = new pg.Client(connection);
    let down = false;
    const lost = (error: unknown) => {
      if (down) return;
      down = true;
      if (listening === client) listening = null;
      client.end().catch(() => {});
      if (closed) return;
      const wait = Math.round(Math.min(maxMs, firstMs * 2 ** failures) * (0.5 + Math.random() / 2));
      failures += 1;
      log.warn({ err: error, channel, retryInMs: wait }, 'push: the LISTEN connection is down; events reach only this instance until it is back');
      retry = setTimeout(() => {
        retry = undefined;
        listen();
      }, wait);
      retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) receive(message.payload);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${channel}`))
      .then(() => {
        if (down) return;
        if (closed) {
          down = true;
          client.end().catch(() => {});
          return;
        }
        listening = client;
        if (failures > 0) log.info({ channel }, 'push: listening again');
        failures = 0;
      }, lost);
  };
  listen();

  /** the JSON payload, or null (logged) when PostgreSQL would refuse it */
  const encode = (wire: Wire): string | null => {
    const payload = JSON.stringify(wire);
    if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return payload;
    log.warn({ channel, bytes: Buffer.byteLength(payload), type: 'e' in wire ? wire.e.type : wire.s }, 'push: payload over the NOTIFY limit, delivered on this instance only');
    return null;
  };
  const notify = (trx: Kysely<Database>, payload: string) => sql`select pg_notify(${channel}, ${payload})`.execute(trx);
  /** through the pool, after the commit; while not listening, this instance's subscribers get it directly */
  const send = (wire: Wire, deliverHere: () => void) => {
    const payload = encode(wire);
    if (payload === null || !listening) deliverHere();
    if (payload === null) return;
    const heardBack = listening !== null;
    notify(db, payload).catch((error: unknown) => {
      log.warn({ err: error, channel }, 'push: NOTIFY failed');
      if (heardBack) deliverHere();
    });
  };

  return {
    publish: (userId, event) => send({ u: userId, e: event }, () => local.publish(userId, event)),
    async publishIn(trx, userId, event) {
      const payload = encode({ u: userId, e: event });
      if (payload !== null) await notify(trx, payload);
      // over the limit, or not listening (our own NOTIFY would not come back): this instance's streams after commit
      return payload === null || !listening ? () => local.publish(userId, event) : () => {};
    },
    subscribe: local.subscribe,
    signal: (topic, data) => send({ s: topic, d: data }, () => local.signal(topic, data)),
    onSignal: local.onSignal,
    size: local.size,
    connected: () => listening !== null,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listening;
      listening = null;
      if (client) await client.end().catch(() => {});
    },
  };
}

/** The hub for a database: LISTEN/NOTIFY on PostgreSQL (DATABASE_URL), in memory on PGlite (one process). */
export function pushHubFor(db: Db, log: HubLog): PushHub {
  return poolOf(db) ? pgNotifyHub(db, log) : memoryHub();
}
