import { sql } from 'kysely';
import { FUNNEL_NEW_DAYS, type CascadeFunnel, type FunnelQuery } from '../../../core/contract/funnel';
import type { Db } from '../../db';
import { rangeOf } from './read';

/**
 * The card cascade's funnel from the payments themselves (issue 34 §4): card payments created in
 * the range by their status, and each processor's attempts by how they ended, declines by the
 * processor's code. Read from `card_payments` and `card_attempts`, so it is the database's own
 * count, whether or not the trader's browser reported its steps. The segment: the trader's
 * country and cohort (new: an account younger than FUNNEL_NEW_DAYS when the payment was made);
 * language and device are not recorded with a payment, so a query naming them is answered for
 * all, and the answer says so (`ignored`).
 */
export async function cascadeFunnel(db: Db, query: FunnelQuery): Promise<CascadeFunnel> {
  const { start, end } = rangeOf(query);
  const newAccount = sql<boolean>`u.reg_time > p.created_at - make_interval(days => ${FUNNEL_NEW_DAYS})`;
  const payments = db
    .selectFrom('card_payments as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.created_at', '>=', start)
    .where('p.created_at', '<', end)
    .$if(!!query.country, (q) => q.where('u.country', '=', query.country!))
    .$if(query.cohort === 'new', (q) => q.where(newAccount))
    .$if(query.cohort === 'returning', (q) => q.where(sql<boolean>`not (${newAccount})`))
    // a visitor makes no payment
    .$if(query.cohort === 'visitor', (q) => q.where(sql<boolean>`false`));
  const [byStatus, attempts] = await Promise.all([
    payments.select(['p.status', sql<string>`count(*)`.as('n')]).groupBy('p.status').orderBy('p.status').execute(),
    payments
      .innerJoin('card_attempts as a', 'a.payment_id', 'p.id')
      .select(['a.processor', 'a.status', 'a.code', sql<string>`max(a.message)`.as('message'), sql<string>`count(*)`.as('n')])
      .groupBy(['a.processor', 'a.status', 'a.code'])
      .execute(),
  ]);
  const processors = new Map<string, CascadeFunnel['processors'][number]>();
  for (const row of attempts) {
    const p = processors.get(row.processor) ?? processors.set(row.processor, { processor: row.processor, attempts: 0, approved: 0, declined: 0, voided: 0, open: 0, reasons: [] }).get(row.processor)!;
    const n = Number(row.n);
    p.attempts += n;
    if (row.status === 'approved') p.approved += n;
    else if (row.status === 'declined') {
      p.declined += n;
      p.reasons.push({ code: row.code, message: row.message, count: n });
    } else if (row.status === 'voided') p.voided += n;
    else p.open += n;
  }
  const list = [...processors.values()].sort((a, b) => b.attempts - a.attempts || (a.processor < b.processor ? -1 : 1));
  for (const p of list) p.reasons.sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : 1));
  return {
    from: query.from,
    to: query.to,
    payments: byStatus.map((r) => ({ status: r.status, count: Number(r.n) })),
    processors: list,
    ignored: (['lang', 'device'] as const).filter((k) => !!query[k]),
  };
}
