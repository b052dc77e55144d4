import type { Ladder } from '../../../core/contract/ladder';
import { formatMoney } from '../../../core/money';
import type { Db } from '../../db';
import '../../db/schema-contests';
import type { PlatformGateway } from '../ports';
import { CONTEST_RULE, standings } from './contests';

/** the contests page: the running weekly contest is on its first tab */
export const LADDER_URL = '#/show/contest';

/**
 * The ladder (spec 001 §7 /api/us/ladder; docs/engagement.md "The ladder"): the
 * trader's place in the weekly contest running now, ranked by the contests' own `standings`
 * (the same rule and the same trades as the contests page, up to now). When more than one weekly
 * contest runs, the one in the trader's currency comes first, then the one that started first.
 */
export async function ladderOf(db: Db, platform: PlatformGateway, userId: number, now = new Date()): Promise<Ladder> {
  const empty = { url: LADDER_URL, participants: 0, rank: null, figure: null, above: null, toMoveUp: null };
  const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
  const running = await db
    .selectFrom('contests')
    .selectAll()
    .where('status', '=', 'open')
    .where('type', '=', 'weekly')
    .where('date_start', '<=', now)
    .where('date_end', '>', now)
    .orderBy('date_start')
    .limit(10)
    .execute();
  const row = running.find((r) => r.currency === user?.currency) ?? running[0];
  if (!row) return { ...empty, state: 'none', contest: null };
  const contest = { id: row.id, type: row.type, currency: row.currency, rule: CONTEST_RULE, date_start: row.date_start.toISOString(), date_end: row.date_end.toISOString() };
  const ranked = await standings(db, platform, { start: row.date_start, end: now, currency: row.currency });
  const index = ranked.findIndex((s) => s.userId === userId);
  const own = ranked[index];
  if (!own) return { ...empty, state: 'out', contest, participants: ranked.length };
  const above = index > 0 ? ranked[index - 1]! : null;
  return {
    url: LADDER_URL,
    state: 'in',
    contest,
    participants: ranked.length,
    rank: index + 1,
    figure: formatMoney(own.profitMinor, row.currency),
    above: above ? { rank: index, figure: formatMoney(above.profitMinor, row.currency) } : null,
    toMoveUp: above ? formatMoney(above.profitMinor - own.profitMinor + 1n, row.currency) : null,
  };
}
