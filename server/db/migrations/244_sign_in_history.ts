import { sql, type Kysely } from 'kysely';

/**
 * Sign-in history and new-device alerts (issue 31 §1, §3; docs/security-centre.md):
 * - `sign_in_events`: every sign-in attempt on a known account (its method and outcome from
 *   core/contract/sign-in-history.ts), with the IP the server saw, a device label read from the
 *   user agent (not the agent), an approximate country where the geo port gives one, and whether
 *   it came from a device the account had not used. Kept 90 days (housekeeping).
 * - `known_devices`: the devices an account signed in from, by the SHA-256 of the long-lived
 *   device cookie (`did`); a sign-in from one not listed is a new device.
 * - `device_alerts`: the "this wasn't me" link of a new-device email: only the token's SHA-256,
 *   expiring, used once.
 * - `autologin_tickets.via`: 'social' for a key made after an identity provider's sign-in, so the
 *   history tells a social sign-in from an emailed link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('autologin_tickets').addColumn('via', 'text', (c) => c.notNull().defaultTo('link')).execute();
  await db.schema
    .createTable('sign_in_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('device', 'text')
    .addColumn('country', 'text')
    .addColumn('new_device', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('sign_in_events_user').on('sign_in_events').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('sign_in_events_at').on('sign_in_events').column('at').execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
    .execute();

  await db.schema
    .createTable('device_alerts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('sign_in_events.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_alerts').execute();
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('sign_in_events').execute();
  await db.schema.alterTable('autologin_tickets').dropColumn('via').execute();
}
