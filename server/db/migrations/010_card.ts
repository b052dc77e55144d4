import { sql, type Kysely } from 'kysely';

/**
 * Card funding: saved cards (a token, the first six and last four digits and the
 * sandbox scenario; never the number or the CVV), payments created by the fraud check under the
 * client's idempotency key, one attempt per (payment, processor), the per-user daily counter
 * whose CHECK enforces the limit of 3 card transactions a day under any concurrency, and the
 * sandbox control's scripted next outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('cards')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('first6', 'text', (c) => c.notNull().check(sql`first6 ~ '^[0-9]{6}$'`))
    .addColumn('last4', 'text', (c) => c.notNull().check(sql`last4 ~ '^[0-9]{4}$'`))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull().check(sql`exp_month between 1 and 12`))
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('scenario', 'text', (c) => c.notNull())
    /** a hard decline for lost, stolen, pick-up or fraud: the fraud check answers bad_card from then on */
    .addColumn('blocked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('cards_user').on('cards').column('user_id').execute();

  await db.schema
    .createTable('card_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('card_token', 'text', (c) => c.notNull().references('cards.token'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('credit_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('fixed', 'boolean', (c) => c.notNull())
    .addColumn('bonus', 'boolean', (c) => c.notNull())
    .addColumn('promo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created').check(sql`status in ('created', 'processing', 'approved', 'failed', 'stopped')`))
    .addColumn('credit_tx_id', 'text', (c) => c.references('ledger_transactions.id'))
    .addColumn('day', 'text', (c) => c.notNull().check(sql`day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // approved means credited, in the same transaction
    .addCheckConstraint('card_payments_approved_is_credited', sql`(status = 'approved') = (credit_tx_id is not null)`)
    .addUniqueConstraint('card_payments_key_once', ['user_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('card_payments_user_day').on('card_payments').columns(['user_id', 'day']).execute();

  await db.schema
    .createTable('card_attempts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('card_payments.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('processor', 'text', (c) => c.notNull())
    /** position in the payment's cascade (0 = first processor tried) */
    .addColumn('seq', 'integer', (c) => c.notNull())
    /** the processor's transaction id (listen calls name it) */
    .addColumn('uid', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'redirect', 'dialog', 'approved', 'declined')`))
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    /** listen checks answered so far (a pending scenario approves after N) */
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('card_attempts_once', ['payment_id', 'processor'])
    .execute();
  await db.schema.createIndex('card_attempts_user_day').on('card_attempts').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('card_day_counts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'text', (c) => c.notNull().check(sql`day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    // the daily limit of 3 card transactions (spec 000 §9), enforced by the database
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count between 0 and 3`))
    .addPrimaryKeyConstraint('card_day_counts_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('card_sandbox_next')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('scenario', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['card_sandbox_next', 'card_day_counts', 'card_attempts', 'card_payments', 'cards']) await db.schema.dropTable(table).execute();
}
