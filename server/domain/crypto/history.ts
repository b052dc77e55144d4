import { sql } from 'kysely';
import type { HistoryEntry, HistoryQuery } from '../../../core/contract';
import type { Db } from '../../db';
import { toBigInt, toCount } from '../../db/values';
import { ASSETS } from './coins';
import { formatUnits } from './units';

/**
 * The History page's rows of crypto exceptions that did not reach the trader's balance (issue 32
 * §1): a short, late or over payment held for a refund, its refund claim, and the refund sent,
 * each with its outcome and a link to support about its invoice. A credited exception is a
 * deposit in the ledger already (ledger-history.ts lists it, its kind in the outcome).
 */

/** held and claimed wait (pending); a refund sent is completed */
const STATUS = sql<string>`case when x.status = 'refunded' then 'completed' else 'pending' end`;
/** the row's moment: the refund sent, the claim made, or the coins seen */
const AT = sql<Date>`coalesce(x.resolved_at, x.claimed_at, x.seen_at)`;

export async function exceptionHistory(db: Db, userId: number, q: HistoryQuery, window: number): Promise<{ rows: HistoryEntry[]; total: number }> {
  if (q.trType !== undefined && q.trType !== 'deposit') return { rows: [], total: 0 };
  let base = db
    .selectFrom('crypto_exceptions as x')
    .where('x.user_id', '=', userId)
    .where('x.status', '<>', 'credited')
    .where(AT, '>=', new Date(q.DateFrom))
    .where(AT, '<=', new Date(q.DateTo));
  if (q.Status) base = base.where(STATUS, '=', q.Status);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<string | bigint>().as('n')).execute();
  const rows = await base
    .select(['x.id', 'x.invoice_guid', 'x.kind', 'x.status', 'x.asset', 'x.coin_minor', 'x.decimals', 'x.rejected_at', STATUS.as('row_status'), AT.as('at')])
    .orderBy(AT, 'desc')
    .orderBy('x.id', 'desc')
    .limit(window)
    .execute();
  return {
    total: toCount(n),
    rows: rows.map((r) => {
      const outcome = r.status === 'held' && r.rejected_at ? 'rejected' : r.status;
      return {
        id: `crypto-exception-${r.id}`,
        type: 'crypto_exception',
        status: r.row_status,
        amount: formatUnits(toBigInt(r.coin_minor), r.decimals),
        balanceAfter: null,
        currency: r.asset,
        tradeId: null,
        note: [r.kind, outcome].join(' · '),
        createdAt: new Date(r.at).getTime(),
        source: 'ledger' as const,
        method: r.kind,
        detail: ASSETS[r.asset]?.name ?? r.asset,
        outcome,
        ref: { kind: 'invoice' as const, id: r.invoice_guid },
      };
    }),
  };
}
