import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv';

describe('a CSV field (RFC 4180) and a text field guarded against formulas', () => {
  it('quotes a field with a comma, a quote or a line break, doubling its quotes; leaves any other as it is', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField('')).toBe('');
  });

  it('puts an apostrophe before a text that a spreadsheet would run: = + - @, a tab or a carriage return first', () => {
    for (const start of ['=', '+', '-', '@', '\t'])
      expect(csvText(`${start}SUM(A1)`), JSON.stringify(start)).toBe(`'${start}SUM(A1)`);
    expect(csvText('\rX')).toBe(`"'\rX"`);
    expect(csvText('=HYPERLINK("http://x", "y")')).toBe(`"'=HYPERLINK(""http://x"", ""y"")"`);
    expect(csvText('Deposit · Vload voucher')).toBe('Deposit · Vload voucher');
    expect(csvText('a=b')).toBe('a=b');
  });
});
