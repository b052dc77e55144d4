/**
 * RFC 4180 read back, for tests of the statement's CSV (server/domain/statement/csv.ts): quoted
 * fields with doubled quotes, CRLF rows. With `endsWithCrlf`, a file whose last row is not ended
 * by CRLF is an error.
 */
export function parseCsv(text: string, options: { endsWithCrlf?: boolean } = {}): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (options.endsWithCrlf && field !== '') throw new Error(`the file does not end with CRLF: ${JSON.stringify(field.slice(0, 40))} is left`);
  return rows;
}
