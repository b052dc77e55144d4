import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import { PipelinedPGliteDialect } from './pglite-pipelined';
import { threadedPGlite } from './pglite-thread';
import { nameMarkedQueries } from './prepared';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

/** The pg pool behind a PostgreSQL handle (the metrics read its counts); undefined on PGlite. */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

export interface DbOptions {
  /** PostgreSQL only: run every connection with this search_path (tests use a fresh schema each) */
  searchPath?: string;
  /** PostgreSQL only: pool size (default config.dbPoolSize, DB_POOL_SIZE) */
  poolSize?: number;
  /** PGlite only: start from this dump (PGlite dumpDataDir) instead of an empty cluster */
  loadDataDir?: Blob;
  /** PostgreSQL only: told when the server ends an idle pooled connection (default: one warning line) */
  onIdleError?: (error: Error) => void;
  /** PGlite only: run the database on its own thread (the server does; tests need not) */
  thread?: boolean;
}

/**
 * The one database handle. PGlite (embedded, persisted under DATA_DIR, or in memory for
 * 'memory://') by default; PostgreSQL through `pg` when DATABASE_URL is set. The same
 * Kysely queries and migrations run on both.
 */
export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'dbPoolSize'>>, options: DbOptions = {}): Db {
  if (config.databaseUrl) {
    if (options.searchPath !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.searchPath)) {
      throw new Error(`invalid search_path: ${options.searchPath}`);
    }
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: options.poolSize ?? config.dbPoolSize ?? 10,
      ...(options.searchPath !== undefined && { options: `-c search_path=${options.searchPath}` }),
    });
    // the polled selects run as named prepared statements (server/db/prepared.ts)
    pool.on('connect', nameMarkedQueries);
    // An idle connection ended by PostgreSQL (a restart or failover, an administrator's
    // pg_terminate_backend, idle_session_timeout) is reported as the pool's 'error' event, which
    // without a listener ends the whole process. The pool has already let the client go: the
    // next query opens a new connection.
    pool.on('error', options.onIdleError ?? warnIdleConnectionLost);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  const dir = config.dataDir.startsWith('memory://') ? config.dataDir : path.resolve(config.dataDir);
  if (options.thread && !options.loadDataDir) {
    return new Kysely<Database>({ dialect: new PipelinedPGliteDialect(threadedPGlite(dir)) });
  }
  const pglite = new PGlite(dir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

function warnIdleConnectionLost(error: Error): void {
  const code = (error as { code?: string }).code;
  console.warn(`PostgreSQL ended an idle pooled connection${code ? ` (${code})` : ''}: ${error.message}; the next query opens a new one`);
}

/** 'PGlite at ./data' or 'PostgreSQL' (without credentials), for the start banner. */
export function describeDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return `PGlite at ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
