import { sql, type Kysely } from 'kysely';

/**
 * Promo codes and the deposit bonus.
 *
 * - promo_codes: an upper-case code that adds a percent (percent_units = percent × 10 000) or a
 *   fixed value (value_minor, in its currency) to a deposit's bonus; a currency or any (null),
 *   a validity window, at most max_uses redemptions (null: no limit), uses counted by a
 *   conditional UPDATE (the CHECK holds it under concurrency too), active.
 * - promo_redemptions: once per trader and code (unique), with the deposit's ledger transaction
 *   and the bonus's.
 * - accounts of type 'bonus': one per trader and currency, created on demand, holding the
 *   credited bonuses; not on the trading platform (no platform_login) and never current.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9_-]{1,32}$'`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'value')`))
    .addColumn('percent_units', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`percent_units >= 0 and percent_units <= 1000000`))
    .addColumn('value_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`value_minor >= 0`))
    .addColumn('currency', 'text')
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('valid_until', 'timestamptz')
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses is null or max_uses > 0`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('promo_codes_uses_max', sql`max_uses is null or uses <= max_uses`)
    .addCheckConstraint(
      'promo_codes_kind_amount',
      sql`(kind = 'percent' and percent_units > 0 and value_minor = 0) or (kind = 'value' and value_minor > 0 and percent_units = 0 and currency is not null)`,
    )
    .addCheckConstraint('promo_codes_window', sql`valid_until is null or valid_until > valid_from`)
    .execute();

  await db.schema
    .createTable('promo_redemptions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().references('promo_codes.code'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deposit_tx_id', 'text', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('bonus_tx_id', 'text', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('promo_redemptions_once_per_trader', ['code', 'user_id'])
    .execute();

  await sql`alter table accounts drop constraint accounts_type_check`.execute(db);
  await sql`alter table accounts add constraint accounts_type_check check (type in ('trading', 'exchange', 'demo', 'house', 'pending', 'bonus'))`.execute(db);
  await sql`alter table accounts add constraint accounts_bonus_not_mirrored check (type <> 'bonus' or platform_login is null)`.execute(db);
  await db.schema.createIndex('accounts_one_bonus_per_user_currency').on('accounts').columns(['user_id', 'currency']).unique().where(sql.ref('type'), '=', 'bonus').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promo_redemptions').execute();
  await db.schema.dropTable('promo_codes').execute();
  await db.schema.dropIndex('accounts_one_bonus_per_user_currency').execute();
  await sql`delete from ledger_entries where account_id in (select id from accounts where type = 'bonus')`.execute(db);
  await sql`delete from accounts where type = 'bonus'`.execute(db);
  await sql`alter table accounts drop constraint accounts_bonus_not_mirrored`.execute(db);
  await sql`alter table accounts drop constraint accounts_type_check`.execute(db);
  await sql`alter table accounts add constraint accounts_type_check check (type in ('trading', 'exchange', 'demo', 'house', 'pending'))`.execute(db);
}
