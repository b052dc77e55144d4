// no in-memory state that a second instance would need. Every module-level mutable
// binding of the server (a Map, Set, WeakMap or WeakSet, a `let`, an object or array literal
// filled later) is listed here, and each is named with the reason it is safe in docs/operations.md,
// "Many instances". A new one fails this test until it is listed in both places.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');

/** `path name`, as in the table of docs/operations.md, "What each instance holds in memory" */
const MODULE_STATE = [
  'server/db/index.ts pools',
  'server/db/pglite-worker.mjs queue',
  'server/db/pglite-worker.mjs statementCount',
  'server/db/pglite-worker.mjs statements',
  'server/db/prepared.ts names',
  'server/domain/offers/risk-free.ts listeners',
  'server/domain/passwords.ts dummy',
  'server/domain/protection/incentives.ts cache',
  'server/http/logging.ts scopes',
  'server/http/metrics.ts STREAMS',
  'server/http/not-found.ts registered',
  'server/http/session.ts UNSAFE',
  'server/http/withdraw-only.ts WITHDRAW_ONLY_ROUTES',
  'server/sandbox/chat/widget-page.ts cached',
  'server/sandbox/platform/routes.ts UNSAFE',
  'server/sandbox/platform/trade-page.ts cached',
  'server/sandbox/platform/trades.ts settledListeners',
] as const;

/** top-level declarations only (no indentation): inside a function, state belongs to its call (one app) */
const PATTERNS = [
  /^(?:export )?(?:const|let|var) (\w+)(?:: .+?)? = new (?:Map|Set|WeakMap|WeakSet)\b/,
  /^(?:export )?(?:let|var) (\w+)\b/,
  /^(?:export )?const (\w+)(?:: .+?)? = (?:\[\]|\{\});/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'node_modules' ? [] : sources(path);
    // .mjs: plain JavaScript the server runs unbundled (the PGlite worker)
    return (entry.name.endsWith('.ts') || entry.name.endsWith('.mjs')) && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function moduleState(): string[] {
  const found: string[] = [];
  for (const file of sources(join(ROOT, 'server'))) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      for (const pattern of PATTERNS) {
        const name = pattern.exec(line)?.[1];
        if (name) {
          found.push(`${relative(ROOT, file).split('\\').join('/')} ${name}`);
          break;
        }
      }
    }
  }
  return found.sort();
}

describe('module-level state of the server', () => {
  it('is exactly the listed set: a new Map, Set, let or filled literal at module level must be listed here and in the docs', () => {
    expect(moduleState()).toEqual([...MODULE_STATE].sort());
  });

  it('the detector sees the shapes it is meant to see', () => {
    const hits = (line: string) => PATTERNS.some((p) => p.test(line));
    expect(hits('const seen = new Map<string, number>();')).toBe(true);
    expect(hits('export const subscribers: Map<number, Set<() => void>> = new Map();')).toBe(true);
    expect(hits('let cached: Promise<string> | undefined;')).toBe(true);
    expect(hits('const byId: Record<string, number> = {};')).toBe(true);
    expect(hits('  const local = new Map();')).toBe(false);
    expect(hits('const LIMIT = 10;')).toBe(false);
  });

  it('docs/operations.md, "What each instance holds in memory", names every one of them', () => {
    const doc = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## What each instance holds in memory'));
    expect(section.length).toBeLessThan(doc.length);
    for (const entry of MODULE_STATE) {
      const [path, name] = entry.split(' ');
      expect(section, entry).toContain(`\`${path}\` \`${name}\``);
    }
  });
});
