import { sql, type Kysely } from 'kysely';

/**
 * Closing the account (issue 30 §8, docs/closure.md): `account_closures`, one row per closed
 * account: why (a reason of core/account-closure.ts and the trader's own words) and when. The
 * trader's row and everything it owns is kept (no cascade: the law keeps the records); a closed
 * account cannot sign in (server/domain/protection/sign-in-gate.ts) and every session ended with
 * the closure. The reasons are checked by the domain (no CHECK copies the list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_closures')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('restrict'))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`length(reason) > 0`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_closures').execute();
}
