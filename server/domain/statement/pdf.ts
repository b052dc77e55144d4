import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatAmount, formatDateTime } from '../../../core/format';
import { describeHistoryEntry } from '../../../core/history-text';
import { formatMoney } from '../../../core/money';
import type { Statement, StatementAccount } from './statement';
import { movementWords, statementWords, type StatementLang } from './words';

/**
 * The statement as a PDF (pdfkit; docs/statements.md): A4, the title, the trader, the range, when
 * it was made and "SANDBOX" on every page when the server runs with sandbox third parties; per
 * account the opening balance, a table of the movements (paged, its header repeated on each new
 * page), the credits, the debits and the closing balance; "Page n of N" in the footer.
 *
 * The text is set in DejaVu Sans (package dejavu-fonts-ttf, free licence; it has Cyrillic, which
 * the standard 14 PDF fonts lack), embedded as a subset of the glyphs used. The fonts are read
 * from node_modules at each call, on the server only: nothing here reaches the browser's bundle.
 * Amounts are written by core/format (the UI's one formatter), from minor units: never a float.
 */

export interface PdfFacts {
  lang: StatementLang;
  timeZone: string;
  trader: { name: string; email: string };
  sandbox: boolean;
  generatedAt: Date;
  /** the trader asked for one account */
  oneAccount: boolean;
}

const require = createRequire(import.meta.url);
const fontFile = (name: string): string => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);

const REGULAR = 'body';
const BOLD = 'bold';
const MARGIN = 40;
const FOOTER = 34;
const PAD = 3;
const SIZE = { title: 18, heading: 11.5, body: 9, table: 8.5, small: 7.5 };
const COLOR = { text: '#1a1a1a', muted: '#5f6368', rule: '#c4c7cc', head: '#eef0f3', zebra: '#f8f9fa', sandbox: '#b3261e' };

type Align = 'left' | 'right';
interface Column {
  key: 'date' | 'type' | 'details' | 'amount' | 'balance';
  width: number;
  align: Align;
}

export async function statementPdf(statement: Statement, facts: PdfFacts): Promise<Buffer> {
  const w = statementWords(facts.lang);
  const t = movementWords(facts.lang);
  const when = (ms: number | Date) => formatDateTime(ms, facts.timeZone);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    bufferPages: true,
    lang: facts.lang,
    displayTitle: true,
    info: { Title: w('title'), Subject: `${when(statement.from)} – ${when(statement.to)}`, Author: facts.trader.email, CreationDate: facts.generatedAt, ModDate: facts.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(REGULAR, fontFile('DejaVuSans.ttf'));
  doc.registerFont(BOLD, fontFile('DejaVuSans-Bold.ttf'));

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;
  // the date on one line: as wide as the widest date the formatter writes
  const dateWidth = Math.ceil(doc.font(REGULAR).fontSize(SIZE.table).widthOfString('00.00.0000 00:00')) + 2 * PAD + 2;
  const columns: Column[] = [
    { key: 'date', width: dateWidth, align: 'left' },
    { key: 'type', width: 140, align: 'left' },
    { key: 'details', width: width - dateWidth - 140 - 2 * 92, align: 'left' },
    { key: 'amount', width: 92, align: 'right' },
    { key: 'balance', width: 92, align: 'right' },
  ];
  const xOf = (key: Column['key']) => left + columns.slice(0, columns.findIndex((c) => c.key === key)).reduce((sum, c) => sum + c.width, 0);
  const widthOf = (key: Column['key']) => columns.find((c) => c.key === key)!.width;
  let y = MARGIN;

  const write = (text: string, x: number, at: number, options: { width: number; align?: Align; font?: string; size?: number; color?: string }) => {
    doc
      .font(options.font ?? REGULAR)
      .fontSize(options.size ?? SIZE.body)
      .fillColor(options.color ?? COLOR.text)
      .text(text, x, at, { width: options.width, align: options.align ?? 'left', lineGap: 0 });
  };
  const heightOf = (text: string, cellWidth: number, font = REGULAR, size = SIZE.table) => doc.font(font).fontSize(size).heightOfString(text, { width: cellWidth, lineGap: 0 });
  const rule = (at: number, color = COLOR.rule) => {
    doc.moveTo(left, at).lineTo(left + width, at).lineWidth(0.5).strokeColor(color).stroke();
  };

  // ── the heading ──
  write(w('title'), left, y, { width, font: BOLD, size: SIZE.title });
  if (facts.sandbox) write(w('sandbox'), left, y + 4, { width, align: 'right', font: BOLD, size: SIZE.heading, color: COLOR.sandbox });
  y += 30;
  const trader = [facts.trader.name, facts.trader.email].filter(Boolean).join(' · ');
  const accountsSaid = facts.oneAccount && statement.accounts[0] ? accountName(statement.accounts[0]) : w('accounts_all');
  const facts_: [string, string][] = [
    [w('trader'), trader],
    [w('period'), `${when(statement.from)} – ${when(statement.to)}`],
    [w('accounts'), accountsSaid],
    [w('generated'), when(facts.generatedAt)],
  ];
  for (const [label, value] of facts_) {
    write(label, left, y, { width: 110, font: BOLD });
    write(value, left + 115, y, { width: width - 115 });
    y += Math.max(heightOf(value, width - 115, REGULAR, SIZE.body), 12) + 2;
  }
  write(w('zone', { zone: facts.timeZone }), left + 115, y, { width: width - 115, size: SIZE.small, color: COLOR.muted });
  y += 12;
  if (facts.sandbox) {
    write(w('sandbox_note'), left, y, { width, font: BOLD, size: SIZE.body, color: COLOR.sandbox });
    y += 14;
  }
  y += 6;
  rule(y, COLOR.text);
  y += 14;

  function accountName(account: StatementAccount): string {
    return `${w(`account.${account.type}`)} · ${account.currency} · ${w('number', { id: account.id })}`;
  }
  const amount = (minor: bigint, currency: string, plus = false) => formatAmount(formatMoney(minor, currency), currency, facts.lang, { plus });

  /** the table's header row (on each page the table runs on) */
  const tableHeader = () => {
    const labels: Record<Column['key'], string> = { date: w('col.date'), type: w('col.type'), details: w('col.details'), amount: w('col.amount'), balance: w('col.balance') };
    const h = Math.max(...columns.map((c) => heightOf(labels[c.key], c.width - 2 * PAD, BOLD))) + 2 * PAD;
    doc.rect(left, y, width, h).fill(COLOR.head);
    for (const c of columns) write(labels[c.key], xOf(c.key) + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align, font: BOLD, size: SIZE.table });
    y += h;
  };
  const newPage = (account: StatementAccount | null) => {
    doc.addPage();
    y = MARGIN;
    if (account) {
      write(`${accountName(account)} ${w('continued')}`, left, y, { width, font: BOLD, size: SIZE.body });
      y += 16;
      tableHeader();
    }
  };
  /** room for `h` more points on this page, else the next page (the table's header repeated) */
  const ensure = (h: number, account: StatementAccount | null) => {
    if (y + h > bottom()) newPage(account);
  };
  /** a line with a label on the left and a figure in the column `at` */
  const figureLine = (label: string, figure: string, at: 'amount' | 'balance', bold: boolean) => {
    const font = bold ? BOLD : REGULAR;
    write(label, left + PAD, y + PAD, { width: xOf('amount') - left - 2 * PAD, font, size: SIZE.table });
    write(figure, xOf(at) + PAD, y + PAD, { width: widthOf(at) - 2 * PAD, align: 'right', font, size: SIZE.table });
    y += heightOf(label, xOf('amount') - left - 2 * PAD, font) + 2 * PAD + 1;
  };

  if (statement.accounts.length === 0) write(w('no_accounts'), left, y, { width });
  for (const account of statement.accounts) {
    ensure(90, null);
    write(accountName(account), left, y, { width, font: BOLD, size: SIZE.heading });
    y += 18;
    figureLine(`${w('opening')} · ${when(statement.from)}`, amount(account.openingMinor, account.currency), 'balance', true);
    y += 2;
    tableHeader();
    if (account.movements.length === 0) {
      write(w('none'), left + PAD, y + PAD, { width: width - 2 * PAD, size: SIZE.table, color: COLOR.muted });
      y += 16;
    }
    account.movements.forEach((m, index) => {
      const said = describeHistoryEntry(m.entry, t);
      const cells: Record<Column['key'], string> = {
        date: when(m.entry.createdAt),
        type: said.what,
        details: said.detail === '—' ? '' : said.detail,
        amount: amount(m.amountMinor, account.currency, true),
        balance: amount(m.balanceAfterMinor, account.currency),
      };
      const h = Math.max(...columns.map((c) => heightOf(cells[c.key] || ' ', c.width - 2 * PAD))) + 2 * PAD;
      ensure(h, account);
      if (index % 2 === 1) doc.rect(left, y, width, h).fill(COLOR.zebra);
      for (const c of columns) write(cells[c.key], xOf(c.key) + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align, size: SIZE.table });
      y += h;
    });
    ensure(60, account);
    rule(y);
    y += 2;
    figureLine(w('credits'), amount(account.creditsMinor, account.currency, true), 'amount', false);
    figureLine(w('debits'), amount(-account.debitsMinor, account.currency), 'amount', false);
    figureLine(`${w('closing')} · ${when(statement.to)}`, amount(account.closingMinor, account.currency), 'balance', true);
    y += 18;
  }

  // ── the footer of every page ──
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // the footer sits below the bottom margin: writing there must not open a page
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const at = doc.page.height - MARGIN - FOOTER + 12;
    doc.moveTo(left, at - 4).lineTo(left + width, at - 4).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
    write(w('footer'), left, at, { width: width - 110, size: SIZE.small, color: COLOR.muted });
    write(w('page', { page: i - start + 1, pages: count }), left + width - 105, at, { width: 105, align: 'right', size: SIZE.small, color: COLOR.muted });
    if (facts.sandbox) write(w('sandbox'), left + width - 105, at + 10, { width: 105, align: 'right', font: BOLD, size: SIZE.small, color: COLOR.sandbox });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
