import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One refusal type (server/domain/refusal.ts, docs/architecture.md): no other error class carries
 * an HTTP status. A class that extends Error and holds a status (or names a 4xx) is a second
 * refusal type the error handler would answer with a 500; this test fails when one appears.
 */
const REFUSAL_MODULE = 'server/domain/refusal.ts';
const ROOTS = ['server', 'core'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The body of the class that starts at `from`: up to its closing brace (braces counted). */
function classBody(code: string, from: number): string {
  const open = code.indexOf('{', from);
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    if (code[i] === '{') depth += 1;
    if (code[i] === '}' && --depth === 0) return code.slice(open, i + 1);
  }
  return code.slice(open);
}

/** Error classes of one file that carry an HTTP status: `status`/`statusCode`, a 4xx literal or a refusal's name. */
export function statusErrorClasses(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/class\s+(\w+)\s+extends\s+Error\b/g)) {
    const body = classBody(code, match.index);
    if (/\bstatus(Code)?\b|\b4\d\d\b/.test(body) || /Refusal|HttpError/.test(match[1])) found.push(match[1]);
  }
  return found;
}

describe('one refusal type', () => {
  it('finds an error class with a status, and passes one without', () => {
    const second = 'export class PaymentError extends Error {\n  constructor(readonly status: number, readonly key: string, message: string) {\n    super(message);\n  }\n}\n';
    expect(statusErrorClasses(second)).toEqual(['PaymentError']);
    expect(statusErrorClasses("class Gone extends Error {\n  constructor() {\n    super('gone');\n    this.code = 410;\n  }\n}\n")).toEqual(['Gone']);
    expect(statusErrorClasses('export class NewsUnavailable extends Error {}\nclass LedgerError extends Error {\n  constructor(readonly key: string) {\n    super(key);\n  }\n}\n')).toEqual([]);
  });

  it(`no error class outside ${REFUSAL_MODULE} carries an HTTP status`, () => {
    const offenders = ROOTS.flatMap(sources)
      .filter((file) => file !== REFUSAL_MODULE)
      .flatMap((file) => statusErrorClasses(readFileSync(file, 'utf8')).map((name) => `${file}: ${name}`));
    expect(offenders, 'throw a Refusal (server/domain/refusal.ts) instead').toEqual([]);
  });

  it('the refusal module holds the one class', () => {
    expect(statusErrorClasses(readFileSync(REFUSAL_MODULE, 'utf8'))).toEqual(['Refusal']);
  });
});
