import { sql, type Kysely } from 'kysely';

/**
 * Social sign-in and registration extras (docs/social-sign-in.md):
 * - `social_links`: an account and the identity provider's subject that signed into it. A later
 *   sign-in matches by (issuer, subject) first, then by a verified email.
 * - `user_profiles.us_state`: the US state of a US resident (spec 001 §3: the US state list), ''
 *   for everyone else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_links')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull().check(sql`length(issuer) between 1 and 500`))
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(subject) between 1 and 255`))
    /** the verified email the provider gave when the link was made */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('social_links_issuer_subject', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('social_links_user').on('social_links').column('user_id').execute();
  await db.schema
    .alterTable('user_profiles')
    .addColumn('us_state', 'text', (c) => c.notNull().defaultTo('').check(sql`us_state ~ '^([A-Z]{2})?$'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_profiles').dropColumn('us_state').execute();
  await db.schema.dropTable('social_links').execute();
}
