import { sql, type Kysely } from 'kysely';

/**
 * Crypto deposits: per-invoice receiving addresses from a counter per chain and
 * extended key (an address is never handed out twice: the counter only grows, and
 * (chain, address) is unique), invoices with the amount and rate fixed at creation, the
 * payments the chain watcher saw, and the sandbox chain's own transactions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('crypto_address_counters')
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('xpub_hash', 'text', (c) => c.notNull())
    .addColumn('next_index', 'integer', (c) => c.notNull().defaultTo(0).check(sql`next_index >= 0 and next_index < 2147483648`))
    .addPrimaryKeyConstraint('crypto_address_counters_pk', ['chain', 'xpub_hash'])
    .execute();

  await db.schema
    .createTable('crypto_invoices')
    .addColumn('guid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_index', 'integer', (c) => c.notNull())
    .addColumn('xpub_hash', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('decimals', 'integer', (c) => c.notNull().check(sql`decimals between 0 and 18`))
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('rate_currency', 'text', (c) => c.notNull())
    .addColumn('rate_source', 'text', (c) => c.notNull())
    .addColumn('fiat_minor', 'bigint', (c) => c.notNull().check(sql`fiat_minor >= 0`))
    .addColumn('credit_account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('credit_currency', 'text', (c) => c.notNull())
    .addColumn('credit_minor', 'bigint', (c) => c.notNull().check(sql`credit_minor > 0`))
    .addColumn('fixed', 'boolean', (c) => c.notNull())
    .addColumn('bonus', 'boolean', (c) => c.notNull())
    .addColumn('voucher', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('wt').check(sql`status in ('wt', 'su', 'ex')`))
    .addColumn('received_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`received_minor >= 0`))
    .addColumn('late_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`late_minor >= 0`))
    .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('credit_tx_id', 'text', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    // paid means credited, in the same transaction
    .addCheckConstraint('crypto_invoices_paid_is_credited', sql`(status = 'su') = (credit_tx_id is not null)`)
    .addUniqueConstraint('crypto_invoices_address_once', ['chain', 'address'])
    .execute();
  await db.schema.createIndex('crypto_invoices_user').on('crypto_invoices').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('crypto_invoices_open').on('crypto_invoices').column('expires_at').where(sql.ref('status'), '=', 'wt').execute();

  await db.schema
    .createTable('crypto_payments')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('invoice_guid', 'text', (c) => c.notNull().references('crypto_invoices.guid'))
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('late', 'boolean', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('crypto_payments_once', ['invoice_guid', 'chain', 'txid'])
    .execute();

  await db.schema
    .createTable('sandbox_chain_txs')
    .addColumn('txid', 'text', (c) => c.primaryKey())
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sandbox_chain_txs_address').on('sandbox_chain_txs').columns(['chain', 'address']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_chain_txs', 'crypto_payments', 'crypto_invoices', 'crypto_address_counters']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
