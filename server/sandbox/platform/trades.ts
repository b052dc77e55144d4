import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlatformTradeRow, PlatformTransactionRow, PlatformTxType, TradeDirection, TradeStatus } from '../../db/schema-trading';
import { toBigInt, toCount } from '../../db/values';
import type { DbOrTx } from '../../domain/ledger';
import type { ListQuery, SettledTrade, TradeView, TransactionView } from '../../domain/ports';
import { Refusal } from '../../domain/refusal';
import { exponentOf, formatMoney, InvalidAmount, parseMoney } from '../../../core/money';
import { limitInForce, windowMs } from '../../../core/trader-limits';
import { scheduleFromJson, tradeOverLimit, TRADING_LIMIT_KEYS, TRADING_LOOKBACK_MS, type CountedTrade, type StoredSchedule, type TradingLimitKey } from '../../../core/trading-limits';
import { EXPIRIES, formatPrice, instrumentOf, priceAt } from './prices';

/**
 * The sandbox platform's fixed-time trades. Opening one takes the stake from the platform
 * balance (one database transaction: the trade, the balance and its transaction row; the
 * balance CHECK makes an overdraw impossible). At expiry the trade settles against the
 * simulated price of that second: up wins when the close is above the open, down when below,
 * equal is a tie (the stake back). Settling is idempotent: a trade leaves 'open' once.
 */
export function tradeView(row: PlatformTradeRow): TradeView {
  const stake = toBigInt(row.stake_minor);
  const payout = toBigInt(row.payout_minor);
  const settled = row.status !== 'open';
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    amount: formatMoney(stake, row.currency),
    currency: row.currency,
    payoutPercent: row.payout_percent,
    openPrice: formatPrice(toBigInt(row.open_price), row.price_decimals),
    closePrice: row.close_price === null ? null : formatPrice(toBigInt(row.close_price), row.price_decimals),
    openedAt: row.opened_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    settledAt: row.settled_at ? row.settled_at.getTime() : null,
    status: row.status,
    payout: formatMoney(payout, row.currency),
    profit: formatMoney(settled ? payout - stake : 0n, row.currency),
  };
}

export function transactionView(row: PlatformTransactionRow): TransactionView {
  return {
    id: String(row.id),
    type: row.type,
    status: row.status,
    amount: formatMoney(toBigInt(row.amount_minor), row.currency),
    balanceAfter: formatMoney(toBigInt(row.balance_after_minor), row.currency),
    currency: row.currency,
    tradeId: row.trade_id,
    note: row.note,
    createdAt: row.created_at.getTime(),
  };
}

export interface OpenTradeInput {
  symbol: string;
  direction: TradeDirection;
  amount: string;
  expiry: number;
  /** the client's idempotency key: the same key twice is the same trade */
  key: string;
}

function inTransaction<T>(db: DbOrTx, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}

/** Stake limits per trade: 1 to 5000 units of the account currency. */
export function stakeLimits(currency: string): { min: bigint; max: bigint } {
  const unit = 10n ** BigInt(exponentOf(currency));
  return { min: unit, max: 5000n * unit };
}

/** Opens a trade for the account; a Refusal for bad input or too little balance (nothing written). */
export async function openTrade(db: DbOrTx, accountId: number, input: OpenTradeInput, now = Date.now()): Promise<TradeView> {
  const instrument = instrumentOf(input.symbol);
  if (!instrument) throw new Refusal(400, 'platform.symbol', 'Choose one of the offered instruments.');
  if (!EXPIRIES.includes(input.expiry)) throw new Refusal(400, 'platform.expiry', `Choose an expiry of ${EXPIRIES.join(', ')} seconds.`);
  return inTransaction(db, async (trx) => {
    const account = await trx
      .selectFrom('platform_accounts')
      .select(['id', 'currency', 'balance_minor', 'trading_blocked_until', 'trading_limits', 'trading_refused'])
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!account) throw new Refusal(401, 'platform.not_auth', 'not_auth');
    // the broker no longer serves the trader's country (PlatformGateway.refuseTrading): for good
    if (account.trading_refused === 'country_blocked') {
      throw new Refusal(403, 'trading.country_blocked', 'Trading is not available to residents of your country. You can still withdraw your money.');
    }
    // the broker turned trading off (a break or self-exclusion, PlatformGateway.blockTrading)
    if (account.trading_blocked_until && account.trading_blocked_until.getTime() > now) {
      const until = account.trading_blocked_until.toISOString();
      throw new Refusal(403, 'trading.blocked', `Trading is paused on this account until ${until.slice(0, 16).replace('T', ' ')} UTC.`, { params: { until } });
    }
    let stake: bigint;
    try {
      if (input.amount.startsWith('-')) throw new InvalidAmount('amount.invalid', 'negative');
      stake = parseMoney(input.amount, account.currency);
    } catch (error) {
      if (error instanceof InvalidAmount) throw new Refusal(400, 'platform.amount', 'Enter the amount as a number, for example 25 or 25.50.');
      throw error;
    }
    const { min, max } = stakeLimits(account.currency);
    if (stake < min || stake > max) {
      throw new Refusal(400, 'platform.amount_range', `The amount must be from ${formatMoney(min, account.currency)} to ${formatMoney(max, account.currency)} ${account.currency}.`);
    }
    const existing = await trx.selectFrom('platform_trades').selectAll().where('account_id', '=', accountId).where('request_key', '=', input.key).executeTakeFirst();
    if (existing) {
      const same = existing.symbol === input.symbol && existing.direction === input.direction && toBigInt(existing.stake_minor) === stake;
      if (!same) throw new Refusal(409, 'platform.duplicate', 'This trade request was already used for a different trade.');
      return tradeView(existing);
    }
    // the trader's own stake and loss limits (PlatformGateway.setTradingLimits), under the row lock
    // above: concurrent trades of the account queue here and cannot together pass one
    await refuseOverLimit(trx, accountId, account.currency, account.trading_limits, stake, now);
    const balance = toBigInt(account.balance_minor);
    if (balance < stake) {
      throw new Refusal(409, 'platform.funds', `Not enough balance: ${formatMoney(balance, account.currency)} ${account.currency} available.`);
    }
    const opened = Math.floor(now / 1000) * 1000;
    const trade = await trx
      .insertInto('platform_trades')
      .values({
        id: randomUUID(),
        account_id: accountId,
        request_key: input.key,
        symbol: instrument.symbol,
        direction: input.direction,
        stake_minor: stake,
        currency: account.currency,
        payout_percent: instrument.payoutPercent,
        price_decimals: instrument.decimals,
        open_price: priceAt(instrument, opened),
        opened_at: new Date(opened),
        expires_at: new Date(opened + input.expiry * 1000),
        status: 'open',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('platform_accounts')
      .set({ balance_minor: sql`balance_minor - ${stake}` })
      .where('id', '=', accountId)
      .returning('balance_minor')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('platform_transactions')
      .values({ account_id: accountId, type: 'trade', amount_minor: -stake, balance_after_minor: after.balance_minor, currency: account.currency, trade_id: trade.id, note: `${instrument.symbol} ${input.direction}` })
      .execute();
    return tradeView(trade);
  });
}

/** The account's trades the limits count at `now`: open, opened in the last 24 hours, or settled in the longest window. */
async function countedTrades(trx: Transaction<Database>, accountId: number, now: number): Promise<CountedTrade[]> {
  const rows = await trx
    .selectFrom('platform_trades')
    .select(['stake_minor', 'payout_minor', 'opened_at', 'settled_at', 'status'])
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or([eb('status', '=', 'open'), eb('opened_at', '>', new Date(now - windowMs('day'))), eb('settled_at', '>', new Date(now - TRADING_LOOKBACK_MS))]),
    )
    .execute();
  return rows.map((r) => ({
    stake: toBigInt(r.stake_minor),
    openedAt: r.opened_at,
    settledAt: r.status === 'open' ? null : r.settled_at,
    payout: toBigInt(r.payout_minor),
  }));
}

/** 403 `trading.limit_{key}` with params {limit, used, currency} when the stake passes a limit in force. */
async function refuseOverLimit(trx: Transaction<Database>, accountId: number, currency: string, stored: StoredSchedule | null, stake: bigint, now: number): Promise<void> {
  if (!stored || stored.currency !== currency) return;
  const { limits } = scheduleFromJson(stored);
  const at = new Date(now);
  const anyInForce = TRADING_LIMIT_KEYS.some((k) => limits[k] && limitInForce(limits[k], at) !== null);
  if (!anyInForce) return;
  const over = tradeOverLimit(limits, await countedTrades(trx, accountId, now), stake, at);
  if (!over) return;
  const limit = formatMoney(over.limit, currency);
  const used = formatMoney(over.used, currency);
  throw new Refusal(403, `trading.limit_${over.id}`, `This trade would pass your ${LIMIT_WORDS[over.id]} of ${limit} ${currency} (${used} ${currency} used).`, {
    params: { limit, used, currency },
  });
}

const LIMIT_WORDS: Record<TradingLimitKey, string> = {
  stake_trade: 'stake limit per trade',
  stake_day: '24-hour stake limit',
  loss_day: '24-hour loss limit',
  loss_week: '7-day loss limit',
  loss_month: '30-day loss limit',
};

/** What a trade pays back at settlement. */
export function outcomeOf(direction: TradeDirection, open: bigint, close: bigint, stake: bigint, payoutPercent: number): { status: TradeStatus; payout: bigint } {
  if (close === open) return { status: 'tie', payout: stake };
  const won = direction === 'up' ? close > open : close < open;
  return won ? { status: 'won', payout: stake + (stake * BigInt(payoutPercent)) / 100n } : { status: 'lost', payout: 0n };
}

/** Settles one open trade if it is due; false when another settler got it first or it is not due. */
async function settleOne(db: DbOrTx, tradeId: string, now: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const trade = await trx
      .selectFrom('platform_trades')
      .selectAll()
      .where('id', '=', tradeId)
      .where('status', '=', 'open')
      .where('expires_at', '<=', new Date(now))
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!trade) return false;
    const instrument = instrumentOf(trade.symbol);
    if (!instrument) return false;
    const stake = toBigInt(trade.stake_minor);
    const close = priceAt(instrument, trade.expires_at.getTime());
    const { status, payout } = outcomeOf(trade.direction, toBigInt(trade.open_price), close, stake, trade.payout_percent);
    await trx
      .updateTable('platform_trades')
      .set({ status, close_price: close, settled_at: new Date(now), payout_minor: payout })
      .where('id', '=', trade.id)
      .execute();
    if (payout > 0n) {
      const after = await trx
        .updateTable('platform_accounts')
        .set({ balance_minor: sql`balance_minor + ${payout}` })
        .where('id', '=', trade.account_id)
        .returning('balance_minor')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('platform_transactions')
        .values({
          account_id: trade.account_id,
          type: status === 'tie' ? 'refund' : 'payout',
          amount_minor: payout,
          balance_after_minor: after.balance_minor,
          currency: trade.currency,
          trade_id: trade.id,
          note: `${trade.symbol} ${trade.direction}`,
        })
        .execute();
    }
    return true;
  });
}

export type SettledListener = (accountIds: number[]) => void;
const settledListeners = new WeakMap<object, Set<SettledListener>>();

/**
 * The platform's deal events (a manager API's deal sink): `listener` hears the accounts whose
 * trades `settleDue` on this database just settled, after the settling committed.
 */
export function onTradesSettled(db: DbOrTx, listener: SettledListener): () => void {
  const set = settledListeners.get(db) ?? new Set<SettledListener>();
  set.add(listener);
  settledListeners.set(db, set);
  return () => set.delete(listener);
}

function announceSettled(db: DbOrTx, accountIds: number[]): void {
  if (accountIds.length === 0) return;
  for (const listener of settledListeners.get(db) ?? []) {
    try {
      listener([...new Set(accountIds)]);
    } catch {
      // a listener's failure is its own
    }
  }
}

/** Settles every due trade (of one account, or of all); returns how many it settled. */
export async function settleDue(db: DbOrTx, options: { accountId?: number; now?: number; limit?: number } = {}): Promise<number> {
  const now = options.now ?? Date.now();
  let query = db
    .selectFrom('platform_trades')
    .select(['id', 'account_id'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', new Date(now))
    .orderBy('expires_at')
    .limit(options.limit ?? 200);
  if (options.accountId !== undefined) query = query.where('account_id', '=', options.accountId);
  const due = await query.execute();
  const settledAccounts: number[] = [];
  for (const { id, account_id } of due) if (await settleOne(db, id, now)) settledAccounts.push(account_id);
  announceSettled(db, settledAccounts);
  return settledAccounts.length;
}

export interface AccountState {
  available: string;
  /** stakes of open trades */
  inTrades: string;
  /** available plus the stakes in open trades */
  all: string;
  currency: string;
  open: TradeView[];
  recent: TradeView[];
}

/** The account's balance, its open trades and its last settled trades (settling what is due first). */
export async function accountState(db: DbOrTx, accountId: number, now = Date.now()): Promise<AccountState> {
  await settleDue(db, { accountId, now });
  const account = await db.selectFrom('platform_accounts').select(['currency', 'balance_minor']).where('id', '=', accountId).executeTakeFirstOrThrow();
  const open = await db.selectFrom('platform_trades').selectAll().where('account_id', '=', accountId).where('status', '=', 'open').orderBy('expires_at').execute();
  const recent = await db
    .selectFrom('platform_trades')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '<>', 'open')
    .orderBy('settled_at', 'desc')
    .orderBy('id')
    .limit(10)
    .execute();
  const available = toBigInt(account.balance_minor);
  const inTrades = open.reduce((sum, t) => sum + toBigInt(t.stake_minor), 0n);
  return {
    available: formatMoney(available, account.currency),
    inTrades: formatMoney(inTrades, account.currency),
    all: formatMoney(available + inTrades, account.currency),
    currency: account.currency,
    open: open.map(tradeView),
    recent: recent.map(tradeView),
  };
}

/** Orders (trades) opened in [dateFrom, dateTo], newest first. */
export async function listOrders(db: DbOrTx, accountId: number, q: ListQuery): Promise<{ list: TradeView[]; total: number }> {
  await settleDue(db, { accountId });
  let base = db
    .selectFrom('platform_trades')
    .where('account_id', '=', accountId)
    .where('opened_at', '>=', new Date(q.dateFrom))
    .where('opened_at', '<=', new Date(q.dateTo));
  if (q.status) base = base.where('status', '=', q.status as TradeStatus);
  if (q.symbol) base = base.where('symbol', '=', q.symbol);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<string | bigint>().as('n')).execute();
  const rows = await base.selectAll().orderBy('opened_at', 'desc').orderBy('id').limit(q.limit).offset(q.offset).execute();
  return { list: rows.map(tradeView), total: toCount(n) };
}

/** Balance movements in [dateFrom, dateTo], newest first. */
export async function listTransactions(db: DbOrTx, accountId: number, q: ListQuery): Promise<{ list: TransactionView[]; total: number }> {
  await settleDue(db, { accountId });
  let base = db
    .selectFrom('platform_transactions')
    .where('account_id', '=', accountId)
    .where('created_at', '>=', new Date(q.dateFrom))
    .where('created_at', '<=', new Date(q.dateTo));
  if (q.status) base = base.where('status', '=', q.status as PlatformTransactionRow['status']);
  if (q.trType) base = base.where('type', '=', q.trType as PlatformTxType);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<string | bigint>().as('n')).execute();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute();
  return { list: rows.map(transactionView), total: toCount(n) };
}

/** Credits (sandbox deposit) or debits (sandbox withdrawal) a platform balance, with its transaction row. */
export async function moveBalance(db: DbOrTx, accountId: number, amountMinor: bigint, type: 'deposit' | 'withdrawal', note: string): Promise<bigint> {
  return inTransaction(db, async (trx) => {
    const account = await trx.selectFrom('platform_accounts').select(['currency', 'balance_minor']).where('id', '=', accountId).forUpdate().executeTakeFirstOrThrow();
    const delta = type === 'deposit' ? amountMinor : -amountMinor;
    if (toBigInt(account.balance_minor) + delta < 0n) throw new Refusal(409, 'platform.funds', 'Not enough balance.');
    const after = await trx
      .updateTable('platform_accounts')
      .set({ balance_minor: sql`balance_minor + ${delta}` })
      .where('id', '=', accountId)
      .returning('balance_minor')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('platform_transactions')
      .values({ account_id: accountId, type, amount_minor: delta, balance_after_minor: after.balance_minor, currency: account.currency, note })
      .execute();
    return toBigInt(after.balance_minor);
  });
}

/** Settled trades of one login (or of everyone) settled at or after `since`, oldest first. */
export async function settledTrades(db: DbOrTx, options: { login?: string; since?: Date; limit: number; newestFirst?: boolean }): Promise<SettledTrade[]> {
  let query = db
    .selectFrom('platform_trades as t')
    .innerJoin('platform_accounts as a', 'a.id', 't.account_id')
    .select(['t.id', 'a.login', 't.symbol', 't.currency', 't.status', 't.stake_minor', 't.payout_minor', 't.settled_at'])
    .where('t.status', '<>', 'open');
  if (options.login) query = query.where('a.login', '=', options.login.trim().toLowerCase());
  if (options.since) query = query.where('t.settled_at', '>=', options.since);
  const rows = await query
    .orderBy('t.settled_at', options.newestFirst ? 'desc' : 'asc')
    .orderBy('t.id')
    .limit(options.limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    login: r.login,
    symbol: r.symbol,
    currency: r.currency,
    status: r.status,
    profitMinor: toBigInt(r.payout_minor) - toBigInt(r.stake_minor),
    stakeMinor: toBigInt(r.stake_minor),
    settledAt: r.settled_at as Date,
  }));
}

/** platform GET userInfo: the balance (`available`), and `all` with the stakes of open trades. */
export async function userInfoOfAccount(db: DbOrTx, accountId: number, login: string): Promise<{ available: string; all: string; currency: string; login: string }> {
  await settleDue(db, { accountId });
  const account = await db.selectFrom('platform_accounts').select(['currency', 'balance_minor']).where('id', '=', accountId).executeTakeFirstOrThrow();
  const open = await db
    .selectFrom('platform_trades')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | bigint>('stake_minor'), eb.lit(0)).as('stakes'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  const available = toBigInt(account.balance_minor);
  return {
    available: formatMoney(available, account.currency),
    all: formatMoney(available + toBigInt(open.stakes as string | bigint), account.currency),
    currency: account.currency,
    login,
  };
}
