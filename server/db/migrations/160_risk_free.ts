import { sql, type Kysely } from 'kysely';

/**
 * The risk-free offer (spec 001 §2, §4, §9), a third kind of timed offer (135_offers).
 * Accepting makes the trader's next trade opened on the platform within 24 hours risk-free: when
 * that trade settles at a loss, the loss (capped) is refunded into the bonus balance by one
 * ledger transfer (its id in credit_tx_id). The columns record which trade the offer covered,
 * when its settlement was booked, and what was refunded (0 for a win or a tie).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers drop constraint if exists offers_kind_check`.execute(db);
  await sql`alter table offers add constraint offers_kind_check check (kind in ('limited', 'giveaway', 'risk_free'))`.execute(db);
  await db.schema
    .alterTable('offers')
    .addColumn('riskfree_trade_id', 'text')
    .addColumn('riskfree_settled_at', 'timestamptz')
    .addColumn('riskfree_refund_minor', 'bigint', (c) => c.check(sql`riskfree_refund_minor is null or riskfree_refund_minor >= 0`))
    .execute();
  await sql`alter table offers add constraint offers_riskfree_settled check ((riskfree_settled_at is null) = (riskfree_refund_minor is null) and (riskfree_settled_at is null or riskfree_trade_id is not null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers drop constraint if exists offers_riskfree_settled`.execute(db);
  await db.schema.alterTable('offers').dropColumn('riskfree_refund_minor').dropColumn('riskfree_settled_at').dropColumn('riskfree_trade_id').execute();
  await sql`delete from offers where kind = 'risk_free'`.execute(db);
  await sql`alter table offers drop constraint if exists offers_kind_check`.execute(db);
  await sql`alter table offers add constraint offers_kind_check check (kind in ('limited', 'giveaway'))`.execute(db);
}
