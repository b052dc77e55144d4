import { describeHistoryEntry } from '../../../core/history-text';
import { formatMoney } from '../../../core/money';
import { formatDateTime } from '../../../core/format';
import type { Statement } from './statement';
import { movementWords, statementWords, type StatementLang } from './words';

/**
 * The statement as CSV (RFC 4180): UTF-8 with a byte-order mark (so Excel reads Russian right),
 * CRLF line ends, a header row, a field quoted when it holds a comma, a quote or a line break
 * (its quotes doubled). One table: per account an opening-balance row, its movements in order,
 * the credits and debits rows and a closing-balance row. Amounts are plain decimals with a point
 * and every digit of the currency ("-70.00", "0.00150000"), the same in both languages, so a
 * spreadsheet or a script reads them exactly; dates are DD.MM.YYYY HH:mm in the trader's zone,
 * as on the History page.
 */

export const BOM = '\uFEFF';

/** the characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection) */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A text field (a description, a name): one that would start a formula gets a leading apostrophe. */
export function csvText(value: string): string {
  return csvField(FORMULA_START.test(value) ? `'${value}` : value);
}

export function statementCsv(statement: Statement, style: { lang: StatementLang; timeZone: string }): string {
  const w = statementWords(style.lang);
  const t = movementWords(style.lang);
  const header = (['col.account', 'col.number', 'col.currency', 'col.date', 'col.type', 'col.details', 'col.amount', 'col.balance', 'col.reference'] as const).map((c) => csvField(w(c)));
  const lines = [header.join(',')];
  const when = (ms: number) => formatDateTime(ms, style.timeZone);
  for (const account of statement.accounts) {
    const money = (minor: bigint) => formatMoney(minor, account.currency);
    const row = (date: string, type: string, details: string, amount: string, balance: string, reference: string) =>
      [csvText(w(`account.${account.type}`)), String(account.id), account.currency, date, csvText(type), csvText(details), amount, balance, csvText(reference)].join(',');
    lines.push(row(when(statement.from), w('opening'), '', '', money(account.openingMinor), ''));
    for (const m of account.movements) {
      const said = describeHistoryEntry(m.entry, t);
      lines.push(row(when(m.entry.createdAt), said.what, said.detail === '—' ? '' : said.detail, money(m.amountMinor), money(m.balanceAfterMinor), m.entry.id));
    }
    lines.push(row(when(statement.to), w('credits'), '', money(account.creditsMinor), '', ''));
    lines.push(row(when(statement.to), w('debits'), '', money(-account.debitsMinor), '', ''));
    lines.push(row(when(statement.to), w('closing'), '', '', money(account.closingMinor), ''));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
