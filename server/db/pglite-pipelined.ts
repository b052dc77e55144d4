import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PGliteLike } from './pglite-thread';

/**
 * Kysely on the threaded PGlite (./pglite-thread.ts), with its statements pipelined. PGlite is one
 * database connection; `kysely-pglite-dialect` lends it to one caller at a time, so each statement
 * waited until the previous one's answer had come back through this thread's event loop (busy with
 * other requests) before it was posted, and the database thread sat idle in between (about 30 % of
 * the time under the bench's load, while it was the polled routes' bottleneck).
 *
 * Here a statement outside a transaction is posted at once; the database thread runs what it is
 * posted in order (pglite-worker.mjs), one statement at a time, each on its own (autocommit), as
 * before. A transaction holds the connection from its BEGIN to its COMMIT or ROLLBACK: every other
 * caller's statement waits here until it ends, so nothing runs inside a transaction but its own
 * statements. What was posted before a BEGIN runs, and commits, before it.
 */
export class PipelinedPGliteDialect implements Dialect {
  constructor(private readonly client: PGliteLike) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PipelinedDriver(this.client);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PipelinedConnection implements DatabaseConnection {
  constructor(
    private readonly client: PGliteLike,
    private readonly driver: PipelinedDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // the check and the post in one synchronous stretch (the thread's query() posts before its first
    // await): no transaction can begin between them
    while (!this.driver.mayRun(this)) await this.driver.freed();
    const result = await this.client.query(query.sql, [...query.parameters]);
    return result.affectedRows ? { rows: result.rows as R[], numAffectedRows: BigInt(result.affectedRows) } : { rows: result.rows as R[] };
  }

  // eslint-disable-next-line require-yield -- the interface's; a stream is not used on PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PipelinedDriver implements Driver {
  /** the connection whose transaction holds the database, if one does */
  private holder: PipelinedConnection | null = null;
  private waiting: Array<() => void> = [];

  constructor(private readonly client: PGliteLike) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PipelinedConnection(this.client, this);
  }

  /** whether `connection` may post a statement now: no transaction holds the database, or its own does */
  mayRun(connection: PipelinedConnection): boolean {
    return this.holder === null || this.holder === connection;
  }

  /** resolves when the transaction holding the database ends (the caller checks again: another may have begun first) */
  freed(): Promise<void> {
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private free(connection: DatabaseConnection): void {
    if (this.holder !== connection) return;
    this.holder = null;
    const wake = this.waiting;
    this.waiting = [];
    wake.forEach((resolve) => resolve());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = connection as PipelinedConnection;
    // the check and the hold in one synchronous stretch, as a statement's check and post
    while (!this.mayRun(own)) await this.freed();
    this.holder = own;
    try {
      await own.executeQuery(CompiledQuery.raw(settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin'));
    } catch (error) {
      this.free(own);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // a failed COMMIT keeps the hold: Kysely then rolls back, which frees it
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.free(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.free(connection);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Kysely ends a transaction before it releases its connection; should one still be open, it is
    // rolled back first, so that no other caller's statement ever runs inside it
    if (this.holder === connection) await this.rollbackTransaction(connection);
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}
