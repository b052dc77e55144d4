import { Migrator, type Kysely, type Migration } from 'kysely';
import * as foundation from './migrations/001_foundation';

/** Every migration, in order. Add new ones here (migrations are code, not files read at run time). */
const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
};

/** Brings the schema to the latest migration; throws when one fails. */
export async function migrate<DB>(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? failed?.migrationName));
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${cause.message}`, { cause });
  }
}
