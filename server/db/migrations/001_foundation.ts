import { sql, type Kysely } from 'kysely';

/**
 * Foundation: users and their accounts, the double-entry ledger, sessions, login attempts,
 * client error reports, autologin tickets and the sandbox trading platform's own tables.
 * Migrations take Kysely<unknown>: they describe the database as it was at that point in time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email) and length(email) between 3 and 254`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country ~ '^[A-Z]{2}$'`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('verification', 'text', (c) => c.notNull().defaultTo('None').check(sql`verification in ('Full', 'None')`))
    .addColumn('card_risk', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cascade', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('md', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mdps', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('affs_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('two_factor', 'text', (c) => c.notNull().defaultTo('').check(sql`two_factor in ('', 'email', 'google', 'sms')`))
    .addColumn('reg_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('sign', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tr_attemps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tr_success', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tr_validate', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('wd_methods', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('can_upload', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('fill_card', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('current_account_id', 'integer')
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('account_group', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('trading', 'exchange', 'demo', 'house')`))
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('accounts_balance_nonnegative', sql`balance_minor >= 0 or type = 'house'`)
    .addCheckConstraint('accounts_house_has_no_user', sql`(type = 'house') = (user_id is null)`)
    .execute();
  await db.schema.createIndex('accounts_user_id').on('accounts').column('user_id').execute();
  await db.schema.createIndex('accounts_one_house_per_currency').on('accounts').column('currency').unique().where(sql.ref('type'), '=', 'house').execute();
  await db.schema
    .alterTable('users')
    .addForeignKeyConstraint('users_current_account', ['current_account_id'], 'accounts', ['id'])
    .execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('tx_id', 'text', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_account_id').on('ledger_entries').column('account_id').execute();
  await db.schema.createIndex('ledger_entries_tx_id').on('ledger_entries').column('tx_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('csrf', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('site', 'platform')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('pending', 'fail', 'success', 'locked', 'token')`))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('login_attempts_scope_email_id').on('login_attempts').columns(['scope', 'email', 'id']).execute();

  await db.schema
    .createTable('client_errors')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('line_number', 'integer')
    .addColumn('column_number', 'integer')
    .addColumn('object', 'text')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('client_errors_session_created').on('client_errors').columns(['session_id', 'created_at']).execute();

  await db.schema
    .createTable('login_fail_notifications')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('login_fail_notifications_session_created').on('login_fail_notifications').columns(['session_id', 'created_at']).execute();

  await db.schema
    .createTable('autologin_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('key_used_at', 'timestamptz')
    .addColumn('ticket_hash', 'text', (c) => c.unique())
    .addColumn('ticket_expires_at', 'timestamptz')
    .addColumn('site_used_at', 'timestamptz')
    .addColumn('platform_used_at', 'timestamptz')
    .addColumn('redirect', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('mobile', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('platform_accounts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('login', 'text', (c) => c.notNull().unique().check(sql`login = lower(login)`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance_minor >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('platform_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('platform_accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'platform_sessions',
    'platform_accounts',
    'autologin_tickets',
    'login_fail_notifications',
    'client_errors',
    'login_attempts',
    'sessions',
    'ledger_entries',
    'ledger_transactions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropConstraint('users_current_account').execute();
  await db.schema.dropTable('accounts').execute();
  await db.schema.dropTable('users').execute();
}
