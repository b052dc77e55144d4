import { sql, type SelectQueryBuilder } from 'kysely';
import '../../db/schema-support';
import type { Database } from '../../db/schema';
import { toCount } from '../../db/values';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';
import { SUPPORT_RATE, type RateLimit } from './rules';

/**
 * Support's rate limits, counted in the database (so they hold across restarts and instances):
 * tickets, replies and call-backs per account, contact messages per client address. A refusal
 * is 429 `rate.limited` with Retry-After (seconds until the oldest counted one leaves the window).
 */

const since = (at: Date, ms: number) => sql<Date>`${at}::timestamptz - make_interval(secs => ${ms / 1000})`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function refuseOver(query: SelectQueryBuilder<Database, any, { n: unknown; oldest: unknown }>, limit: RateLimit, now: Date, what: string): Promise<void> {
  const row = await query.executeTakeFirstOrThrow();
  if (toCount(row.n as bigint | string | number) < limit.perWindow) return;
  const oldest = row.oldest ? new Date(row.oldest as Date).getTime() : now.getTime();
  const seconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new Refusal(429, 'rate.limited', `Too many ${what}: at most ${limit.perWindow} an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

export function checkTicketRate(db: DbOrTx, userId: number, now = new Date(), limit: RateLimit = SUPPORT_RATE.tickets): Promise<void> {
  const query = db
    .selectFrom('support_tickets')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since(now, limit.windowMs));
  return refuseOver(query, limit, now, 'new tickets');
}

/** a trader's replies (the first message of a ticket has no key of its own: it is counted as the ticket) */
export function checkReplyRate(db: DbOrTx, userId: number, now = new Date(), limit: RateLimit = SUPPORT_RATE.replies): Promise<void> {
  const query = db
    .selectFrom('support_messages as m')
    .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('m.created_at').as('oldest')])
    .where('t.user_id', '=', userId)
    .where('m.author', '=', 'trader')
    .where('m.idem_key', 'is not', null)
    .where('m.created_at', '>', since(now, limit.windowMs));
  return refuseOver(query, limit, now, 'replies');
}

export function checkCallbackRate(db: DbOrTx, userId: number, now = new Date(), limit: RateLimit = SUPPORT_RATE.callbacks): Promise<void> {
  const query = db
    .selectFrom('support_callbacks')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since(now, limit.windowMs));
  return refuseOver(query, limit, now, 'call-back requests');
}

export function checkContactRate(db: DbOrTx, clientHash: string, now = new Date(), limit: RateLimit = SUPPORT_RATE.contacts): Promise<void> {
  const query = db
    .selectFrom('support_contacts')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('client_hash', '=', clientHash)
    .where('created_at', '>', since(now, limit.windowMs));
  return refuseOver(query, limit, now, 'messages');
}
