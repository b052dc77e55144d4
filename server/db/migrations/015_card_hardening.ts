import { sql, type Kysely } from 'kysely';

/** Attempt states in which a processor may still charge the card (a start, a page, a dialog, a pending answer). */
export const IN_FLIGHT_STATUSES = ['pending', 'redirect', 'dialog'] as const;

/**
 * Card hardening:
 *
 * - `cards.fingerprint`: HMAC-SHA-256 of the card number under the server's secret
 *   (config.cardFingerprintSecret), never the number; `cards.shared_number` marks the sandbox's
 *   public test numbers. Cards saved before this migration have no fingerprint (their blocks stay
 *   per token, as before).
 * - `card_blocks`: a lost, stolen, pick-up or fraud decline blocks the card by its fingerprint:
 *   for every account (user_id null) or, for a suspected-fraud code or a shared test number, for
 *   the trader's account (user_id set).
 * - `card_attempts`: status `voided` (an approval that came for a payment already approved
 *   through another attempt; code `void_pending` until the processor confirmed the void, then
 *   `voided`); at most one attempt in flight and at most one approved attempt per payment, held
 *   by partial unique indexes. Duplicates left by the old race (several attempts in flight or
 *   approved for one payment) are kept for the earliest and voided for the others first, so the
 *   indexes can be built and the processors are asked to void them on the next listen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cards')
    .addColumn('fingerprint', 'text', (c) => c.check(sql`fingerprint ~ '^[0-9a-f]{64}$'`))
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('shared_number', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('cards_fingerprint').on('cards').column('fingerprint').execute();

  await db.schema
    .createTable('card_blocks')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('fingerprint', 'text', (c) => c.notNull().check(sql`fingerprint ~ '^[0-9a-f]{64}$'`))
    /** null: the card is blocked for every account; set: for this trader's account only */
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    /** the issuer's code that blocked it (04, 07, 41, 43, 59) */
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[0-9]{2}$'`))
    .addColumn('payment_id', 'text', (c) => c.references('card_payments.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index card_blocks_once on card_blocks (fingerprint, coalesce(user_id, 0))`.execute(db);

  await sql`alter table card_attempts drop constraint if exists card_attempts_status_check`.execute(db);
  await sql`alter table card_attempts add constraint card_attempts_status_known check (status in ('pending', 'redirect', 'dialog', 'approved', 'declined', 'voided'))`.execute(db);

  await voidRaceDuplicates(db);
  await createAttemptIndexes(db);
}

const inFlightList = () => sql.join(IN_FLIGHT_STATUSES.map((s) => sql.lit(s)));

/**
 * What the old race left: per payment, every attempt in flight or approved after the earliest
 * becomes `voided` / `void_pending` (the next listen asks its processor to void it). Returns how
 * many were voided.
 */
export async function voidRaceDuplicates(db: Kysely<unknown>): Promise<number> {
  let voided = 0;
  for (const statuses of [inFlightList(), sql`'approved'`]) {
    const result = await sql`
      update card_attempts
         set status = 'voided', code = 'void_pending', message = 'Voided: another attempt of this payment was already in flight or approved', updated_at = now()
       where id in (
         select id from (
           select id, row_number() over (partition by payment_id order by id) as n
             from card_attempts where status in (${statuses})
         ) ranked where n > 1
       )`.execute(db);
    voided += Number(result.numAffectedRows ?? 0n);
  }
  return voided;
}

/** One attempt in flight and one approved attempt per payment, held by the database. */
export async function createAttemptIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index card_attempts_one_in_flight on card_attempts (payment_id) where status in (${inFlightList()})`.execute(db);
  await sql`create unique index card_attempts_one_approval on card_attempts (payment_id) where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists card_attempts_one_approval`.execute(db);
  await sql`drop index if exists card_attempts_one_in_flight`.execute(db);
  await sql`update card_attempts set status = 'declined' where status = 'voided'`.execute(db);
  await sql`alter table card_attempts drop constraint if exists card_attempts_status_known`.execute(db);
  await sql`alter table card_attempts add constraint card_attempts_status_check check (status in ('pending', 'redirect', 'dialog', 'approved', 'declined'))`.execute(db);
  await db.schema.dropTable('card_blocks').execute();
  await db.schema.dropIndex('cards_fingerprint').execute();
  await db.schema.alterTable('cards').dropColumn('shared_number').execute();
  await db.schema.alterTable('cards').dropColumn('fingerprint').execute();
}
