import { sql, type Kysely } from 'kysely';

/**
 * Trading.
 *
 * The sandbox trading platform (a third party: the broker never reads these tables, it asks
 * through server/sandbox/platform/gateway.ts):
 * - platform_trades: fixed-time up/down trades. The stake leaves the platform balance when the
 *   trade opens; at expiry the trade settles against the simulated price (won: stake plus the
 *   payout percent, tie: the stake back, lost: nothing). One row per (account, request key).
 * - platform_transactions: every movement of a platform balance, with the balance after it.
 *
 * The broker:
 * - trading_sync: per user, how far the platform's settled trades were booked into the ledger.
 * - signals, signal_deliveries: trading signals and when each was shown to whom (once per day,
 *   with the pop-up's expiry held here so a reload does not restart it).
 *
 * The sandbox chat (a third party): its tokens and messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('platform_trades')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('platform_accounts.id').onDelete('cascade'))
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('up', 'down')`))
    .addColumn('stake_minor', 'bigint', (c) => c.notNull().check(sql`stake_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payout_percent', 'integer', (c) => c.notNull().check(sql`payout_percent between 0 and 100`))
    .addColumn('price_decimals', 'integer', (c) => c.notNull().check(sql`price_decimals between 0 and 8`))
    .addColumn('open_price', 'bigint', (c) => c.notNull().check(sql`open_price > 0`))
    .addColumn('close_price', 'bigint')
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'won', 'lost', 'tie')`))
    .addColumn('payout_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`payout_minor >= 0`))
    .addUniqueConstraint('platform_trades_request', ['account_id', 'request_key'])
    .addCheckConstraint('platform_trades_settled', sql`(status = 'open') = (settled_at is null) and (status = 'open') = (close_price is null)`)
    .addCheckConstraint('platform_trades_expiry', sql`expires_at > opened_at`)
    .execute();
  await db.schema.createIndex('platform_trades_account').on('platform_trades').columns(['account_id', 'opened_at']).execute();
  await db.schema.createIndex('platform_trades_due').on('platform_trades').column('expires_at').where(sql.ref('status'), '=', 'open').execute();
  await db.schema.createIndex('platform_trades_settled').on('platform_trades').column('settled_at').where(sql.ref('status'), '<>', 'open').execute();

  await db.schema
    .createTable('platform_transactions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('platform_accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('deposit', 'withdrawal', 'trade', 'payout', 'refund')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('completed').check(sql`status in ('completed', 'pending', 'cancelled')`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor <> 0`))
    .addColumn('balance_after_minor', 'bigint', (c) => c.notNull().check(sql`balance_after_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('trade_id', 'text', (c) => c.references('platform_trades.id').onDelete('cascade'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('platform_transactions_account').on('platform_transactions').columns(['account_id', 'created_at']).execute();
  // a trade is debited once and settled once
  await db.schema.createIndex('platform_transactions_trade_once').on('platform_transactions').columns(['trade_id', 'type']).unique().where(sql.ref('trade_id'), 'is not', null).execute();

  await db.schema
    .createTable('trading_sync')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    /** trades settled at or after this were possibly not booked yet (re-booking is a no-op: idempotency keys) */
    .addColumn('cursor', 'timestamptz')
    .addColumn('platform_available_minor', 'bigint')
    .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0).check(sql`booked >= 0`))
    .addColumn('synced_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('signals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('up', 'down')`))
    .addColumn('expiry_seconds', 'integer', (c) => c.notNull().check(sql`expiry_seconds > 0`))
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('popup_seconds', 'integer', (c) => c.notNull().check(sql`popup_seconds between 1 and 3600`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signals_valid').on('signals').column('valid_until').execute();

  await db.schema
    .createTable('signal_deliveries')
    .addColumn('signal_id', 'text', (c) => c.notNull().references('signals.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** UTC date: a signal is shown once per day */
    .addColumn('day', 'text', (c) => c.notNull().check(sql`day ~ '^\\d{4}-\\d{2}-\\d{2}$'`))
    .addColumn('delivered_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('signal_deliveries_pk', ['signal_id', 'user_id', 'day'])
    .execute();

  await db.schema
    .createTable('sandbox_chat_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_ref', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sandbox_chat_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('conversation', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('guest', 'host')`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sandbox_chat_messages_conversation').on('sandbox_chat_messages').columns(['conversation', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_chat_messages', 'sandbox_chat_tokens', 'signal_deliveries', 'signals', 'trading_sync', 'platform_transactions', 'platform_trades']) {
    await db.schema.dropTable(table).execute();
  }
}
