import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASHIER_LOCKS, LOCK_REASONS, lockOfCode, reasonsFor } from './cashier-locks';
import { LIMIT_PERIODS } from './trader-limits';
import { TRADING_LIMIT_KEYS } from './trading-limits';

const serverFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? serverFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
const server = serverFiles(join(import.meta.dirname, '..', 'server')).map((f) => readFileSync(f, 'utf8')).join('\n');
/** every refusal code the server writes out literally */
const refused = new Set([...server.matchAll(/new Refusal\(\s*4\d\d,\s*'([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]));
// the deposit limits' code is built from the period (server/domain/protection/deposit-limits.ts)
for (const p of LIMIT_PERIODS) for (const whole of ['', '_whole']) refused.add(`limits.deposit_${p}${whole}`);
// and the platform's refusal of a trade over a stake or loss limit, from the limit's id (server/sandbox/platform/trades.ts)
for (const id of TRADING_LIMIT_KEYS) refused.add(`trading.limit_${id}`);

describe('the cashier lock reasons (issue 30 §4)', () => {
  it('every code a reason names is one the server refuses with, and no code names two reasons', () => {
    expect(server).toContain('`trading.limit_${over.id}`');
    const codes = LOCK_REASONS.flatMap((r) => [...CASHIER_LOCKS[r].codes]);
    expect(codes.filter((c) => !refused.has(c))).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('every refusal that says an account is a demo one is a reason of the table', () => {
    const demo = [...refused].filter((c) => c.endsWith('.demo') && !['promotions.demo', 'tips.demo'].includes(c));
    expect(demo.filter((c) => lockOfCode(c) !== 'demo_account')).toEqual([]);
    expect(demo.length).toBeGreaterThanOrEqual(6);
  });

  it('finds a code’s reason, and none for a refusal that is no lock', () => {
    expect(lockOfCode('withdrawal.verify')).toBe('not_verified');
    expect(lockOfCode('limits.deposit_week_whole')).toBe('deposit_limit');
    expect(lockOfCode('trading.blocked')).toBe('excluded');
    expect(lockOfCode('legal.terms_outdated')).toBe('terms_outdated');
    expect(lockOfCode('deposit.country_blocked')).toBe('country_blocked');
    expect(lockOfCode('trading.country_blocked')).toBe('country_blocked');
    expect(lockOfCode('trading.appropriateness')).toBe('appropriateness');
    expect(lockOfCode('card.luhn')).toBeNull();
  });

  it('lists the reasons of each action in the table’s order; a next step is a page of the trading area or none', () => {
    expect(reasonsFor('deposit')).toEqual(['excluded', 'terms_outdated', 'country_blocked', 'deposit_limit']);
    expect(reasonsFor('withdrawal')).toEqual(['demo_account', 'not_verified', 'protection_review']);
    expect(reasonsFor('trading')).toEqual(['excluded', 'terms_outdated', 'country_blocked', 'trading_limit', 'appropriateness']);
    const pages = readFileSync(join(import.meta.dirname, '..', 'src', 'app', 'routes.tsx'), 'utf8');
    for (const reason of LOCK_REASONS) {
      const next: string | null = CASHIER_LOCKS[reason].next;
      if (next !== null) expect(pages, `${reason} → ${next}`).toMatch(new RegExp(`^\\s+${next}: `, 'm'));
    }
  });
});
