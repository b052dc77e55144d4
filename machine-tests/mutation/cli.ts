/**
 * `npm run test:mutation`: StrykerJS over the machines (docs/explorer.md, "Mutation score").
 *
 *   npm run test:mutation                      the gated machines (GATED below)
 *   npm run test:mutation -- login invoice     these machines (ids of machines/index.ts)
 *   npm run test:mutation -- --all             every machine of machines/index.ts
 *   npm run test:mutation -- core:classify     a rule of core/ (machine-tests/mutation/rules.ts; --rules: every rule)
 *   npm run test:mutation -- --changed <base>  the machines and rules whose files or model changed since <base> (git diff <base>, and the working tree)
 *   npm run test:mutation -- --smoke           the two small machines of SMOKE
 *   --force                                    ignore the incremental files (test every mutant again)
 *   --junit <file>                             also write JUnit XML: a testcase per machine or rule (score, survivors; a gated one below 80% fails)
 *
 * For each machine: its generated paths are frozen from the unmutated machine
 * (reports/mutation/paths/<id>.json), then Stryker mutates the machine's files (the .machine.ts and
 * the helpers beside it that it imports) and runs, per mutant, only the frozen paths and unit tests
 * that reach it. Incremental: machine-tests/mutation/incremental/<id>.json (committed) keeps the last results, so a
 * second run tests only the mutants of changed code. Then scripts/mutation-report.ts writes
 * docs/coverage/mutation.json and prints the table. Exit 1 when a gated machine is below 80%.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { machines } from '../../machines/index';
import { models } from '../../machines/models';
import { freezePaths, machineFiles, modelFile, ROOT } from './frozen';
import type { MutationFile } from '../../machine-kit/coverage-files';
import { writeJUnit, mutationSuites } from '../../scripts/lib/junit';
import { GATE, writeMutationReport } from '../../scripts/mutation-report';
import { isRuleId, RULE_IDS, ruleOf, ruleTests } from './rules';

/** login (with two-factor entry) and every machine that moves money, then the rules of core/ they read: each at 80% or more */
export const GATED = [
  'login', 'twoFactorEntry', 'validation', 'funding', 'cardForm', 'cascade', 'listen', 'entropay', 'invoice', 'cryptoDeposit',
  'withdrawal', 'withdrawalPending', 'tips', 'referralTransfer', 'methodDeposit', 'voucher', 'quickTopUp', 'bankReport',
  ...RULE_IDS,
];

const OUT = join(ROOT, 'reports/mutation');

function changedSince(base: string): string[] {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const files = new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard', 'machines')]);
  const changed = Object.keys(machines).filter((id) => {
    const folders = new Set(machineFiles(id).map((f) => `${dirname(f)}/`));
    const model = modelFile(id);
    return [...files].some((f) => f === model || [...folders].some((folder) => f.startsWith(folder)));
  });
  changed.push(...RULE_IDS.filter((id) => ruleOf(id).files.some((f) => files.has(f))));
  // the runner itself changed: the small fixed set shows it still works
  const runner = [...files].some((f) => /^(machine-kit\/|machine-tests\/mutation\/|scripts\/(mutation-report|stryker-placeholders)|stryker\.config|vitest\.mutation)/.test(f));
  return runner ? [...new Set([...changed, ...SMOKE])] : changed;
}

/** two small machines (about 1.5 min each on 2 cores): when there is no base, or the runner changed */
export const SMOKE = ['validation', 'listen'];

function parseArgs(argv: string[]): { ids: string[]; force: boolean; junit?: string } {
  let ids: string[] = [];
  let force = false;
  let junit: string | undefined;
  let chosen = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--force') force = true;
    else if (arg === '--junit') {
      junit = argv[++i];
      if (!junit || junit.startsWith('-')) throw new Error('--junit needs a file');
      junit = resolve(junit);
    }
    else if (arg === '--all' || arg === '--smoke' || arg === '--rules') {
      ids = arg === '--all' ? [...Object.keys(machines), ...RULE_IDS] : arg === '--rules' ? [...RULE_IDS] : [...SMOKE];
      chosen = true;
    }
    else if (arg === '--changed') {
      const base = argv[++i];
      if (!base) throw new Error('--changed needs a git base (a commit)');
      ids = changedSince(base);
      chosen = true;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}`);
    else {
      ids.push(arg);
      chosen = true;
    }
  }
  if (!chosen) ids = GATED;
  const unknown = ids.filter((id) => !isRuleId(id) && (!(id in machines) || !(id in models)));
  if (unknown.length) throw new Error(`not machines with a model in machines/index.ts, nor rules (${RULE_IDS.join(', ')}): ${unknown.join(', ')}`);
  return { ids, force, junit };
}

/** the report file's name: the machine id, or `core-<rule>` (no colon in a file name) */
const reportName = (id: string): string => id.replace(':', '-');

function unitTests(files: string[]): string[] {
  const folders = [...new Set(files.map((f) => dirname(f)))];
  return folders.flatMap((folder) => readdirSync(join(ROOT, folder)).filter((f) => f.endsWith('.test.ts')).map((f) => `${folder}/${f}`));
}

function main(): number {
  const { ids, force, junit } = parseArgs(process.argv.slice(2));
  const seconds: Record<string, number> = {};
  // the machines and rules that finished, each a testcase with its score and survivors
  const writeJunit = (done: string[]): void => {
    if (!junit) return;
    const file = JSON.parse(readFileSync(join(ROOT, 'docs/coverage/mutation.json'), 'utf8')) as MutationFile;
    const entries = Object.fromEntries(done.map((id) => [id, (isRuleId(id) ? file.rules?.[id] : file.machines[id])!]).filter(([, m]) => m));
    writeJUnit(junit, mutationSuites(entries, { gated: GATED, gate: GATE, seconds }), 'test:mutation');
    console.log(`wrote ${junit}`);
  };
  if (!ids.length) {
    console.log('test:mutation: no machine changed');
    return 0;
  }
  mkdirSync(join(OUT, 'paths'), { recursive: true });
  const ran: string[] = [];
  for (const id of ids) {
    const started = Date.now();
    const rule = isRuleId(id) ? ruleOf(id) : undefined;
    const files = rule ? rule.files : machineFiles(id);
    const replayed = rule ? [] : [id];
    let frozenCount = 0;
    for (const machine of replayed) {
      const frozen = freezePaths(machine, models[machine]);
      writeFileSync(join(OUT, 'paths', `${machine}.json`), JSON.stringify(frozen));
      frozenCount += frozen.length;
    }
    const tests = rule ? ruleTests(rule.files) : unitTests(files);
    const report = reportName(id);
    console.log(`\n=== ${id}: ${files.join(', ')} (${rule ? 'a rule: its unit tests' : `${frozenCount} frozen paths`}; ${tests.length} unit test files)`);
    const args = ['stryker', 'run', 'stryker.config.mjs', '--mutate', files.join(',')];
    if (force) args.push('--force');
    const run = spawnSync('npx', args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        MUTATION_MACHINES: replayed.join(','),
        MUTATION_PATHS_DIR: join(OUT, 'paths'),
        MUTATION_TESTS: tests.join(','),
        MUTATION_REPORT: `reports/mutation/${report}.json`,
        MUTATION_INCREMENTAL: `machine-tests/mutation/incremental/${report}.json`,
      },
    });
    if (run.status !== 0 || !existsSync(join(OUT, `${report}.json`))) {
      console.error(`${id}: stryker failed (exit ${run.status})`);
      writeJunit(ran);
      return 2;
    }
    seconds[id] = (Date.now() - started) / 1000;
    console.log(`${id}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    ran.push(id);
    writeMutationReport([id], { quiet: true }); // after each machine: a capped run keeps what it finished
  }
  const scores = writeMutationReport(ran);
  const low = ran.filter((id) => GATED.includes(id) && scores[id] < GATE);
  if (low.length) console.error(`\nbelow ${GATE}%: ${low.join(', ')}`);
  writeJunit(ran);
  return low.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
}
