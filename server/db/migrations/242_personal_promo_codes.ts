import type { Kysely } from 'kysely';

/**
 * Personal promo codes (issue 31): a limited offer's `OFFER-…` code is its trader's alone.
 * `promo_codes.owner_user_id` names that trader (null: a code anyone may use); every check and
 * redemption refuses anyone else with `promo.not_yours`, before anything is counted
 * (server/domain/promo/codes.ts). The codes already given are bound to the trader whose accepted
 * offer holds them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promo_codes').addColumn('owner_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade')).execute();
  const k = db as unknown as Kysely<{ promo_codes: { code: string; owner_user_id: number | null }; offers: { user_id: number; promo_code: string | null } }>;
  await k
    .updateTable('promo_codes')
    .set((eb) => ({ owner_user_id: eb.selectFrom('offers').select('offers.user_id').whereRef('offers.promo_code', '=', 'promo_codes.code').limit(1) }))
    .where('code', 'in', (eb) => eb.selectFrom('offers').select('offers.promo_code').where('offers.promo_code', 'is not', null).$narrowType<{ promo_code: string }>())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promo_codes').dropColumn('owner_user_id').execute();
}
