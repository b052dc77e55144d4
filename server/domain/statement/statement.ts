import { sql } from 'kysely';
import type { HistoryEntry } from '../../../core/contract';
import type { StatementQuery } from '../../../core/contract/statement';
import { STATEMENT_RULES, statementFileName, statementRangeError, type StatementFormat } from '../../../core/statement';
import type { Db } from '../../db';
import '../../db/schema-register';
import { toBigInt, toCount } from '../../db/values';
import { Refusal } from '../refusal';
import { exchangeEntryOf } from '../trading/history';
import { ENTRY_COLUMNS, entryOf, entryStatus, ledgerEntries } from '../trading/ledger-history';
import { statementCsv } from './csv';
import { statementPdf } from './pdf';
import type { StatementLang } from './words';

/**
 * A statement of the trader's money for a date range (issue 30 §9, docs/statements.md), from the
 * ledger's own figures: per account (every trading and exchange account; the bonus balance when it
 * held or moved money; never a demo account) the opening balance at the range's start, every
 * ledger entry in the range in order with the account's balance after it, the credits, the debits
 * and the closing balance. Opening + credits − debits = closing by construction: the balance after
 * each entry is the opening plus the entries up to it, in the order the History page counts them
 * (created_at, then entry id), so each is the History page's `balanceAfter` for the same entry.
 *
 * The rows are the History page's ledger rows (the same query, `ledgerEntries`, said by the same
 * `entryOf`), plus what the History page leaves to the platform's own rows: the booked result of
 * each settled trade ('trade_result'), without which the balances would not add up.
 */

/** the accounts a statement covers, in the order it lists them */
export const STATEMENT_ACCOUNT_TYPES = ['trading', 'bonus', 'exchange'] as const;
export type StatementAccountType = (typeof STATEMENT_ACCOUNT_TYPES)[number];

export interface StatementMovement {
  /** the row as the History page has it (its id, type, words, amount and balance after) */
  entry: HistoryEntry;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
}

export interface StatementAccount {
  id: number;
  type: StatementAccountType;
  currency: string;
  openingMinor: bigint;
  /** the sum of the movements into the account */
  creditsMinor: bigint;
  /** the sum of the movements out of it, as a positive number */
  debitsMinor: bigint;
  closingMinor: bigint;
  movements: StatementMovement[];
}

export interface Statement {
  from: number;
  to: number;
  accounts: StatementAccount[];
}

const noAccount = () => new Refusal(404, 'statement.account', 'No such account of yours.');

/** The statement's figures: refused (400) for a range the rules do not allow, 404 for an account that is not the trader's. */
export async function buildStatement(db: Db, userId: number, range: { from: number; to: number; account?: number }, hosts: readonly { id: string; name: string }[]): Promise<Statement> {
  const wrong = statementRangeError(range.from, range.to);
  if (wrong === 'statement.range_backwards') throw new Refusal(400, wrong, 'The start date must not be after the end date.');
  if (wrong === 'statement.range_too_long') throw new Refusal(400, wrong, `A statement covers at most ${STATEMENT_RULES.maxDays} days: choose a shorter range.`, { params: { days: String(STATEMENT_RULES.maxDays) } });
  const from = new Date(range.from);
  const to = new Date(range.to);

  let accountQuery = db.selectFrom('accounts').select(['id', 'type', 'currency']).where('user_id', '=', userId).where('type', 'in', [...STATEMENT_ACCOUNT_TYPES]);
  if (range.account !== undefined) accountQuery = accountQuery.where('id', '=', range.account);
  const held = await accountQuery.orderBy('id').execute();
  if (range.account !== undefined && held.length === 0) throw noAccount();
  const ids = held.map((a) => a.id);
  if (ids.length === 0) return { from: range.from, to: range.to, accounts: [] };

  const inRange = ledgerEntries(db, userId).where('e.account_id', 'in', ids).where('t.created_at', '>=', from).where('t.created_at', '<=', to);
  const [{ n }] = await inRange.select((eb) => eb.fn.countAll<string | bigint>().as('n')).execute();
  if (toCount(n) > STATEMENT_RULES.maxRows) {
    throw new Refusal(400, 'statement.too_many_rows', `This range holds more than ${STATEMENT_RULES.maxRows} movements: choose a shorter one.`, { params: { max: String(STATEMENT_RULES.maxRows) } });
  }
  const openings = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .select(['e.account_id', sql<string | bigint>`coalesce(sum(e.amount_minor), 0)`.as('minor')])
    .where('e.account_id', 'in', ids)
    .where('t.created_at', '<', from)
    .groupBy('e.account_id')
    .execute();
  const rows = await inRange.select([...ENTRY_COLUMNS, entryStatus()]).orderBy('t.created_at', 'asc').orderBy('e.id', 'asc').execute();

  const accounts = new Map<number, StatementAccount>(
    held.map((a) => {
      const opening = toBigInt(openings.find((o) => o.account_id === a.id)?.minor ?? 0n);
      const type = a.type as StatementAccountType;
      return [a.id, { id: a.id, type, currency: a.currency, openingMinor: opening, creditsMinor: 0n, debitsMinor: 0n, closingMinor: opening, movements: [] }];
    }),
  );
  for (const row of rows) {
    const account = accounts.get(row.account_id)!;
    const amountMinor = toBigInt(row.amount_minor);
    account.closingMinor += amountMinor;
    if (amountMinor >= 0n) account.creditsMinor += amountMinor;
    else account.debitsMinor -= amountMinor;
    const entry = account.type === 'exchange' ? exchangeEntryOf(row, account.closingMinor) : entryOf(row, account.closingMinor, hosts);
    account.movements.push({ entry, amountMinor, balanceAfterMinor: account.closingMinor });
  }
  const rank = (type: StatementAccountType) => STATEMENT_ACCOUNT_TYPES.indexOf(type);
  const listed = [...accounts.values()]
    // the bonus balance when it held or moved money (or was asked for by its id)
    .filter((a) => a.type !== 'bonus' || range.account !== undefined || a.openingMinor !== 0n || a.movements.length > 0)
    .sort((a, b) => rank(a.type) - rank(b.type) || a.id - b.id);
  return { from: range.from, to: range.to, accounts: listed };
}

/** The zone the dates are written in: one Intl knows, else a 400. */
function checkedZone(tz: string | undefined): string {
  if (tz === undefined) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw new Refusal(400, 'statement.zone', 'Unknown time zone.', { fields: { tz: 'statement.zone' } });
  }
}

/** The trader's language when they registered with one (user_profiles.lang), else null. */
export async function profileLang(db: Db, userId: number): Promise<StatementLang | null> {
  const row = await db.selectFrom('user_profiles').select('lang').where('user_id', '=', userId).executeTakeFirst();
  return row?.lang === 'ru' || row?.lang === 'en' ? row.lang : null;
}

export interface StatementFile {
  name: string;
  contentType: string;
  body: Buffer;
}

export interface StatementContext {
  lang: StatementLang;
  hosts: readonly { id: string; name: string }[];
  /** the server runs with sandbox third parties: the PDF says the money is test money */
  sandbox: boolean;
  /** when it is made (written in the PDF) */
  now: Date;
}

const CONTENT_TYPE: Record<StatementFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

/** GET /api/statement: the statement as a CSV or PDF file with its name. */
export async function statementFile(db: Db, userId: number, query: StatementQuery, context: StatementContext): Promise<StatementFile> {
  const timeZone = checkedZone(query.tz);
  const statement = await buildStatement(db, userId, { from: query.from, to: query.to, ...(query.account !== undefined && { account: query.account }) }, context.hosts);
  const name = statementFileName(query.from, query.to, query.format, timeZone);
  const style = { lang: context.lang, timeZone };
  if (query.format === 'csv') return { name, contentType: CONTENT_TYPE.csv, body: Buffer.from(statementCsv(statement, style), 'utf8') };
  const trader = await db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  const body = await statementPdf(statement, {
    ...style,
    trader: { name: `${trader.first_name} ${trader.last_name}`.trim(), email: trader.email },
    sandbox: context.sandbox,
    generatedAt: context.now,
    oneAccount: query.account !== undefined,
  });
  return { name, contentType: CONTENT_TYPE.pdf, body };
}
