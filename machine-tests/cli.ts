/**
 * `npm run test:model`: generated paths over every machine of machines/index.ts, replayed on real
 * actors, with the coverage they measured (docs/explorer.md, "Generated paths").
 *
 *   --machine <id>[,<id>…]         only these machines; prints the paths that cover every edge
 *   --verbose                      print every path, each with what it adds to the ones before it
 *   --path <machine>#<n>[,…]       replay exactly that path and print its steps (names as printed)
 *   --paths shortest|edge|simple|cover   path sets, comma separated (default: shortest,edge; cover: the
 *                                  fewest of those that reach what they reach, as `npm test` replays)
 *   --walk random:seed=N | weighted:seed=N[,untaken=K][,weight:<event type>=W]
 *   --stop '<rule>'                with --walk: edges>=N% | states>=N% | length>=N | reached=<state id> |
 *                                  time>=N(ms|s|m), joined by | (or) and & (and); default edges>=100%|length>=1000
 *   --junit <file>                 JUnit XML: one testsuite per machine, one testcase per path
 *   --html <file>                  the coverage as one self-contained HTML page
 *   --diff [<ref>]                 compare with docs/coverage/machines.json at <ref> (default: CI_BASE_SHA,
 *                                  else origin/main, else the merge base with main, else HEAD~1); exit 1 when
 *                                  a machine still there lost a transition
 *   --explorer <url>               the explorer's address for the links (default http://127.0.0.1:3000/explorer/)
 *   --json                         print the coverage JSON instead of the table
 *
 * Writes docs/coverage/machines.json only on the whole default run (every machine, shortest+edge).
 */
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machines } from '../machines/index';
import { models } from '../machines/models';
import { diffCoverage, formatDiff, type CoverageSnapshot } from '../machine-kit/coverage-diff';
import { countCoverage, CoverageRecorder } from '../machine-kit/coverage';
import { describePath, describeStep } from '../machine-kit/describe';
import { infeasibleStep } from '../machine-kit/feasibility';
import { inventory } from '../machine-kit/inventory';
import { additions, formatAdded, minimalCover, parsePathName, StepRecorder } from '../machine-kit/path-cover';
import { runRegistry } from '../machine-kit/registry';
import { replayPath } from '../machine-kit/replay';
import { formatProblems, formatTable, toCoverageFile } from '../machine-kit/report';
import { DEFAULT_SETS, isGreen } from '../machine-kit/run';
import { formatValue } from '../machine-kit/serialize';
import { traverse } from '../machine-kit/traversal';
import type { MachineModel, MachineReport, PathResult, PathSetName } from '../machine-kit/types';
import { formatStop, parseStop, parseWalk, walk, type StopRule, type WalkSpec } from '../machine-kit/walks';
import { writeModelCoverageHtml } from '../scripts/lib/coverage-html';
import { writeJUnit, type JUnitSuite } from '../scripts/lib/junit';
import { writeReport } from '../scripts/lib/report-file';
import { refreshSpecCoverage } from '../scripts/spec-coverage';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = resolve(ROOT, 'docs/coverage/machines.json');
const SETS: PathSetName[] = ['shortest', 'edge', 'simple', 'cover'];
const DEFAULT_STOP = 'edges>=100%|length>=1000';
const USAGE = 'use --machine <id>[,<id>], --verbose, --path <machine>#<n>, --paths shortest|edge|simple|cover, --walk <spec> [--stop <rule>], --junit <file>, --html <file>, --diff [<ref>], --explorer <url>, --json';

interface Args {
  only?: string[];
  sets: PathSetName[];
  json: boolean;
  verbose: boolean;
  pathNames?: string[];
  walk?: WalkSpec;
  stop: StopRule;
  junit?: string;
  html?: string;
  diff?: string | true;
  explorer: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { sets: DEFAULT_SETS, json: false, verbose: false, stop: parseStop(DEFAULT_STOP), explorer: 'http://127.0.0.1:3000/explorer/' };
  const value = (i: number, flag: string): string => {
    const v = argv[i];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value (${USAGE})`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') args.json = true;
    else if (arg === '--verbose') args.verbose = true;
    else if (arg === '--machine') args.only = value(++i, arg).split(',').map((s) => s.trim()).filter(Boolean);
    else if (arg === '--path') args.pathNames = value(++i, arg).split(',').map((s) => s.trim()).filter(Boolean);
    else if (arg === '--walk') args.walk = parseWalk(value(++i, arg));
    else if (arg === '--stop') args.stop = parseStop(value(++i, arg));
    else if (arg === '--junit') args.junit = resolve(value(++i, arg));
    else if (arg === '--html') args.html = resolve(value(++i, arg));
    else if (arg === '--explorer') args.explorer = value(++i, arg);
    else if (arg === '--diff') args.diff = argv[i + 1] !== undefined && !argv[i + 1].startsWith('--') ? argv[++i] : true;
    else if (arg === '--paths') {
      const names = (argv[++i] ?? '').split(/[,+]/).filter(Boolean);
      const bad = names.filter((n) => !SETS.includes(n as PathSetName));
      if (!names.length || bad.length) throw new Error(`--paths takes ${SETS.join('|')} (comma separated), got "${argv[i]}"`);
      args.sets = names as PathSetName[];
    } else throw new Error(`unknown argument "${arg}" (${USAGE})`);
  }
  if (args.only && !args.only.length) throw new Error('--machine needs a machine id');
  if (argv.includes('--stop') && !args.walk) throw new Error('--stop goes with --walk');
  return args;
}

const registered = machines as Record<string, { machine: import('xstate').AnyStateMachine }>;
const modelOf = (id: string): MachineModel | undefined => (models as Record<string, MachineModel>)[id];

function checkIds(ids: string[]): void {
  const unknown = ids.filter((id) => !(id in registered));
  if (unknown.length) throw new Error(`no machine ${unknown.map((u) => `"${u}"`).join(', ')} in machines/index.ts (there are: ${Object.keys(registered).join(', ')})`);
}

const explorerUrl = (base: string, id: string, target: string): string =>
  `${base.replace(/#.*$/, '').replace(/\/?$/, '/')}#/m/${encodeURIComponent(id)}/path/${encodeURIComponent(target)}`;

/** `--path cascade#17`: the machine's paths generated as the run names them, that one replayed alone, its steps printed. */
function runOnePath(name: string, args: Args): { ok: boolean; report?: MachineReport } {
  const parsed = parsePathName(name);
  if (!parsed) throw new Error(`--path takes <machine>#<n> (e.g. cascade#17), got "${name}"`);
  checkIds([parsed.machine]);
  let total = 0;
  const [report] = runRegistry(registered, models, {
    sets: args.sets,
    only: [parsed.machine],
    paths: (generated) => {
      total = generated.length;
      return generated.slice(parsed.n - 1, parsed.n);
    },
  });
  const model = modelOf(parsed.machine);
  const result = report.results?.[0];
  if (!model || !result) {
    console.error(`${name}: ${model ? `no such path: ${parsed.machine} has ${total} paths (${args.sets.join('+')})` : report.errors.join('; ')}`);
    return { ok: false };
  }
  result.name = name;
  const recorder = new StepRecorder();
  const failure = replayPath(model, result.path, recorder);
  const path = result.path;
  const out = [`${name}  (${path.set} set, ${path.steps.length - 1} events${model.inputs ? `, input ${JSON.stringify(path.input)}` : ''})`];
  const aligned = recorder.steps.length === path.steps.length;
  for (let i = 0; i < path.steps.length; i++) {
    const text = i === 0 ? 'start' : describeStep(model.machine, path, i);
    const state = path.steps[i].state;
    out.push(`  ${String(i).padStart(3)}. ${text}  →  ${formatValue(state.value)}${state.status === 'active' ? '' : ` [${state.status}]`}`);
    if (aligned && recorder.steps[i].length) out.push(`       takes ${recorder.steps[i].join(', ')}`);
    if (failure?.step === i) out.push(`       FAILED: ${failure.message}`);
  }
  if (failure && failure.step < 0) out.push(`  FAILED: ${failure.message}`);
  out.push(`  covers ${recorder.transitions.size} transitions, ${recorder.states.size} states; ${failure ? 'did NOT replay' : 'replayed: every snapshot as the model expects'}`);
  const lastTaken = aligned ? [...recorder.steps].reverse().find((s) => s.length)?.at(-1) : undefined;
  const end = path.steps[path.steps.length - 1].state;
  const deepest = [...end._nodes].sort((a, b) => b.id.split('.').length - a.id.split('.').length)[0]?.id;
  const target = lastTaken ?? deepest ?? model.machine.id;
  out.push(
    `  explorer: ${explorerUrl(args.explorer, parsed.machine, target)}`,
    `    (path mode, the shortest path to its ${lastTaken ? 'last transition' : 'end state'}; "Replay in step mode" steps it there)`,
  );
  console.log(out.join('\n'));
  return { ok: !failure, report };
}

/** `--walk`: per machine, one walk over the model's inputs until the stop rule holds, replayed on real actors. */
function runWalks(ids: string[], args: Args): { ok: boolean; reports: MachineReport[] } {
  const reports: MachineReport[] = [];
  let ok = true;
  for (const id of ids) {
    const model = modelOf(id);
    if (!model) {
      console.error(`${id}: no model in machines/models.ts`);
      ok = false;
      continue;
    }
    const started = performance.now();
    const w = walk((model.inputs ?? [model.input]).map((input) => traverse(model, input)), args.walk!, { stop: args.stop, now: () => performance.now() });
    const recorder = new CoverageRecorder();
    const results: PathResult[] = w.paths.map((path, i) => {
      const own = new CoverageRecorder();
      const infeasible = infeasibleStep(model, path);
      const failure = infeasible ? { step: infeasible.step, message: `infeasible: ${infeasible.message}` } : replayPath(model, path, own);
      own.states.forEach((x) => recorder.states.add(x));
      own.transitions.forEach((x) => recorder.transitions.add(x));
      const line = (model.inputs ? `[input ${JSON.stringify(path.input)}] ` : '') + describePath(model.machine, path);
      return { path, line, failure, name: `${id}#walk.${i + 1}`, states: [...own.states], transitions: [...own.transitions] };
    });
    const inv = inventory(model.machine);
    const states = countCoverage(inv.states, recorder.states);
    const transitions = countCoverage(inv.transitions, recorder.transitions);
    const failures = results.filter((r) => r.failure);
    const ms = performance.now() - started;
    const feasibility = { infeasible: [], droppedOutcomes: 0, before: 0 };
    reports.push({ id, paths: results.length, pathSets: [], states, transitions, failures, errors: [], warnings: [], feasibility, lines: results.map((r) => r.line), results, ms });
    const { kind, seed } = args.walk!;
    console.log(
      `${id}#walk (${kind}, seed ${seed}, stop ${formatStop(args.stop)}): ${w.length} events in ${w.paths.length} run(s), stopped by ${w.stoppedBy}; ` +
        `replayed: transitions ${transitions.covered.length}/${transitions.total}, states ${states.covered.length}/${states.total}; ` +
        `${failures.length ? `${failures.length} FAILED` : 'ok'} (${ms.toFixed(0)} ms)`,
    );
    for (const r of results) {
      if (args.verbose) console.log(`  ${r.name}  ${r.line}`);
      if (r.failure) console.log(`  ${r.name} FAILED: ${r.failure.message}`);
    }
    if (failures.length) ok = false;
  }
  return { ok, reports };
}

/** prints each machine's covering set (or every path with --verbose), each with what it adds */
function printPaths(reports: MachineReport[], verbose: boolean): void {
  for (const r of reports) {
    const results = r.results ?? [];
    const shown = verbose ? results : minimalCover(results);
    const added = additions(shown);
    console.log(`\n${r.id}: ${verbose ? `${results.length} paths, each with what it adds to the ones above` : `${shown.length} paths cover every edge (of ${results.length} generated)`}`);
    shown.forEach((p, i) => {
      console.log(`  ${(p.name ?? '').padEnd(r.id.length + 5)} ${p.line}${p.failure ? '  FAILED' : ''}`);
      console.log(`  ${' '.repeat(r.id.length + 5)}   ${formatAdded(added[i])}`);
    });
  }
}

function junitSuites(reports: MachineReport[]): JUnitSuite[] {
  return reports.map((r) => ({
    name: r.id,
    time: r.ms / 1000,
    properties: { states: `${r.states.covered.length}/${r.states.total}`, transitions: `${r.transitions.covered.length}/${r.transitions.total}` },
    cases: [
      ...(r.results ?? []).map((p) => ({
        name: p.name ?? p.line,
        output: p.line,
        ...(p.failure ? { failure: { message: p.failure.message } } : {}),
      })),
      // what is not a path failure still fails the machine: its own case
      ...(isGreen(r) || r.failures.length
        ? []
        : [{ name: `${r.id} coverage`, failure: { message: [...r.errors, ...(r.states.uncovered.length ? [`states not covered: ${r.states.uncovered.join(', ')}`] : []), ...(r.transitions.uncovered.length ? [`transitions not covered: ${r.transitions.uncovered.join(', ')}`] : [])].join('\n') || 'not green' } }]),
    ],
  }));
}

function git(...argv: string[]): string | undefined {
  try {
    return execFileSync('git', argv, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

function defaultRef(): string | undefined {
  if (process.env.CI_BASE_SHA) return process.env.CI_BASE_SHA;
  if (git('rev-parse', '-q', '--verify', 'origin/main^{commit}')) return 'origin/main';
  const head = git('rev-parse', 'HEAD');
  const base = git('merge-base', 'HEAD', 'main');
  if (base && base !== head) return base;
  return git('rev-parse', '-q', '--verify', 'HEAD~1^{commit}') ? 'HEAD~1' : undefined;
}

/** prints the diff; false when a machine still there lost a transition */
function printDiff(reports: MachineReport[], args: Args): boolean {
  const ref = args.diff === true ? defaultRef() : args.diff;
  if (!ref) {
    console.log('\n--diff: no git history to compare with');
    return true;
  }
  const old = git('show', `${ref}:docs/coverage/machines.json`);
  if (old === undefined) {
    console.log(`\n--diff: no docs/coverage/machines.json at ${ref}: nothing to compare`);
    return true;
  }
  const diff = diffCoverage(JSON.parse(old) as CoverageSnapshot, toCoverageFile(reports), args.only);
  console.log(`\n${formatDiff(diff, ref)}`);
  return !diff.failing;
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  if (args.only) checkIds(args.only);

  if (args.pathNames) {
    const runs = args.pathNames.map((n) => runOnePath(n, args));
    const reports = runs.flatMap((r) => (r.report ? [r.report] : []));
    if (args.junit) writeJUnit(args.junit, junitSuites(reports), 'test:model --path');
    return runs.every((r) => r.ok) ? 0 : 1;
  }

  if (args.walk) {
    const { ok, reports } = runWalks(args.only ?? Object.keys(registered), args);
    if (args.junit) writeJUnit(args.junit, junitSuites(reports), 'test:model --walk');
    return ok ? 0 : 1;
  }

  const { sets, json } = args;
  const reports = runRegistry(registered, models, { sets, only: args.only });
  const now = new Date();
  const file = toCoverageFile(reports, now);
  const full = args.only === undefined && sets.join() === DEFAULT_SETS.join();
  const wrote = full && writeReport(OUT, file);
  // spec.json reads machines.json: refreshed with it, so the committed pair never disagrees
  if (wrote) refreshSpecCoverage();
  if (json) {
    console.log(JSON.stringify(file, null, 2));
  } else {
    if (args.only !== undefined || args.verbose) printPaths(reports, args.verbose);
    console.log(`\n${reports.length ? formatTable(reports) : 'no machines in machines/index.ts'}`);
    const problems = formatProblems(reports);
    if (problems) console.log(`\n${problems}`);
    if (args.only === undefined && !args.verbose) {
      const generated = reports.reduce((sum, r) => sum + r.paths, 0);
      const covering = reports.reduce((sum, r) => sum + minimalCover(r.results ?? []).length, 0);
      console.log(`\n${covering} paths cover every edge of every machine (of ${generated} replayed); --machine <id> lists them`);
    }
    const ms = reports.reduce((sum, r) => sum + r.ms, 0);
    console.log(`\n${reports.length} machine(s), paths: ${sets.join('+')}, ${ms.toFixed(0)} ms${wrote ? `; wrote ${OUT}` : full ? `; ${OUT} unchanged` : ''}`);
  }
  if (args.junit) {
    writeJUnit(args.junit, junitSuites(reports), 'test:model');
    console.log(`wrote ${args.junit}`);
  }
  if (args.html) {
    writeModelCoverageHtml(args.html, reports, now.toISOString());
    console.log(`wrote ${args.html}`);
  }
  const diffOk = args.diff === undefined || printDiff(reports, args);
  return reports.every(isGreen) && diffOk ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
}
