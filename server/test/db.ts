import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { createDb, type Db } from '../db';
import { migrate } from '../db/migrate';
import { databaseUrl, pgAdmin } from '../db/pg-admin';
import type { Database } from '../db/schema';
import { seed as seedDemo } from '../sandbox/seed/seed';

export interface TestDb {
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * Test configuration: in-memory PGlite, or the PostgreSQL of DATABASE_URL; sandbox mode on
 * (explicitly: it is opt-in), with its own random operator token (config.sandboxOperatorToken);
 * the global per-IP rate limit off (every injected request comes from 127.0.0.1; its own test
 * turns it on); no load shedding on event-loop delay (parallel tests on 2 cores stall the loop
 * for seconds; the health test turns shedding on).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DATABASE_URL: process.env.DATABASE_URL, SANDBOX: '1' }), dataDir: 'memory://', nodeEnv: 'test', rateLimitPerMinute: 0, loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedMb: 0 }, ...overrides };
}


/** the advisory lock under which test schemas are migrated and dropped on PostgreSQL */
export const SCHEMA_LOCK = 727_001;

async function underSchemaLock(url: string | undefined, work: () => Promise<void>): Promise<void> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${SCHEMA_LOCK})`);
    await work();
  } finally {
    // ending the session releases the lock too, if the unlock is never reached
    await client.end();
  }
}

/** The installed PGlite version (a dump is only valid for the version that made it). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
  }
  return 'unknown';
}

/**
 * Starting PGlite from scratch runs initdb (seconds). The first test file migrates an empty
 * database once and leaves a dump in the temp directory, keyed by the migrations' source;
 * every other file starts from that dump (about a second).
 */
async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `brokerage-test-pglite-${migrationsHash(pgliteVersion())}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const pglite = new PGlite('memory://');
    const template = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    await migrate(template);
    const dump = await pglite.dumpDataDir('none');
    await template.destroy();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}

/** the migrations' source, hashed: a template made from other migrations is never used */
function migrationsHash(extra = ''): string {
  const dir = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  const hash = createHash('sha256').update(extra);
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * On PostgreSQL, the migrations run once into a template database (`brokerage_tmpl_<hash>`, made
 * under the advisory lock by the first file that needs it; templates of other migrations dropped
 * then) and every file gets `CREATE DATABASE … TEMPLATE` of it: a copy in a fraction of a second
 * instead of 55 migrations (about 2 s each time, and taken in turns under the lock: 146 files
 * queued on it). Returns undefined when the role may not create databases: then schemas, as before.
 */
async function databaseFromTemplate(url: string): Promise<string | undefined> {
  const template = `brokerage_tmpl_${migrationsHash()}`;
  const name = `t_${randomBytes(6).toString('hex')}`;
  try {
    await underSchemaLock(url, async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'brokerage\\_tmpl\\_%'");
        if (!rows.some((r) => r.datname === template)) {
          for (const stale of rows) await admin.query(`drop database if exists ${stale.datname} with (force)`);
          const partial = `${template}_partial`;
          await admin.query(`drop database if exists ${partial} with (force)`);
          await admin.query(`create database ${partial}`);
          const db = createDb({ ...testConfig(), databaseUrl: databaseUrl(url, partial) }, { poolSize: 2 });
          try {
            await migrate(db);
          } finally {
            await db.destroy();
          }
          await admin.query(`alter database ${partial} rename to ${template}`);
        }
        await admin.query(`create database ${name} template ${template}`);
      } finally {
        await admin.end();
      }
    });
  } catch (error) {
    if ((error as { code?: string }).code === '42501') return undefined; // insufficient privilege
    throw error;
  }
  return name;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; with DATABASE_URL a
 * new database t_<random> on that PostgreSQL copied from the migrated template (config.databaseUrl
 * names it, so a second pool on `t.config` reaches the same data), dropped by close(); a role that
 * may not create databases gets a new schema t_<random> instead (search_path of every pooled
 * connection).
 */
export async function freshDb(options: { seed?: boolean; config?: Partial<Config> } = {}): Promise<TestDb> {
  const config = testConfig(options.config);
  let db: Db;
  let drop = async () => {};
  let lockMigration = false;
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const database = await databaseFromTemplate(url);
    if (database) {
      config.databaseUrl = databaseUrl(url, database);
      db = createDb(config, { poolSize: 20 });
      drop = () => pgAdmin(url, `drop database if exists ${database} with (force)`);
    } else {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      await pgAdmin(url, `create schema ${schema}`);
      db = createDb(config, { searchPath: schema, poolSize: 20 });
      // Kysely's migrator lists the tables of every schema; another file's schema dropped in the
      // middle of that listing fails it ("schema t_… does not exist"): drops and migrations of
      // test schemas take turns under one advisory lock. The drop is its own statement, committed
      // before the lock is let go: in one multi-statement query the unlock ran inside the drop's
      // implicit transaction, so the next migration could start before the drop was committed
      // (CI's test:pg failed so once, 2026-11-30)
      drop = () => underSchemaLock(url, () => pgAdmin(url, `drop schema ${schema} cascade`));
      lockMigration = true;
    }
  } else {
    db = createDb(config, { loadDataDir: await migratedTemplate() });
  }
  try {
    // a copy of the template is migrated already: this only finds nothing to do
    if (lockMigration) await underSchemaLock(config.databaseUrl, () => migrate(db));
    else await migrate(db);
    if (options.seed) await seedDemo(db);
  } catch (error) {
    await db.destroy();
    await drop();
    throw error;
  }
  return {
    db,
    config,
    async close() {
      await db.destroy();
      await drop();
    },
  };
}

/** Row counts of every table, to assert that a refused request wrote nothing. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'users',
    'accounts',
    'ledger_transactions',
    'ledger_entries',
    'sessions',
    'login_attempts',
    'client_errors',
    'login_fail_notifications',
    'autologin_tickets',
    'platform_accounts',
    'platform_sessions',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
