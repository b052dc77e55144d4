import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { formatRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../../core/contract/recovery-codes';
import type { Database } from '../../db/schema';
import '../../db/schema-security';
import type { DbOrTx } from '../ledger';
import { recoveryCodeUsedMail, siteLink, userLang } from '../mail';
import { notificationKey } from '../notifications/key';
import { notify } from '../notifications/notify';
import type { Messenger } from '../ports';
import { hashToken } from '../tokens';

/**
 * Recovery codes of the authenticator factor (issue 31 §4, docs/security-centre.md).
 *
 * - RECOVERY_CODE_COUNT codes of RECOVERY_CODE_LENGTH letters (about 49 bits each) are made when
 *   the authenticator is turned on, and again on request (the old ones are voided in the same
 *   transaction, under a lock on the trader's user_security row, so two requests never leave
 *   two sets); turning the authenticator off (or choosing another factor) voids them.
 * - Only `SHA-256("{userId}:{code}")` is stored: the codes are random enough that a plain hash
 *   cannot be reversed, and the user id in it keeps one trader's code from matching another's.
 * - A code is spent by one conditional update (`… where used_at is null and voided_at is null
 *   returning`): 20 concurrent uses of one code spend it once. The caller (factors.ts) counts a
 *   wrong code against the factor's attempt limit like a wrong authenticator code.
 * - The codes are never logged and never read back: the trader sees them once.
 */

const codeHash = (userId: number, plain: string): string => hashToken(`${userId}:${plain}`);

function newPlainCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += RECOVERY_CODE_ALPHABET[randomInt(0, RECOVERY_CODE_ALPHABET.length)];
  return code;
}

const inTransaction = <T>(db: DbOrTx, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<Database>) : (db as Kysely<Database>).transaction().execute(work);

/** Voids the trader's unused codes (new ones were made, or the authenticator is off). */
export async function voidRecoveryCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.updateTable('recovery_codes').set({ voided_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).where('voided_at', 'is', null).execute();
}

/** Makes a new set of codes, voiding the old ones; answers them formatted (`k7m2p-x9q4r`), the only time they exist in plain. */
export async function issueRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    // one set at a time: a second request waits here and then voids this one's codes
    await trx.selectFrom('user_security').select('user_id').where('user_id', '=', userId).forUpdate().execute();
    await voidRecoveryCodes(trx, userId);
    const plain = new Set<string>();
    while (plain.size < RECOVERY_CODE_COUNT) plain.add(newPlainCode());
    await trx
      .insertInto('recovery_codes')
      .values([...plain].map((code) => ({ user_id: userId, code_hash: codeHash(userId, code) })))
      .execute();
    return [...plain].map(formatRecoveryCode);
  });
}

/** The trader's unused codes: how many, and when they were made. */
export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<{ left: number; createdAt: Date | null }> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => [eb.fn.countAll<string | number>().as('left'), eb.fn.max('created_at').as('created_at')])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { left: Number(row.left), createdAt: row.created_at ?? null };
}

/**
 * Spends `text` if it is one of the trader's unused codes: true once, false for a wrong, used or
 * voided code (and for anything that cannot be a code, without asking the database).
 */
export async function spendRecoveryCode(db: DbOrTx, userId: number, text: string): Promise<boolean> {
  const plain = normalizeRecoveryCode(text);
  if (plain === '') return false;
  const spent = await db
    .updateTable('recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash(userId, plain))
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

/**
 * Tells the trader a recovery code signed in: the bell (security.recovery_used, with the codes
 * left) and an email in the trader's language. The caller pushes notification.new.
 */
export async function alertRecoveryCodeUsed(db: DbOrTx, messenger: Messenger, user: { id: number; email: string }, facts: { ip: string | null; siteUrl: string; at?: Date }): Promise<void> {
  const at = facts.at ?? new Date();
  const { left } = await recoveryCodesLeft(db, user.id);
  await notify(db, { userId: user.id, kind: 'security.recovery_used', params: { left: String(left) }, key: notificationKey('recovery', user.id, at.getTime()) });
  const lang = await userLang(db, user.id);
  await messenger.send({ userId: user.id, channel: 'email', address: user.email, ...recoveryCodeUsedMail(lang, { at, ip: facts.ip, left, link: siteLink(facts.siteUrl, `/${lang}/trading#/show/security`) }) });
}
