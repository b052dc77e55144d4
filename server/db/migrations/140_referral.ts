import { sql, type Kysely } from 'kysely';

/**
 * Referral and affiliate program (§5-7):
 * - referral_links: a trader's links, each with its own public code carried in `?aff=`; the
 *   default one (name null, landing home) is the trader's referral program; named ones are the
 *   affiliate links (a name and a landing page of the public site). users.affs_id holds a code.
 * - referral_visits: a visitor arriving through a link, one row per link, visitor cookie and day.
 * - referral_commissions: the commission paid on a referred trader's first deposit, one per
 *   referred trader (and per deposit key), with the ledger transaction that paid it.
 * - accounts of type 'referral': the referral balance, one per trader and currency, not mirrored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_links')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Za-z0-9_-]{1,64}$'`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.check(sql`name is null or length(name) between 1 and 100`))
    .addColumn('landing', 'text', (c) => c.notNull().check(sql`landing in ('home', 'about', 'accounts', 'faq')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('referral_links_user').on('referral_links').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('referral_links_one_program').on('referral_links').column('user_id').unique().where(sql.ref('name'), 'is', null).execute();

  await db.schema
    .createTable('referral_visits')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().references('referral_links.code').onDelete('cascade'))
    .addColumn('visitor', 'text', (c) => c.notNull().check(sql`length(visitor) between 8 and 64`))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('referral_visits_once_a_day').on('referral_visits').columns(['code', 'visitor', 'day']).unique().execute();

  await db.schema
    .createTable('referral_commissions')
    .addColumn('deposit_key', 'text', (c) => c.primaryKey())
    .addColumn('referred_user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('referrer_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('deposit_minor', 'bigint', (c) => c.notNull().check(sql`deposit_minor > 0`))
    .addColumn('commission_minor', 'bigint', (c) => c.notNull().check(sql`commission_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('tx_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('referral_commissions_referrer').on('referral_commissions').columns(['referrer_user_id', 'created_at']).execute();

  // widen the account type check with 'referral', keeping whatever other migrations added
  const types = await currentTypes(db);
  await sql`alter table accounts drop constraint accounts_type_check`.execute(db);
  await sql`alter table accounts add constraint accounts_type_check check (type in (${sql.join([...new Set([...types, 'referral'])].map((t) => sql.lit(t)))}))`.execute(db);
  await sql`alter table accounts add constraint accounts_referral_not_mirrored check (type <> 'referral' or platform_login is null)`.execute(db);
  await db.schema.createIndex('accounts_one_referral_per_user_currency').on('accounts').columns(['user_id', 'currency']).unique().where(sql.ref('type'), '=', 'referral').execute();
}

/** the types the current check allows (another area's migration may have widened it too) */
async function currentTypes(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'accounts_type_check' and conrelid = 'accounts'::regclass`.execute(db);
  const listed = [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  return ['trading', 'exchange', 'demo', 'house', 'pending', 'bonus', ...listed];
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('accounts_one_referral_per_user_currency').execute();
  await sql`alter table accounts drop constraint accounts_referral_not_mirrored`.execute(db);
  await sql`delete from ledger_entries where account_id in (select id from accounts where type = 'referral')`.execute(db);
  await sql`delete from accounts where type = 'referral'`.execute(db);
  await db.schema.dropTable('referral_commissions').execute();
  await db.schema.dropTable('referral_visits').execute();
  await db.schema.dropTable('referral_links').execute();
}
