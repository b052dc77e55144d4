import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import {
  isLinkFilled,
  isWholeAmount,
  LINK_REQUIRED,
  REFERRAL_LIMITS,
  WRONG_AMOUNT,
  type ReferralBalance,
  type ReferralLanding,
  type ReferralLink,
  type ReferralMaterial,
  type ReferralProgram,
  type ReferralStats,
  type ReferralTransferred,
} from '../../../core/contract/referral';
import { tabPath } from '../../../core/public-site/content';
import { exponentOf, formatMoney } from '../../../core/money';
import '../../db/schema-referral';
import type { Database } from '../../db/schema';
import { toBigInt } from '../../db/values';
import { houseAccount, InsufficientFunds, transfer, type DbOrTx } from '../ledger';
import { notify } from '../notifications/notify';
import { Refusal } from '../refusal';

/**
 * The referral and affiliate program (§5-7). A trader's links each have a
 * public code carried in `?aff=`: the default one (the trader's referral program, created on
 * first show) and named affiliate links (a name and a landing page of the public site). The
 * public site counts a visit per link, visitor cookie and day; registration records the code as
 * the new account's affs_id; the referred trader's first confirmed deposit pays the referrer
 * COMMISSION_PERCENT of it into a referral balance (an account of type 'referral', through the
 * ledger, in the deposit's own transaction, once). The trader moves that balance to the current
 * trading account in whole units.
 */

/** the commission: this percent of the referred trader's first deposit (shown on the page) */
export const COMMISSION_PERCENT = 5n;

export const wrongAmount = () => new Refusal(400, 'referral.wrong_amount', WRONG_AMOUNT);
export const linkRequired = () => new Refusal(400, 'referral.link_required', LINK_REQUIRED);
const linkNotFound = () => new Refusal(404, 'referral.link_not_found', 'No such link.');

const newCode = () => randomBytes(9).toString('base64url');

/** the link's address: the landing page of the public site with ?aff= */
export const hrefOf = (origin: string, lang: string, landing: string, code: string) =>
  `${origin}${tabPath(lang, landing as ReferralLanding)}?aff=${encodeURIComponent(code)}`;

/** The trader's referral program link, created the first time it is needed. */
export async function programLink(db: DbOrTx, userId: number): Promise<{ code: string; landing: string }> {
  await db
    .insertInto('referral_links')
    .values({ code: newCode(), user_id: userId, name: null, landing: 'home' })
    .onConflict((oc) => oc.column('user_id').where(sql.ref('name'), 'is', null).doNothing())
    .execute();
  return db.selectFrom('referral_links').select(['code', 'landing']).where('user_id', '=', userId).where('name', 'is', null).executeTakeFirstOrThrow();
}

const BANNERS = ['468x60', '728x90', '300x250', '160x600'] as const;

/** the banners a trader may download (SVG made from the company name, served by us) */
export function materials(lang: string): ReferralMaterial[] {
  return BANNERS.map((size) => ({ id: size, size, format: 'svg' as const, locale: lang, extend: `/api/us/refferal/banner/${size}.svg?lang=${lang}` }));
}

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One banner: the company's name and a call to open an account, nothing else (no invented figures). */
export function bannerSvg(size: string, company: string, lang: string): string | null {
  if (!(BANNERS as readonly string[]).includes(size)) return null;
  const [w, h] = size.split('x').map(Number);
  const call = lang === 'ru' ? 'Открыть счёт' : 'Open an account';
  const tall = h > w;
  const big = Math.max(12, Math.min(tall ? w / 7 : h / 2.6, 40));
  const small = Math.round(big * 0.6);
  const nameY = tall ? h * 0.4 : h * 0.48;
  const callY = tall ? h * 0.6 : h * 0.8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${xml(company)}">
<rect width="${w}" height="${h}" rx="6" fill="#12314f"/>
<text x="${w / 2}" y="${nameY}" font-family="Arial, sans-serif" font-size="${Math.round(big)}" font-weight="bold" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${xml(company)}</text>
<text x="${w / 2}" y="${callY}" font-family="Arial, sans-serif" font-size="${small}" fill="#ffd54a" text-anchor="middle" dominant-baseline="middle">${xml(call)}</text>
</svg>`;
}

async function referralAccount(db: DbOrTx, userId: number, currency: string): Promise<number> {
  await db
    .insertInto('accounts')
    .values({ user_id: userId, currency, account_group: 'referral', type: 'referral' })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).where(sql.ref('type'), '=', 'referral').doNothing())
    .execute();
  const row = await db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('currency', '=', currency).where('type', '=', 'referral').executeTakeFirstOrThrow();
  return row.id;
}

/** the current trading account a transfer credits (null: none, or a demo account) */
async function tradingAccount(db: DbOrTx, userId: number): Promise<{ id: number; currency: string } | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.current_account_id')
    .select(['accounts.id', 'accounts.currency', 'accounts.type'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row && row.type === 'trading' ? { id: row.id, currency: row.currency } : null;
}

async function balances(db: DbOrTx, userId: number): Promise<ReferralBalance[]> {
  const rows = await db.selectFrom('accounts').select(['currency', 'balance_minor']).where('user_id', '=', userId).where('type', '=', 'referral').orderBy('currency').execute();
  return rows.map((r) => ({ currency: r.currency, amount: formatMoney(toBigInt(r.balance_minor), r.currency) }));
}

/** show: the program, the links, the balances and the materials */
export async function showProgram(db: DbOrTx, userId: number, at: { origin: string; lang: string }): Promise<ReferralProgram> {
  const program = await programLink(db, userId);
  const links = await db.selectFrom('referral_links').selectAll().where('user_id', '=', userId).where('name', 'is not', null).orderBy('created_at', 'desc').orderBy('code').execute();
  const account = await tradingAccount(db, userId);
  const all = await balances(db, userId);
  const currency = account?.currency ?? all[0]?.currency ?? 'USD';
  return {
    refferal: program.code,
    link_href: hrefOf(at.origin, at.lang, program.landing, program.code),
    link_name: '',
    landing: program.landing as ReferralLanding,
    links: links.map(
      (l): ReferralLink => ({ id: l.code, link_name: l.name ?? '', landing: l.landing as ReferralLanding, link_href: hrefOf(at.origin, at.lang, l.landing, l.code), created_at: l.created_at.toISOString() }),
    ),
    balances: all,
    balance: all.find((b) => b.currency === currency) ?? { currency, amount: formatMoney(0n, currency) },
    account: account ? String(account.id) : null,
    commission_percent: String(COMMISSION_PERCENT),
    materials: materials(at.lang),
  };
}

/** save: a new affiliate link (a name and a landing page, else the spec's message) */
export async function saveLink(db: DbOrTx, userId: number, input: { link_name: string; landing: string }): Promise<void> {
  if (!isLinkFilled(input.link_name, input.landing)) throw linkRequired();
  await programLink(db, userId);
  const { count } = await db.selectFrom('referral_links').select((eb) => eb.fn.countAll<string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count) > REFERRAL_LIMITS.links) throw new Refusal(409, 'referral.too_many_links', `At most ${REFERRAL_LIMITS.links} links.`);
  await db.insertInto('referral_links').values({ code: newCode(), user_id: userId, name: input.link_name.trim(), landing: input.landing }).execute();
}

/** filter: per link, what happened in [from, to] (ms): visits, registrations, first deposits and commission */
export async function linkStats(db: DbOrTx, userId: number, input: { from: number; to: number; link?: string }): Promise<ReferralStats> {
  await programLink(db, userId);
  let q = db.selectFrom('referral_links').select(['code', 'name']).where('user_id', '=', userId);
  if (input.link) q = q.where('code', '=', input.link);
  const links = await q.orderBy('created_at').orderBy('code').execute();
  if (input.link && links.length === 0) throw linkNotFound();
  const codes = links.map((l) => l.code);
  const from = new Date(input.from);
  const to = new Date(input.to);
  const count = async (table: 'referral_visits' | 'referral_commissions') =>
    db.selectFrom(table).select(['code', (eb) => eb.fn.countAll<string>().as('n')]).where('code', 'in', codes).where('created_at', '>=', from).where('created_at', '<=', to).groupBy('code').execute();
  const visits = await count('referral_visits');
  const deposits = await count('referral_commissions');
  const regs = await db
    .selectFrom('users')
    .select(['affs_id as code', (eb) => eb.fn.countAll<string>().as('n')])
    .where('affs_id', 'in', codes)
    .where('reg_time', '>=', from)
    .where('reg_time', '<=', to)
    .groupBy('affs_id')
    .execute();
  const paid = await db
    .selectFrom('referral_commissions')
    .select(['code', 'currency', sql<string>`sum(commission_minor)::text`.as('sum')])
    .where('code', 'in', codes)
    .where('referrer_user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .groupBy(['code', 'currency'])
    .execute();
  const n = (rows: { code: string; n: string | number | bigint }[], code: string) => Number(rows.find((r) => r.code === code)?.n ?? 0);
  const rows = links.map((l) => ({
    id: l.code,
    link_name: l.name ?? '',
    visits: n(visits, l.code),
    registrations: n(regs, l.code),
    first_deposits: n(deposits, l.code),
    commission: paid.filter((p) => p.code === l.code).map((p) => ({ currency: p.currency, amount: formatMoney(BigInt(p.sum), p.currency) })),
  }));
  const sum = (k: 'visits' | 'registrations' | 'first_deposits') => rows.reduce((s, r) => s + r[k], 0);
  return { DateFrom: input.from, DateTo: input.to, rows, total: { visits: sum('visits'), registrations: sum('registrations'), first_deposits: sum('first_deposits') } };
}

/**
 * transfer: whole units of the referral balance to the current trading account, one ledger
 * transfer keyed by the caller's key (a retry moves nothing more); never more than the balance.
 */
export async function transferBalance(db: DbOrTx, userId: number, input: { amount: string; key: string }): Promise<ReferralTransferred> {
  if (!isWholeAmount(input.amount)) throw wrongAmount();
  const account = await tradingAccount(db, userId);
  if (!account) throw new Refusal(409, 'referral.no_trading_account', 'Choose a trading account (not demo) to transfer to.');
  const amountMinor = BigInt(input.amount.trim()) * 10n ** BigInt(exponentOf(account.currency));
  const from = await referralAccount(db, userId, account.currency);
  try {
    await transfer(db, {
      kind: 'referral_transfer',
      idempotencyKey: `referral-transfer:${userId}:${input.key}`,
      debitAccountId: from,
      creditAccountId: account.id,
      amountMinor,
      currency: account.currency,
      meta: { referral: true },
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) throw new Refusal(409, 'referral.insufficient', 'The referral balance is lower than this amount.');
    throw error;
  }
  const left = await db.selectFrom('accounts').select('balance_minor').where('id', '=', from).executeTakeFirstOrThrow();
  return { balance: { currency: account.currency, amount: formatMoney(toBigInt(left.balance_minor), account.currency) }, account: String(account.id), amount: formatMoney(amountMinor, account.currency) };
}

/** A visitor arrived through a link: one visit per link, visitor and day (unknown codes are not counted). */
export async function recordVisit(db: DbOrTx, code: string, visitor: string, now: Date = new Date()): Promise<boolean> {
  const link = await db.selectFrom('referral_links').select('code').where('code', '=', code).executeTakeFirst();
  if (!link) return false;
  const day = now.toISOString().slice(0, 10);
  const inserted = await db
    .insertInto('referral_visits')
    .values({ code, visitor, day })
    .onConflict((oc) => oc.columns(['code', 'visitor', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

export interface CommissionPaid {
  referrerUserId: number;
  amount: string;
  currency: string;
}

/** The trader who referred `userId` and was paid a commission for it (one row per referred trader), or null. */
export async function referrerOf(db: DbOrTx, userId: number): Promise<number | null> {
  const row = await db.selectFrom('referral_commissions').select('referrer_user_id').where('referred_user_id', '=', userId).executeTakeFirst();
  return row?.referrer_user_id ?? null;
}

/**
 * Called by creditDeposit in the deposit's transaction: on a referred trader's first deposit,
 * pays the referrer COMMISSION_PERCENT of it into the referral balance (ledger key
 * `referral:{deposit key}`) and notifies `referral.commission`. Once per referred trader: a
 * second deposit or a retried credit pays nothing. The caller publishes the push after commit.
 */
export async function creditReferralCommission(
  trx: Transaction<Database>,
  deposit: { idempotencyKey: string; userId: number; amountMinor: bigint; currency: string; txId: string; replayed: boolean },
): Promise<CommissionPaid | null> {
  if (deposit.replayed) return null;
  const user = await trx.selectFrom('users').select('affs_id').where('id', '=', deposit.userId).executeTakeFirst();
  if (!user?.affs_id) return null;
  const link = await trx.selectFrom('referral_links').select(['code', 'user_id']).where('code', '=', user.affs_id).executeTakeFirst();
  if (!link || link.user_id === deposit.userId) return null;
  const commissionMinor = (deposit.amountMinor * COMMISSION_PERCENT) / 100n;
  // the first deposit only: one row per referred trader (a concurrent second deposit waits on it)
  const first = await trx
    .insertInto('referral_commissions')
    .values({
      deposit_key: deposit.idempotencyKey.slice(0, 200),
      referred_user_id: deposit.userId,
      referrer_user_id: link.user_id,
      code: link.code,
      deposit_minor: deposit.amountMinor,
      commission_minor: commissionMinor,
      currency: deposit.currency,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('deposit_key')
    .executeTakeFirst();
  if (!first || commissionMinor <= 0n) return null;
  const key = `referral:${deposit.idempotencyKey}`.slice(0, 200);
  const tx = await transfer(trx, {
    kind: 'referral_commission',
    idempotencyKey: key,
    debitAccountId: await houseAccount(trx, deposit.currency),
    creditAccountId: await referralAccount(trx, link.user_id, deposit.currency),
    amountMinor: commissionMinor,
    currency: deposit.currency,
    meta: { referred: deposit.userId, deposit: deposit.txId, percent: String(COMMISSION_PERCENT) },
  });
  await trx.updateTable('referral_commissions').set({ tx_id: tx.txId }).where('deposit_key', '=', first.deposit_key).execute();
  const amount = formatMoney(commissionMinor, deposit.currency);
  await notify(trx, { userId: link.user_id, kind: 'referral.commission', params: { amount, currency: deposit.currency, percent: String(COMMISSION_PERCENT) }, key: key.slice(0, 128) });
  return { referrerUserId: link.user_id, amount, currency: deposit.currency };
}
