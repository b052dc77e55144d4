import { sql, type Kysely } from 'kysely';

/**
 * Registration: what a new trader gives beyond the users table (phone with its
 * calling code, promo code, the accepted notice for US residents) and the registration attempts
 * the per-IP and per-email limits count (in the database, so they hold across restarts and
 * instances).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('user_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('phone_prefix', 'text', (c) => c.notNull().check(sql`phone_prefix ~ '^[1-9][0-9]{0,3}$'`))
    .addColumn('phone', 'text', (c) => c.notNull().check(sql`phone ~ '^[0-9]{7,14}$'`))
    .addColumn('promo', 'text', (c) => c.notNull().defaultTo('').check(sql`length(promo) <= 32`))
    .addColumn('us_notice_at', 'timestamptz')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('registration_attempts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('submit', 'check')`))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('pending', 'created', 'refused', 'limited')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('registration_attempts_ip_at').on('registration_attempts').columns(['ip', 'at']).execute();
  await db.schema.createIndex('registration_attempts_email_at').on('registration_attempts').columns(['email', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_attempts').execute();
  await db.schema.dropTable('user_profiles').execute();
}
