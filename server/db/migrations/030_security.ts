import { sql, type Kysely } from 'kysely';

/**
 * withdrawals, two-factor, transaction validation, the sandbox outbox.
 *
 * - `pending` accounts: one per currency, with no user, like the house accounts: they hold the
 *   money of requested withdrawals until the payout or a cancel. Unlike house accounts they can
 *   never go below zero (the balance CHECK covers every type but 'house').
 * - withdrawals: one row per request, the idempotency key unique per user.
 * - user_security: the TOTP secret and the last accepted time step (a code is never accepted
 *   twice), a pending method change, and the attempt counters of the factor and the password.
 * - two_factor_codes: email/SMS codes (only their SHA-256 is stored), single use, 10 minutes.
 * - two_factor_challenges: a sign-in waiting for its second factor (per session).
 * - two_factor_grants: a second factor proven for one purpose (a withdrawal, a method change),
 *   single use, a few minutes.
 * - transaction_validations: the value a trader must enter on the validate page (hash only).
 * - account_turnover: trading turnover against the turnover a bonus requires.
 * - sandbox_outbox: the emails and SMS the sandbox "sends", for testers to read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await sql`alter table accounts drop constraint accounts_type_check`.execute(db);
  await sql`alter table accounts add constraint accounts_type_check check (type in ('trading', 'exchange', 'demo', 'house', 'pending'))`.execute(db);
  await sql`alter table accounts drop constraint accounts_house_has_no_user`.execute(db);
  await sql`alter table accounts add constraint accounts_house_has_no_user check ((type in ('house', 'pending')) = (user_id is null))`.execute(db);
  await db.schema.createIndex('accounts_one_pending_per_currency').on('accounts').column('currency').unique().where(sql.ref('type'), '=', 'pending').execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('wallet', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fixed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bonus_forfeited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'cancelled', 'paid', 'rejected')`))
    .addColumn('hold_tx_id', 'text', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('settle_tx_id', 'text', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('withdrawals_user_request_key', ['user_id', 'request_key'])
    .execute();
  await db.schema.createIndex('withdrawals_user_status').on('withdrawals').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('user_security')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('pending_totp_secret', 'text')
    .addColumn('setup_type', 'text', (c) => c.check(sql`setup_type in ('email', 'google', 'sms')`))
    .addColumn('setup_stage', 'text', (c) => c.check(sql`setup_stage in ('code', 'google')`))
    .addColumn('setup_expires_at', 'timestamptz')
    .addColumn('factor_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('factor_locked_until', 'timestamptz')
    .addColumn('password_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('two_factor_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('login', 'withdrawal', 'change', 'setup')`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('two_factor_codes_user_purpose').on('two_factor_codes').columns(['user_id', 'purpose', 'id']).execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('email', 'google', 'sms')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_grants')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('withdrawal', 'change')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('two_factor_grants_session_purpose').on('two_factor_grants').columns(['session_id', 'purpose']).execute();

  await db.schema
    .createTable('transaction_validations')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('value_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('account_turnover')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('current_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`current_minor >= 0`))
    .addColumn('need_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`need_minor >= 0`))
    .execute();

  await db.schema
    .createTable('sandbox_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sandbox_outbox_address').on('sandbox_outbox').columns(['address', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sandbox_outbox',
    'account_turnover',
    'transaction_validations',
    'two_factor_grants',
    'two_factor_challenges',
    'two_factor_codes',
    'user_security',
    'withdrawals',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('accounts_one_pending_per_currency').execute();
  await sql`delete from ledger_entries where account_id in (select id from accounts where type = 'pending')`.execute(db);
  await sql`delete from accounts where type = 'pending'`.execute(db);
  await sql`alter table accounts drop constraint accounts_house_has_no_user`.execute(db);
  await sql`alter table accounts add constraint accounts_house_has_no_user check ((type = 'house') = (user_id is null))`.execute(db);
  await sql`alter table accounts drop constraint accounts_type_check`.execute(db);
  await sql`alter table accounts add constraint accounts_type_check check (type in ('trading', 'exchange', 'demo', 'house'))`.execute(db);
}
