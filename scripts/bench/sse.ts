// `npm run bench`, the SSE rows ("SSE at scale"): 10,000 event streams open on one
// server, then the time from a state change to its event on every stream.
//
// The server is scripts/bench/server.ts in its own process (as the load rows); the client is two
// worker threads of this process (scripts/bench/sse-client.mjs) on raw sockets (no HTTP client per
// stream: one socket, one small buffer check per chunk), reading their halves of the streams in
// parallel so that the client's own reading does not stand in for the server's fan-out. Streams
// are spread over SSE_USERS sandbox traders (the hub keeps a set of listeners per user: many users exercise its
// map, and each user's set still holds SSE_STREAMS / SSE_USERS listeners). The global per-IP rate
// limit is off in the bench server and GET /api/events is exempt from it anyway; there is no cap
// of streams per user.
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { BUDGETS } from './budgets';
import { startBenchServer } from './load';
import { signedInTrader, type BenchSession } from './session';

/** routes scripts/bench/server.ts registers for these rows: publish on the hub directly; the process's memory after a full GC */
export const SSE_PUBLISH = '/bench/sse/publish';
export const SSE_MEMORY = '/bench/sse/memory';

export const SSE_STREAMS = 10_000;
export const SSE_USERS = 25;
/** streams being opened at once (each one's first bytes are awaited before it counts as open) */
const OPENING = 200;
/** an event not arrived this long after the change counts as not received */
const WAIT_MS = 10_000;
/** client threads reading the streams (scripts/bench/sse-client.mjs) */
const CLIENT_THREADS = 2;

export interface Delivery {
  /** streams the event was sent to, and those it reached within WAIT_MS */
  expected: number;
  received: number;
  /** ms from the moment the client sent the request that causes the change to the event's arrival on each stream */
  p50: number;
  p99: number;
  max: number;
  /** hub.publish only: ms the server's publish call took (memory hub: the writes to every stream;
   *  PostgreSQL: sending the NOTIFYs, the writes follow when they come back on LISTEN) */
  serverMs?: number;
}

export interface SseFigures {
  streams: number;
  users: number;
  /** ms to open every stream (SSE_STREAMS requests, OPENING at a time) */
  openMs: number;
  /** the server's memory growth per open stream, bytes (after a full GC, before and after opening
   *  them): the process's RSS, and V8's heap plus buffers outside it (heapUsed + external) */
  rssPerStream: number;
  heapPerStream: number;
  /** hub.publish to every user of the bench: every stream */
  fanOut: Delivery;
  /** one real change through the API (POST /api/us/set_account_exchange: `user.updated`): its user's streams */
  api: Delivery;
}

const percentile = (sorted: number[], p: number): number => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const now = () => performance.timeOrigin + performance.now();

async function inBatches<T>(count: number, concurrency: number, one: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      out[i] = await one(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return out;
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  streams: number;
}

async function memory(base: string): Promise<Memory> {
  return (await (await fetch(`${base}${SSE_MEMORY}`)).json()) as Memory;
}

/** what a client thread is given, and the messages to and from it */
interface ClientData {
  port: number;
  /** one entry per stream of this thread: the index of its user and that user's cookie */
  streams: Array<{ user: number; cookie: string }>;
  /** streams being opened at once */
  opening: number;
}
type ToClient = { type: 'arm'; users: number[] | 'all' } | { type: 'collect'; deadline: number } | { type: 'close' };
type FromClient = { type: 'open' } | { type: 'error'; message: string } | { type: 'times'; expected: number; times: number[] };

/** the client threads (scripts/bench/sse-client.mjs), each with its share of the streams */
class Clients {
  private readonly workers: Worker[];
  private constructor(workers: Worker[]) {
    this.workers = workers;
  }

  static async open(port: number, cookies: string[], count: number): Promise<Clients> {
    // plain JavaScript: a worker thread does not inherit tsx's loader
    const client = new URL('./sse-client.mjs', import.meta.url);
    const workers = Array.from({ length: CLIENT_THREADS }, (_, w) => {
      const streams = Array.from({ length: count }, (_, i) => i)
        .filter((i) => i % CLIENT_THREADS === w)
        .map((i) => ({ user: i % cookies.length, cookie: cookies[i % cookies.length] }));
      return new Worker(client, { workerData: { port, streams, opening: Math.ceil(OPENING / CLIENT_THREADS) } satisfies ClientData });
    });
    const clients = new Clients(workers);
    try {
      await Promise.all(workers.map((w) => clients.next(w, 'open')));
    } catch (error) {
      await clients.close();
      throw error;
    }
    return clients;
  }

  private next<T extends FromClient['type']>(worker: Worker, type: T): Promise<Extract<FromClient, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: FromClient) => {
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.type === type) resolve(message as Extract<FromClient, { type: T }>);
        else reject(new Error(message.type === 'error' ? message.message : `client thread: ${message.type}, ${type} awaited`));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  }

  /** sends the change at once and collects, per stream of `users` (indexes), the time to the event */
  async deliver(users: number[] | 'all', change: () => Promise<number | undefined>): Promise<Delivery> {
    for (const w of this.workers) w.postMessage({ type: 'arm', users } satisfies ToClient);
    // the arming reaches every thread before the change does (one message round trip each)
    await new Promise((r) => setTimeout(r, 200));
    const sent = now();
    const serverMs = await change();
    const replies = await Promise.all(
      this.workers.map((w) => {
        const reply = this.next(w, 'times');
        w.postMessage({ type: 'collect', deadline: sent + WAIT_MS } satisfies ToClient);
        return reply;
      }),
    );
    const times = replies.flatMap((r) => r.times.map((t) => t - sent)).sort((a, b) => a - b);
    const expected = replies.reduce((n, r) => n + r.expected, 0);
    return {
      expected,
      received: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      max: times.at(-1) ?? Number.NaN,
      ...(serverMs !== undefined && { serverMs }),
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map(async (w) => {
        const exited = new Promise((r) => w.once('exit', r));
        w.postMessage({ type: 'close' } satisfies ToClient);
        const killer = setTimeout(() => void w.terminate(), 5_000);
        await exited;
        clearTimeout(killer);
      }),
    );
  }
}

/** the whole measurement against a bench server at `base` */
export async function measureSse(base: string, { streams: count = SSE_STREAMS, users: userCount = SSE_USERS, step = (_what: string) => {} } = {}): Promise<SseFigures> {
  const port = Number(new URL(base).port);
  step(`signing in ${userCount} sandbox traders`);
  const traders: BenchSession[] = await inBatches(userCount, 8, () => signedInTrader(base));
  const userIds = await Promise.all(
    traders.map(async (t) => {
      const me = (await (await fetch(`${base}/api/me`, { headers: { cookie: t.cookie } })).json()) as { user?: { userId?: string | number } };
      return Number(me.user?.userId);
    }),
  );
  if (userIds.some((id) => !Number.isInteger(id))) throw new Error('a bench trader has no user id');

  const before = await memory(base);
  step(`opening ${count.toLocaleString('en')} streams, ${OPENING} at a time, from ${CLIENT_THREADS} client threads`);
  const opening = performance.now();
  const clients = await Clients.open(
    port,
    traders.map((t) => t.cookie),
    count,
  );
  try {
    const openMs = performance.now() - opening;
    const after = await memory(base);
    if (after.streams !== count) throw new Error(`the server holds ${after.streams} streams, ${count} opened`);

    step('publishing to every stream, then one change through the API');
    const fanOut = await clients.deliver('all', async () => {
      const res = await fetch(`${base}${SSE_PUBLISH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ users: userIds }) });
      return ((await res.json()) as { ms: number }).ms;
    });
    const api = await clients.deliver([0], async () => {
      await traders[0].post('/api/us/set_account_exchange', {});
      return undefined;
    });
    return {
      streams: count,
      users: userCount,
      openMs,
      rssPerStream: (after.rss - before.rss) / count,
      heapPerStream: (after.heapUsed + after.external - before.heapUsed - before.external) / count,
      fanOut,
      api,
    };
  } finally {
    await clients.close();
  }
}

type Recorder = (name: string, value: number, limit: number, unit: string, higherIsBetter?: boolean) => void;

/** `--pg` without DATABASE_URL: a database of its own on the local PostgreSQL (dropped and created),
 *  apart from the load rows' so that two bench runs at once do not drop each other's */
async function freshSseDatabase(): Promise<string> {
  const admin = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const name = 'brokerage_bench_sse';
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** scripts/bench.ts: the rows on PGlite, and on PostgreSQL with `--pg` or DATABASE_URL (as the load rows) */
export async function sseRows(record: Recorder, step: (what: string) => void): Promise<void> {
  await sseRowsOn(record, step, 'PGlite', '');
  if (process.argv.includes('--pg') || process.env.DATABASE_URL) await sseRowsOn(record, step, 'PostgreSQL', process.env.DATABASE_URL || (await freshSseDatabase()));
}

/** starts the bench server on one database, measures, records the rows */
async function sseRowsOn(record: Recorder, step: (what: string) => void, dbName: string, databaseUrl: string): Promise<void> {
  step(`starting the bench server on ${dbName} for ${SSE_STREAMS.toLocaleString('en')} event streams`);
  const bench = await startBenchServer(databaseUrl);
  try {
    const f = await measureSse(bench.url, { step });
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    const shape = `${f.streams.toLocaleString('en')} streams of ${f.users} users, ${dbName}`;
    record(`SSE: open all streams (${shape})`, f.openMs, BUDGETS.sseOpenAllMs, 'ms');
    record(`SSE: hub.publish to all, ${dbName}, p99 (p50 ${ms(f.fanOut.p50)}, max ${ms(f.fanOut.max)}, publish call ${ms(f.fanOut.serverMs ?? Number.NaN)})`, f.fanOut.p99, BUDGETS.sseP99Ms, 'ms');
    record(`SSE: hub.publish to all, streams that received it, ${dbName}`, f.fanOut.received, f.fanOut.expected, 'streams', true);
    record(`SSE: a change through the API to its user's ${f.api.expected} streams, ${dbName}, p99 (max ${ms(f.api.max)})`, f.api.p99, BUDGETS.sseP99Ms, 'ms');
    record(`SSE: a change through the API, streams that received it, ${dbName}`, f.api.received, f.api.expected, 'streams', true);
    // V8's heap and buffers of the server's main thread, budgeted; RSS, shown on PostgreSQL only: on
    // PGlite it moves with the database thread's own heap (hundreds of MB collected on its own schedule)
    const rss = dbName === 'PGlite' ? '' : ` (RSS ${(f.rssPerStream / 1000).toFixed(1)} kB)`;
    record(`SSE: server memory per open stream, heap + buffers${rss}, ${dbName}`, f.heapPerStream / 1000, BUDGETS.sseMaxKbPerStream, 'kB');
  } finally {
    await bench.stop();
  }
}
