import type { LimitsResponse, SetTradingLimitRequest, SetTradingLimitResponse, TradingLimit } from '../../../core/contract/limits';
import { formatMoney, parseMoney } from '../../../core/money';
import { settled, windowMs, type LimitSetting } from '../../../core/trader-limits';
import {
  isTradingLimitKind,
  openStakes,
  settledLoss,
  stakesOpenedIn,
  tradingLimitKey,
  TRADING_LIMITS,
  TRADING_LIMIT_PERIODS,
  TRADING_LOOKBACK_MS,
  type CountedTrade,
  type TradingLimitKey,
  type TradingLimitSchedule,
} from '../../../core/trading-limits';
import type { Db } from '../../db';
import type { DbOrTx } from '../ledger';
import type { PlatformGateway, TradeView } from '../ports';
import { Refusal } from '../refusal';
import { depositLimitsView } from './deposit-limits';
import { amountText, changeStoredLimit, currencyOf, readSettings } from './limit-settings';
import { platformLoginsOf } from './platform-logins';

/**
 * Stake and loss limits (issue 30 §1; rules in core/trading-limits.ts, docs/limits.md). Trades
 * never pass through the broker: the trader trades on the platform's own page. So the broker
 * records the trader's choice (`trader_limits`, kinds `stake` and `loss`, by the deposit limits'
 * rules: lower at once, raise or remove after the cooling-off) and, after its transaction commits,
 * hands the platform the whole schedule for each of the trader's logins
 * (`PlatformGateway.setTradingLimits`): each limit in force and a waiting change with its date,
 * which the platform applies at that date by itself. The platform refuses a trade over a limit in
 * force (403 `trading.limit_{key}`), under its account row's lock.
 */

export interface TradingLimitDeps {
  db: Db;
  platform: PlatformGateway;
}

/** The trader's stake and loss limits as stored, by key. */
export async function tradingSchedule(db: DbOrTx, userId: number): Promise<TradingLimitSchedule> {
  const currency = await currencyOf(db, userId);
  const stake = await readSettings(db, userId, 'stake', TRADING_LIMIT_PERIODS);
  const loss = await readSettings(db, userId, 'loss', TRADING_LIMIT_PERIODS);
  const limits: Partial<Record<TradingLimitKey, LimitSetting>> = {};
  for (const l of TRADING_LIMITS) limits[l.id] = (l.kind === 'stake' ? stake : loss)[l.period];
  return { currency, limits };
}

const PAGE = 500;

/** Every order of the login opened in [from, to] (all pages); null when the platform cannot say. */
async function ordersOf(platform: PlatformGateway, login: string, from: number, to: number, status?: string): Promise<TradeView[] | null> {
  if (!platform.orders) return null;
  const out: TradeView[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await platform.orders(login, { dateFrom: from, dateTo: to, limit: PAGE, offset, ...(status && { status }) });
    if (!page) return null;
    out.push(...page.list);
    if (page.list.length < PAGE || out.length >= page.total) return out;
  }
}

interface Use {
  stakesToday: bigint;
  /** settled trades by when they settled (the loss windows) */
  settled: CountedTrade[];
  open: CountedTrade[];
}

/** What the trader's main login (their email) has used, read from the platform; null when it does not answer. */
async function usedOnPlatform(platform: PlatformGateway, login: string, currency: string, now: Date): Promise<Use | null> {
  if (!platform.settledTrades) return null;
  const t = now.getTime();
  const [today, open, settledList] = await Promise.all([
    ordersOf(platform, login, t - windowMs('day'), t),
    ordersOf(platform, login, t - TRADING_LOOKBACK_MS, t, 'open'),
    platform.settledTrades({ login, since: new Date(t - TRADING_LOOKBACK_MS), limit: 100_000 }),
  ]);
  if (!today || !open) return null;
  const stakeOf = (v: TradeView) => parseMoney(v.amount, currency);
  const counted = (v: TradeView): CountedTrade => ({ stake: stakeOf(v), openedAt: new Date(v.openedAt), settledAt: null, payout: 0n });
  return {
    stakesToday: stakesOpenedIn(today.filter((v) => v.currency === currency).map(counted), now),
    open: open.filter((v) => v.currency === currency && v.status === 'open').map(counted),
    settled: settledList
      .filter((s) => s.currency === currency)
      .map((s) => ({ stake: s.stakeMinor ?? 0n, openedAt: s.settledAt, settledAt: s.settledAt, payout: (s.stakeMinor ?? 0n) + s.profitMinor })),
  };
}

function usedText(key: TradingLimitKey, use: Use | null, currency: string, now: Date): string | null {
  if (!use) return null;
  const money = (v: bigint) => formatMoney(v, currency);
  switch (key) {
    case 'stake_trade':
      return money(0n);
    case 'stake_day':
      return money(use.stakesToday);
    case 'loss_day':
    case 'loss_week':
    case 'loss_month':
      return money(settledLoss(use.settled, key === 'loss_day' ? 'day' : key === 'loss_week' ? 'week' : 'month', now) + openStakes(use.open));
  }
}

/** The stake and loss limits for the page: in force, waiting, and what is used (null when the platform does not answer). */
export async function tradingLimitsView(deps: TradingLimitDeps, userId: number, now: Date): Promise<TradingLimit[]> {
  const schedule = await tradingSchedule(deps.db, userId);
  const { email } = await deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  let use: Use | null;
  try {
    use = await usedOnPlatform(deps.platform, email, schedule.currency, now);
  } catch {
    use = null;
  }
  return TRADING_LIMITS.map(({ id, kind, period }) => {
    const s = settled(schedule.limits[id] ?? { value: null, pending: null }, now);
    return {
      kind,
      period,
      amount: amountText(s.value, schedule.currency),
      pending: s.pending ? { amount: amountText(s.pending.value, schedule.currency), from: s.pending.from.toISOString() } : null,
      used: usedText(id, use, schedule.currency, now),
    };
  });
}

/** GET /api/limits: the deposit limits and the stake and loss limits. */
export async function limitsView(deps: TradingLimitDeps, userId: number, now: Date): Promise<LimitsResponse> {
  const deposit = await depositLimitsView(deps.db, userId, now);
  return { ...deposit, trading: await tradingLimitsView(deps, userId, now) };
}

/**
 * Sets, lowers (at once), raises or removes (after the cooling-off) one stake or loss limit; then
 * hands the platform the trader's whole schedule, for each of their logins.
 */
export async function setTradingLimit(deps: TradingLimitDeps, userId: number, req: SetTradingLimitRequest, now: Date): Promise<SetTradingLimitResponse> {
  if (!isTradingLimitKind(req.kind)) throw new Refusal(400, 'limits.kind', 'Choose a stake limit or a loss limit.', { fields: { kind: 'limits.kind' } });
  if (!tradingLimitKey(req.kind, req.period)) {
    const which = req.kind === 'stake' ? 'per trade or per 24 hours' : '24 hours, 7 days or 30 days';
    throw new Refusal(400, 'limits.period', `Choose the limit’s period: ${which}.`, { fields: { period: 'limits.period' } });
  }
  const { kind, period } = req;
  const { applied, schedule } = await deps.db.transaction().execute(async (trx) => {
    const change = await changeStoredLimit(trx, userId, kind, period, req.amount, now);
    return { applied: change.applied, schedule: await tradingSchedule(trx, userId) };
  });
  // the platform is another system: told after the commit, the whole schedule each time (so a
  // push that failed is made good by the next one); a waiting raise carries its date
  let platform: SetTradingLimitResponse['platform'] = 'told';
  try {
    await pushSchedule(deps, userId, schedule);
  } catch {
    platform = 'unreachable';
  }
  return { limits: await limitsView(deps, userId, now), applied, platform };
}

async function pushSchedule(deps: TradingLimitDeps, userId: number, schedule: TradingLimitSchedule): Promise<void> {
  if (!deps.platform.setTradingLimits) throw new Error('the platform takes no trading limits');
  for (const login of await platformLoginsOf(deps.db, userId)) await deps.platform.setTradingLimits(login, schedule);
}
