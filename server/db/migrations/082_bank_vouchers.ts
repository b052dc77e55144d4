import { sql, type Kysely } from 'kysely';

/**
 * Bank transfers, fiat reports and Vload vouchers:
 * - `bank_deposits`: a reported transfer (bank or fiat tab), pending until an operator marks it
 *   received, which credits it once (credit_tx_id set in the same transaction; the CHECK ties
 *   received to a credit). Its `reference` is unique: the trader writes it on the transfer.
 * - `vload_vouchers`: each redeemed voucher once (the pin's SHA-256 is the key, never the pin).
 * - `documents.kind` also takes `receipt` (a transfer receipt, stored like a verification file;
 *   never on the verification page's required list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop constraint if exists documents_kind_check`.execute(db);
  await sql`alter table documents add constraint documents_kind_check check (kind in ('passport', 'address', 'card_front', 'card_back', 'signature', 'receipt'))`.execute(db);

  await db.schema
    .createTable('bank_deposits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('idem_key', 'text', (c) => c.notNull().check(sql`length(idem_key) between 8 and 100`))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('bank', 'fiat')`))
    .addColumn('reference', 'text', (c) => c.notNull().unique().check(sql`reference ~ '^[A-Z0-9-]{6,24}$'`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fixed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bonus', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('promo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'received')`))
    .addColumn('receipt_id', 'text', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('credit_tx_id', 'text', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('received_at', 'timestamptz')
    .addCheckConstraint('bank_deposits_received_is_credited', sql`(status = 'received') = (credit_tx_id is not null)`)
    .addUniqueConstraint('bank_deposits_key_once', ['user_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('bank_deposits_status_created').on('bank_deposits').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('vload_vouchers')
    .addColumn('pin_sha256', 'text', (c) => c.primaryKey().check(sql`pin_sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('pin_last4', 'text', (c) => c.notNull().check(sql`pin_last4 ~ '^[0-9]{4}$'`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('voucher_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('credit_tx_id', 'text', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vload_vouchers').execute();
  await db.schema.dropTable('bank_deposits').execute();
  await sql`delete from documents where kind = 'receipt'`.execute(db);
  await sql`alter table documents drop constraint if exists documents_kind_check`.execute(db);
  await sql`alter table documents add constraint documents_kind_check check (kind in ('passport', 'address', 'card_front', 'card_back', 'signature'))`.execute(db);
}
