import { sql, type Kysely } from 'kysely';

/**
 * The risk warning's figure (issue 30 §5, docs/limits.md#the-risk-warning): one row per UTC day it
 * was computed from the ledger: the window, how many retail accounts had trade results in it, how
 * many of them lost money, and the share (basis points; null when none traded). The day is the
 * key, so two instances computing the same day keep one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('risk_figures')
    // text, not date: both drivers hand it back as written, never shifted by a zone
    .addColumn('day', 'text', (c) => c.primaryKey().check(sql`day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('window_from', 'timestamptz', (c) => c.notNull())
    .addColumn('window_to', 'timestamptz', (c) => c.notNull())
    .addColumn('accounts', 'integer', (c) => c.notNull().check(sql`accounts >= 0`))
    .addColumn('losing', 'integer', (c) => c.notNull().check(sql`losing >= 0`))
    .addColumn('share_bp', 'integer', (c) => c.check(sql`share_bp is null or share_bp between 0 and 10000`))
    .addCheckConstraint('risk_figures_losing_within', sql`losing <= accounts`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('risk_figures').execute();
}
