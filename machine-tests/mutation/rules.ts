import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from './frozen';

/**
 * The rules in core/ that decide money and access, measured like the machines: Stryker mutates the
 * rule's files and runs the unit tests that import them (in core/ and machines/). A rule's table
 * is static code that every test runs, so the machines' frozen paths (hundreds per machine) are
 * not replayed per mutant: the rule's own tests must notice a broken row. `machines` names the
 * machines that read the rule (they are measured on their own). Named `core:<id>` on the command
 * line; their scores are `rules` in docs/coverage/mutation.json.
 */
export interface RuleTarget {
  /** what the rule decides, for the table */
  title: string;
  files: string[];
  /** the machines that read the rule (for the reader; their own runs replay their paths) */
  machines: string[];
}

export const RULES: Record<string, RuleTarget> = {
  classify: { title: 'what each processor answer means (spec 000 §4)', files: ['core/cascade/classify.ts'], machines: ['cascade', 'listen'] },
  stack: { title: 'the processors a payment tries, in order (spec 000 §4)', files: ['core/cascade/stack.ts', 'core/cascade/processors.ts'], machines: ['cascade'] },
  amount: { title: 'the amount’s slider steps and bonus tiers (spec 000 §9, 001 §3, §4, §9)', files: ['core/amount.ts'], machines: ['funding'] },
  minDeposit: { title: 'the minimum deposit of a trader (spec 000 §3, §6)', files: ['core/min-deposit.ts'], machines: [] },
  decimal: { title: 'decimal arithmetic for amounts', files: ['core/decimal.ts'], machines: [] },
  money: { title: 'money in minor units: parse and format', files: ['core/money.ts'], machines: [] },
  passwordPolicy: { title: 'the password policy', files: ['core/password-policy.ts'], machines: ['passwordReset', 'passwordChange'] },
  withdrawalCase: { title: 'the withdrawal tables and the case a check answers (spec 002 §4)', files: ['core/withdrawal.ts'], machines: ['withdrawal'] },
};

export const RULE_PREFIX = 'core:';
export const isRuleId = (id: string): boolean => id.startsWith(RULE_PREFIX) && id.slice(RULE_PREFIX.length) in RULES;
export const ruleOf = (id: string): RuleTarget => RULES[id.slice(RULE_PREFIX.length)]!;
export const RULE_IDS = Object.keys(RULES).map((id) => `${RULE_PREFIX}${id}`);

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The unit tests under core/ and machines/ that import one of `files` (node tests: no page). */
export function ruleTests(files: string[]): string[] {
  const wanted = new Set(files.map((f) => f.replace(/\.ts$/, '')));
  return [...testFiles('core'), ...testFiles('machines')].filter((test) => {
    const source = readFileSync(join(ROOT, test), 'utf8');
    for (const m of source.matchAll(/from '(\.[^']+)'/g)) {
      if (wanted.has(relative(ROOT, resolve(ROOT, dirname(test), m[1]!)))) return true;
    }
    return false;
  });
}
