import { sql, type Kysely } from 'kysely';

/**
 * Support: the sandbox help desk's tickets, their messages and attachments, call-back
 * requests and contact-form submissions. Every bound of SUPPORT_LIMITS (core/contract/support.ts)
 * is a CHECK here too.
 * - `documents.kind` also takes `attachment` (a ticket attachment: stored by the verification
 *   area's storage, never on the verification page, never lifting the trading block), and
 *   documents get a nullable sanitised file `name`.
 * - `support_tickets`: owner, department, priority, subject, status_id (1 Open, 2 Answered,
 *   3 Closed), what it is about (kind + id, both or neither), the trader-unread flag, the last
 *   activity, the creation's idempotency key (unique per user).
 * - `support_messages`: author trader | agent (an agent's message has the agent's name), plain
 *   text content, a trader reply's idempotency key (unique per ticket).
 * - `support_attachments`: which message an attachment document belongs to. An attachment
 *   document without a row here is staged (uploaded, not yet sent).
 * - `support_callbacks`: a call-back request (phone, preferred time), done when the agent marks it.
 * - `support_contacts`: contact-form submissions; the client address only as a SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop constraint if exists documents_kind_check`.execute(db);
  await sql`alter table documents add constraint documents_kind_check check (kind in ('passport', 'address', 'card_front', 'card_back', 'signature', 'receipt', 'attachment'))`.execute(db);
  await sql`alter table documents add column name text check (name is null or (length(name) between 1 and 120))`.execute(db);

  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('department', 'text', (c) => c.notNull().check(sql`department ~ '^[0-9]{1,6}$'`))
    .addColumn('priority', 'text', (c) => c.notNull().check(sql`priority ~ '^[0-9]{1,3}$'`))
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(subject) between 1 and 200`))
    .addColumn('status_id', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status_id in (1, 2, 3)`))
    .addColumn('about_kind', 'text', (c) => c.check(sql`about_kind in ('payment', 'invoice', 'withdrawal')`))
    .addColumn('about_id', 'text', (c) => c.check(sql`length(about_id) between 1 and 64`))
    .addColumn('trader_unread', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('idem_key', 'text', (c) => c.notNull().check(sql`idem_key ~ '^[A-Za-z0-9_-]{8,64}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('activity_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('support_tickets_about_both', sql`(about_kind is null) = (about_id is null)`)
    .addUniqueConstraint('support_tickets_key_once', ['user_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('support_tickets_user_activity').on('support_tickets').columns(['user_id', 'activity_at']).execute();
  await db.schema.createIndex('support_tickets_user_created').on('support_tickets').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('trader', 'agent')`))
    .addColumn('agent_name', 'text', (c) => c.check(sql`agent_name is null or length(agent_name) between 1 and 100`))
    .addColumn('content', 'text', (c) => c.notNull().check(sql`length(content) between 1 and 5000`))
    .addColumn('idem_key', 'text', (c) => c.check(sql`idem_key is null or idem_key ~ '^[A-Za-z0-9_-]{8,64}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('support_messages_agent_named', sql`(author = 'agent') = (agent_name is not null)`)
    .addUniqueConstraint('support_messages_key_once', ['ticket_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('support_messages_ticket').on('support_messages').columns(['ticket_id', 'id']).execute();
  await db.schema.createIndex('support_messages_author_created').on('support_messages').columns(['author', 'created_at']).execute();

  await db.schema
    .createTable('support_attachments')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) => c.notNull().references('support_messages.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('support_attachments_message').on('support_attachments').column('message_id').execute();

  await db.schema
    .createTable('support_callbacks')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull().check(sql`length(phone) between 7 and 32`))
    .addColumn('preferred', 'text', (c) => c.notNull().defaultTo('any').check(sql`preferred in ('any', 'morning', 'afternoon', 'evening')`))
    .addColumn('idem_key', 'text', (c) => c.check(sql`idem_key is null or idem_key ~ '^[A-Za-z0-9_-]{8,64}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .addColumn('done_by', 'text', (c) => c.check(sql`done_by is null or length(done_by) between 1 and 100`))
    .addUniqueConstraint('support_callbacks_key_once', ['user_id', 'idem_key'])
    .execute();
  await db.schema.createIndex('support_callbacks_user_created').on('support_callbacks').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('support_contacts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) between 3 and 254`))
    .addColumn('phone', 'text', (c) => c.notNull().check(sql`length(phone) between 7 and 32`))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`length(message) between 1 and 5000`))
    .addColumn('client_hash', 'text', (c) => c.notNull().check(sql`client_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_contacts_client_created').on('support_contacts').columns(['client_hash', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_contacts').execute();
  await db.schema.dropTable('support_callbacks').execute();
  await db.schema.dropTable('support_attachments').execute();
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_tickets').execute();
  await sql`delete from documents where kind = 'attachment'`.execute(db);
  await sql`alter table documents drop column if exists name`.execute(db);
  await sql`alter table documents drop constraint if exists documents_kind_check`.execute(db);
  await sql`alter table documents add constraint documents_kind_check check (kind in ('passport', 'address', 'card_front', 'card_back', 'signature', 'receipt'))`.execute(db);
}
