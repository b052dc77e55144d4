import { sql, type Kysely } from 'kysely';

/**
 * Promotions (spec 001 §2-4, §7): promotions a trader activates to raise the percent of
 * the deposit bonus (docs/engagement.md "Promotions").
 *
 * - promotions: an id (the spec's `name`), a title, terms and what it gives in plain words in
 *   English and Russian; the percent added to the deposit bonus (percent_units = percent × 10 000,
 *   still under the settings' maxBonusPercent), the largest bonus the promotion itself can add
 *   (max_cents, in the deposit's currency), the currency it is for (null: any), its window
 *   [starts_at, ends_at) and ended_at when an operator ended it early.
 * - promotion_activations: a trader's activation, once per trader and promotion (unique).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[a-z0-9-]{1,40}$'`))
    .addColumn('title_en', 'text', (c) => c.notNull().check(sql`length(title_en) between 1 and 120`))
    .addColumn('title_ru', 'text', (c) => c.notNull().check(sql`length(title_ru) between 1 and 120`))
    .addColumn('gives_en', 'text', (c) => c.notNull().check(sql`length(gives_en) between 1 and 300`))
    .addColumn('gives_ru', 'text', (c) => c.notNull().check(sql`length(gives_ru) between 1 and 300`))
    .addColumn('terms_en', 'text', (c) => c.notNull().check(sql`length(terms_en) between 1 and 2000`))
    .addColumn('terms_ru', 'text', (c) => c.notNull().check(sql`length(terms_ru) between 1 and 2000`))
    .addColumn('percent_units', 'bigint', (c) => c.notNull().check(sql`percent_units > 0 and percent_units <= 1000000`))
    .addColumn('max_cents', 'bigint', (c) => c.notNull().check(sql`max_cents > 0`))
    .addColumn('currency', 'text', (c) => c.check(sql`currency is null or currency ~ '^[A-Z]{3}$'`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('promotions_window', sql`ends_at > starts_at`)
    .execute();

  await db.schema
    .createTable('promotion_activations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('promotion_activations_once_per_trader', ['promotion_id', 'user_id'])
    .execute();
  await db.schema.createIndex('promotion_activations_user').on('promotion_activations').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promotion_activations').execute();
  await db.schema.dropTable('promotions').execute();
}
