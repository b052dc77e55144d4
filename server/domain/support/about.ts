import type { TicketAbout } from '../../../core/contract/support';
import '../../db/schema-card';
import '../../db/schema-crypto';
import '../../db/schema-security';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

/**
 * What a ticket is about ("Ask about this payment"): a card payment, a crypto invoice
 * or a withdrawal of the trader's own. Another trader's object, or none, is 404 (the same answer,
 * so nothing tells whether it exists). The agent sees the object's current status.
 */

const INVOICE_STATUS: Record<string, string> = { wt: 'waiting for payment', su: 'paid', ex: 'expired' };

/** The object's owner and its current status (in words), or null when there is no such object. */
export async function aboutFacts(db: DbOrTx, about: TicketAbout): Promise<{ userId: number; status: string; label: string } | null> {
  if (about.kind === 'payment') {
    const row = await db.selectFrom('card_payments').select(['user_id', 'status', 'amount_minor', 'currency']).where('id', '=', about.id).executeTakeFirst();
    return row ? { userId: row.user_id, status: row.status, label: `card payment ${about.id} (${row.currency})` } : null;
  }
  if (about.kind === 'invoice') {
    const row = await db.selectFrom('crypto_invoices').select(['user_id', 'status', 'asset']).where('guid', '=', about.id).executeTakeFirst();
    return row ? { userId: row.user_id, status: INVOICE_STATUS[row.status] ?? row.status, label: `crypto invoice ${about.id} (${row.asset})` } : null;
  }
  const row = await db.selectFrom('withdrawals').select(['user_id', 'status', 'currency']).where('id', '=', about.id).executeTakeFirst();
  return row ? { userId: row.user_id, status: row.status, label: `withdrawal ${about.id} (${row.currency})` } : null;
}

/** Refuses (404) unless `about` names an object of `userId`'s own. */
export async function requireOwnAbout(db: DbOrTx, userId: number, about: TicketAbout): Promise<TicketAbout> {
  const facts = await aboutFacts(db, about);
  if (!facts || facts.userId !== userId) {
    const noun = about.kind === 'payment' ? 'payment' : about.kind === 'invoice' ? 'invoice' : 'withdrawal';
    throw new Refusal(404, 'support.about', `No such ${noun} of yours: a ticket can be about your own payments, invoices and withdrawals only.`);
  }
  return about;
}
