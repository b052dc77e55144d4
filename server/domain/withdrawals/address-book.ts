import { randomUUID } from 'node:crypto';
import { ADDRESS_BOOK_RULES, destinationState } from '../../../core/address-book';
import type { WithdrawalMethod } from '../../../core/contract';
import type { AddDestinationRequest, AddressBook, ConfirmedDestination } from '../../../core/contract/address-book';
import '../../db/schema-address-book';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/values';
import type { Db } from '../../db';
import type { DbOrTx } from '../ledger';
import { addressConfirmMail, siteLink, userLang } from '../mail';
import type { Messenger } from '../ports';
import { Refusal } from '../refusal';
import { hashToken, newToken } from '../tokens';
import { isValidWallet, needsWallet, normalizeWallet, shortWallet } from './wallets';

/**
 * The withdrawal address book (issue 31 §6; rules in core/address-book.ts). A trader saves a
 * payout destination with a label; it becomes usable only after they confirm it from the emailed
 * link (24 hours, once) and its hold then passes (config.addressHoldMs, 24 hours by default). A
 * withdrawal to a saved destination that is not usable yet is refused, whoever asks and however
 * (`assertDestination`, inside the withdrawal's transaction); with "only to saved destinations"
 * on, so is one to an unsaved destination. A switch-off of that waits the hold too, so a stolen
 * session cannot switch it off and withdraw at once.
 */
export const ADDRESS_BOOK_REFUSALS = {
  method: () => new Refusal(400, 'address_book.method', 'This payout method pays out to the account on file: there is nothing to save.'),
  label: () => new Refusal(400, 'address_book.label', `Give the destination a name of 1 to ${ADDRESS_BOOK_RULES.labelMax} characters.`, { params: { max: String(ADDRESS_BOOK_RULES.labelMax) } }),
  exists: () => new Refusal(409, 'address_book.exists', 'This destination is already in your address book.'),
  full: () => new Refusal(409, 'address_book.full', `Your address book is full (${ADDRESS_BOOK_RULES.maxDestinations} destinations): remove one first.`, { params: { max: String(ADDRESS_BOOK_RULES.maxDestinations) } }),
  notFound: () => new Refusal(404, 'address_book.not_found', 'This destination is not in your address book.'),
  link: () => new Refusal(410, 'address_book.link', 'This confirmation link is no longer valid. Remove the destination and save it again to get a new link.'),
  unconfirmed: () => new Refusal(403, 'withdrawal.destination_unconfirmed', 'This destination is waiting for your confirmation: open the link we emailed you when you saved it.'),
  onHold: (at: Date) =>
    new Refusal(403, 'withdrawal.destination_on_hold', `This destination can be used from ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC: a new destination waits before its first withdrawal.`, { params: { at: at.toISOString() } }),
  notSaved: () => new Refusal(403, 'withdrawal.destination_not_saved', 'You withdraw only to saved destinations: save this one in your address book first.'),
} as const;

const invalid = (method: WithdrawalMethod) => new Refusal(400, 'withdrawal.wallet_invalid', `This does not look like a valid ${method.replace('_', ' ')} destination. Check it and try again.`);

/** The trader's address book as the page reads it. */
export async function addressBookOf(db: DbOrTx, userId: number, holdMs: number, now: Date): Promise<AddressBook> {
  const rows = await db
    .selectFrom('withdrawal_destinations')
    .select(['id', 'method', 'wallet', 'alt', 'label', 'created_at', 'confirmed_at', 'usable_at'])
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  const settings = await settingsOf(db, userId, now);
  return {
    destinations: rows.map((r) => ({
      id: r.id,
      method: r.method,
      wallet: r.wallet,
      alt: r.alt,
      label: r.label,
      state: destinationState(r.confirmed_at, r.usable_at, now),
      usableAt: r.usable_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
    })),
    savedOnly: settings.savedOnly,
    savedOnlyEndsAt: settings.endsAt?.toISOString() ?? null,
    holdMinutes: Math.round(holdMs / 60_000),
  };
}

/** "Only to saved destinations" at `now`: on, and when a switch-off takes effect. */
async function settingsOf(db: DbOrTx, userId: number, now: Date, lock?: 'share' | 'update'): Promise<{ savedOnly: boolean; endsAt: Date | null }> {
  let query = db.selectFrom('withdrawal_destination_settings').select(['saved_only', 'saved_only_ends_at']).where('user_id', '=', userId);
  if (lock === 'share') query = query.forShare();
  if (lock === 'update') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row?.saved_only) return { savedOnly: false, endsAt: null };
  if (row.saved_only_ends_at && row.saved_only_ends_at.getTime() <= now.getTime()) return { savedOnly: false, endsAt: null };
  return { savedOnly: true, endsAt: row.saved_only_ends_at };
}

export interface AddressMail {
  messenger: Messenger;
  siteUrl: string;
}

/** The path of a confirmation link ("/ru/confirm-address?token=…"). */
export const confirmPath = (lang: string, token: string): string => `/${lang}/confirm-address?token=${token}`;

/** Saves a destination (unconfirmed) and emails its confirmation link. */
export async function addDestination(db: Db, userId: number, request: AddDestinationRequest, mail: AddressMail, now: Date): Promise<void> {
  const { method } = request;
  if (!needsWallet(method)) throw ADDRESS_BOOK_REFUSALS.method();
  const label = request.label.trim();
  if (label.length < 1 || [...label].length > ADDRESS_BOOK_RULES.labelMax) throw ADDRESS_BOOK_REFUSALS.label();
  if (!isValidWallet(method, request.wallet)) throw invalid(method);
  const alt = request.alt.trim();
  if (alt !== '' && !/^[A-Za-z0-9]{1,64}$/.test(alt)) throw new Refusal(400, 'withdrawal.alt_invalid', 'The destination tag may contain only letters and digits.');
  const wallet = normalizeWallet(method, request.wallet);
  const token = newToken();
  try {
    await db.transaction().execute(async (trx) => {
      // one writer of the trader's book at a time: the count below holds
      await trx.insertInto('withdrawal_destination_settings').values({ user_id: userId, saved_only: false }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
      await trx.selectFrom('withdrawal_destination_settings').select('user_id').where('user_id', '=', userId).forUpdate().execute();
      const count = await trx.selectFrom('withdrawal_destinations').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('removed_at', 'is', null).executeTakeFirstOrThrow();
      if (Number(count.n) >= ADDRESS_BOOK_RULES.maxDestinations) throw ADDRESS_BOOK_REFUSALS.full();
      await trx
        .insertInto('withdrawal_destinations')
        .values({ id: randomUUID(), user_id: userId, method, wallet, alt, label, token_hash: hashToken(token), token_expires_at: new Date(now.getTime() + ADDRESS_BOOK_RULES.confirmLinkHours * 3_600_000) })
        .execute();
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw ADDRESS_BOOK_REFUSALS.exists();
    throw error;
  }
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  const lang = await userLang(db, userId);
  await mail.messenger.send({
    userId,
    channel: 'email',
    address: user.email,
    ...addressConfirmMail(lang, { link: siteLink(mail.siteUrl, confirmPath(lang, token)), label, method, wallet: shortWallet(wallet), hours: ADDRESS_BOOK_RULES.confirmLinkHours }),
  });
}

/** The emailed link: the destination is confirmed once, and usable after the hold. */
export async function confirmDestination(db: DbOrTx, token: string, holdMs: number, now: Date): Promise<ConfirmedDestination> {
  const usableAt = new Date(now.getTime() + holdMs);
  const row = await db
    .updateTable('withdrawal_destinations')
    .set({ confirmed_at: now, usable_at: usableAt, token_hash: null, token_expires_at: null })
    .where('token_hash', '=', hashToken(token))
    .where('token_expires_at', '>', now)
    .where('confirmed_at', 'is', null)
    .where('removed_at', 'is', null)
    .returning(['method', 'wallet', 'label'])
    .executeTakeFirst();
  if (!row) throw ADDRESS_BOOK_REFUSALS.link();
  return { method: row.method, wallet: shortWallet(row.wallet), label: row.label, usableAt: usableAt.toISOString() };
}

export async function removeDestination(db: DbOrTx, userId: number, id: string, now: Date): Promise<void> {
  const done = await db.updateTable('withdrawal_destinations').set({ removed_at: now, token_hash: null }).where('id', '=', id).where('user_id', '=', userId).where('removed_at', 'is', null).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw ADDRESS_BOOK_REFUSALS.notFound();
}

/** "Only to saved destinations": on at once; off after the hold (on again cancels a switch-off). */
export async function setSavedOnly(db: Db, userId: number, on: boolean, holdMs: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('withdrawal_destination_settings').values({ user_id: userId, saved_only: false }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    const current = await settingsOf(trx, userId, now, 'update');
    if (on) {
      await trx.updateTable('withdrawal_destination_settings').set({ saved_only: true, saved_only_ends_at: null }).where('user_id', '=', userId).execute();
    } else if (current.savedOnly && current.endsAt === null) {
      await trx.updateTable('withdrawal_destination_settings').set({ saved_only_ends_at: new Date(now.getTime() + holdMs) }).where('user_id', '=', userId).execute();
    }
  });
}

/**
 * Inside a withdrawal's transaction: the destination may be used. A saved one must be confirmed
 * and past its hold; an unsaved one is refused while "only to saved destinations" is on. The
 * settings row is read FOR SHARE, so a switch-on or a new book entry committing meanwhile waits
 * for this withdrawal, or this withdrawal for it.
 */
export async function assertDestination(trx: DbOrTx, userId: number, method: WithdrawalMethod, wallet: string, alt: string, now: Date): Promise<void> {
  if (!needsWallet(method)) return;
  const settings = await settingsOf(trx, userId, now, 'share');
  const saved = await trx
    .selectFrom('withdrawal_destinations')
    .select(['confirmed_at', 'usable_at'])
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('wallet', '=', normalizeWallet(method, wallet))
    .where('alt', '=', alt.trim())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!saved) {
    if (settings.savedOnly) throw ADDRESS_BOOK_REFUSALS.notSaved();
    return;
  }
  const state = destinationState(saved.confirmed_at, saved.usable_at, now);
  if (state === 'unconfirmed') throw ADDRESS_BOOK_REFUSALS.unconfirmed();
  if (state === 'on_hold' && saved.usable_at) throw ADDRESS_BOOK_REFUSALS.onHold(saved.usable_at);
}
