import { sql, type Kysely } from 'kysely';

/**
 * A registration's promo code is at most PROMO_MAX characters (core/contract/register.ts),
 * checked by the registration contract before anything is written, so the number lives in one
 * place. This drops the CHECK of migration 050 that held a copy of it (PostgreSQL named it
 * `<table>_<column>_check`); an empty promo stays allowed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_profiles drop constraint if exists user_profiles_promo_check`.execute(db);
}

/** Back to migration 050's schema, its CHECK as it was written there. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_profiles add constraint user_profiles_promo_check check (length(promo) <= 32)`.execute(db);
}
