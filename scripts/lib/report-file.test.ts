import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReport } from './report-file';

const T1 = new Date('2026-01-02T03:04:05.000Z');
const T2 = new Date('2026-02-03T04:05:06.000Z');

describe('writeReport', () => {
  it('writes a new file with the time given, leaves it untouched when only generatedAt would change, rewrites on a change', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'report-')), 'sub', 'r.json');
    expect(writeReport(path, { generatedAt: '', machines: { a: 1 } }, T1)).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ generatedAt: T1.toISOString(), machines: { a: 1 } });
    utimesSync(path, T1, T1);
    expect(writeReport(path, { generatedAt: 'anything', machines: { a: 1 } }, T2)).toBe(false);
    expect(statSync(path).mtimeMs).toBe(T1.getTime());
    expect(JSON.parse(readFileSync(path, 'utf8')).generatedAt).toBe(T1.toISOString());
    expect(writeReport(path, { generatedAt: '', machines: { a: 2 } }, T2)).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ generatedAt: T2.toISOString(), machines: { a: 2 } });
  });

  it('an unreadable file is written afresh', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'report-')), 'r.json');
    writeFileSync(path, '{ not json');
    expect(writeReport(path, { generatedAt: '', x: true }, T1)).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ generatedAt: T1.toISOString(), x: true });
  });
});
