import * as z from 'zod/mini';
import { ADDRESS_BOOK_RULES, DESTINATION_STATES } from '../address-book';
import { WithdrawalMethod } from './withdrawal';

/**
 * The withdrawal address book (issue 31 §6; server/routes/address-book.ts, docs/security-centre.md).
 * Signed in (but the confirmation); the POSTs carry the CSRF header.
 *   GET  /api/withdrawal/destinations                                   AddressBook
 *   POST /api/withdrawal/destinations            AddDestinationRequest   AddressBook (a confirmation link is emailed)
 *        400 withdrawal.wallet_invalid / address_book.method / address_book.label; 409 address_book.exists / address_book.full
 *   POST /api/withdrawal/destinations/remove     RemoveDestinationRequest AddressBook; 404 address_book.not_found
 *   POST /api/withdrawal/destinations/saved_only SavedOnlyRequest        AddressBook (off: after the hold)
 *   POST /api/withdrawal/destinations/confirm    ConfirmDestinationRequest ConfirmedDestination (no session needed)
 *        410 address_book.link: used, expired or unknown
 * A withdrawal to a saved destination that is not usable yet is refused (403
 * withdrawal.destination_unconfirmed / withdrawal.destination_on_hold), and with "only to saved
 * destinations" on, one to an unsaved destination (403 withdrawal.destination_not_saved).
 */
export const SavedDestination = z.object({
  id: z.string(),
  method: WithdrawalMethod,
  wallet: z.string(),
  alt: z.string(),
  label: z.string(),
  state: z.enum(DESTINATION_STATES),
  /** ISO: from when it can be used; null until it is confirmed */
  usableAt: z.nullable(z.string()),
  /** ISO */
  createdAt: z.string(),
});
export type SavedDestination = z.infer<typeof SavedDestination>;

export const AddressBook = z.object({
  destinations: z.array(SavedDestination),
  /** withdrawals go only to saved, usable destinations */
  savedOnly: z.boolean(),
  /** ISO: "only to saved" was switched off and stays on until then; null otherwise */
  savedOnlyEndsAt: z.nullable(z.string()),
  /** the hold a newly confirmed destination waits, in minutes (this server's setting) */
  holdMinutes: z.number(),
});
export type AddressBook = z.infer<typeof AddressBook>;

export const AddDestinationRequest = z.object({
  method: WithdrawalMethod,
  wallet: z.string().check(z.maxLength(200)),
  alt: z.string().check(z.maxLength(64)),
  label: z.string().check(z.maxLength(ADDRESS_BOOK_RULES.labelMax * 4)),
});
export type AddDestinationRequest = z.infer<typeof AddDestinationRequest>;

export const RemoveDestinationRequest = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'address_book.not_found')) });
export type RemoveDestinationRequest = z.infer<typeof RemoveDestinationRequest>;

export const SavedOnlyRequest = z.object({ on: z.boolean() });
export type SavedOnlyRequest = z.infer<typeof SavedOnlyRequest>;

export const ConfirmDestinationRequest = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'address_book.link')) });
export type ConfirmDestinationRequest = z.infer<typeof ConfirmDestinationRequest>;

export const ConfirmedDestination = z.object({
  method: WithdrawalMethod,
  /** the start and end of the destination */
  wallet: z.string(),
  label: z.string(),
  /** ISO: from when it can be used */
  usableAt: z.string(),
});
export type ConfirmedDestination = z.infer<typeof ConfirmedDestination>;
