import type { Kysely } from 'kysely';

/**
 * The second factor's change asks whether to sign out the trader's other devices (issue 31 §2):
 * the answer given when the change starts is kept with the setup in progress, and carried out
 * when the new method is saved (true, the default: they are signed out, as a password change does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_security').addColumn('setup_end_others', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_security').dropColumn('setup_end_others').execute();
}
