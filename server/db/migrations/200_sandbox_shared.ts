import { sql, type Kysely } from 'kysely';

/**
 * Sandbox state shared by every instance (docs/architecture.md "Many instances"):
 *
 * - `sandbox_made_by`: which users a tester's session made with POST /api/sandbox/fresh-user, so
 *   that session may act on them through any instance (server/sandbox/access.ts). A row lives
 *   as long as its session and its user (foreign keys, on delete cascade): the housekeeping's purge
 *   of expired sessions removes it.
 * - `sandbox_idp_keys`: the sandbox identity provider's secrets, made once for the deployment (one
 *   row, id 1): its signing keys (a private JWKS), the client secret of the site's client (which
 *   also seals the sign-in's flow cookie) and the key of its cookies. The first instance to start
 *   inserts them (on conflict do nothing) and every instance reads the row back.
 * - `sandbox_idp_objects`: the provider's stored objects (oidc-provider's adapter: sessions,
 *   interactions, grants, authorization codes, access tokens, …), one row per (model, id), kept
 *   until `expires_at` (then purged by the housekeeping).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_made_by')
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sandbox_made_by_pkey', ['session_id', 'user_id'])
    .execute();
  await db.schema.createIndex('sandbox_made_by_user').on('sandbox_made_by').column('user_id').execute();

  await db.schema
    .createTable('sandbox_idp_keys')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('jwks', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(jwks -> 'keys') = 'array'`))
    .addColumn('client_secret', 'text', (c) => c.notNull().check(sql`length(client_secret) >= 32`))
    .addColumn('cookie_key', 'text', (c) => c.notNull().check(sql`length(cookie_key) >= 32`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sandbox_idp_objects')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('sandbox_idp_objects_pkey', ['model', 'id'])
    .execute();
  await db.schema.createIndex('sandbox_idp_objects_grant').on('sandbox_idp_objects').columns(['model', 'grant_id']).where(sql.ref('grant_id'), 'is not', null).execute();
  await db.schema.createIndex('sandbox_idp_objects_uid').on('sandbox_idp_objects').columns(['model', 'uid']).where(sql.ref('uid'), 'is not', null).execute();
  await db.schema.createIndex('sandbox_idp_objects_user_code').on('sandbox_idp_objects').columns(['model', 'user_code']).where(sql.ref('user_code'), 'is not', null).execute();
  await db.schema.createIndex('sandbox_idp_objects_expires').on('sandbox_idp_objects').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_idp_objects').execute();
  await db.schema.dropTable('sandbox_idp_keys').execute();
  await db.schema.dropTable('sandbox_made_by').execute();
}
