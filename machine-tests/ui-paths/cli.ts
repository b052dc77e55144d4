/**
 * `npm run test:ui-paths`: the generated edge-cover paths of the bound flows, replayed in Chromium
 * against the real server in sandbox mode; UI coverage from the app's own inspection events.
 *
 *   --machine <id>[,<id>]  only these bindings (their machines' entries in ui.json are replaced, the rest kept)
 *   --list                 print the selected paths and exit (no server, no browser)
 *   --verbose              print every path as it ends
 *   --junit <file>         also write JUnit XML: one testsuite per binding, one testcase per path
 *   --shard <k>/<n>        only the k-th of n shares of the bindings, balanced by their paths (each
 *                          share its own server and browser: CI runs two at once on its 2 cores)
 *   --concurrency <n>      replay n paths at once in one browser against one server (default 1). Each
 *                          path has its own context and its own fresh trader; a binding that touches
 *                          what every trader sees (UiBinding.alone) runs its paths one at a time.
 *   --walk <spec>          instead of the cover: a seeded walk per binding through the real pages
 *                          (random:seed=N | weighted:seed=N[,untaken=K][,weight:<event>=W], as test:model)
 *   --stop '<rule>'        with --walk: when it ends (default 'edges>=100%|length>=60'; the rule syntax of test:model)
 *                          A walk is a soak: it prints its UI coverage but leaves docs/coverage/ui.json alone.
 *
 * Writes docs/coverage/ui.json and prints the table beside the model coverage (docs/coverage/machines.json).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { describePath } from '../../machine-kit/describe';
import { machines } from '../../machines/index';
import { models } from '../../machines/models';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import { launchBrowser } from '../../scripts/lib/browser';
import { writeJUnit, type JUnitSuite } from '../../scripts/lib/junit';
import { writeReport } from '../../scripts/lib/report-file';
import { refreshSpecCoverage } from '../../scripts/spec-coverage';
import { startServer, type RunningServer } from '../../scripts/lib/server-process';
import { bindings } from './bindings/index';
import { UI_PATHS_RESEND_MS } from './bindings/two-factor-entry';
import { measure } from './collector';
import { formatUiTable, readUiCoverage, toUiCoverage, type Measured } from './report';
import { replayInBrowser, type UiPathResult } from './replay';
import { selectPaths, shareOf, walkPaths } from './select';
import { formatStop, parseStop, parseWalk, type StopRule, type WalkSpec } from '../../machine-kit/walks';
import type { UiBinding } from './types';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = resolve(ROOT, 'docs/coverage/ui.json');
const MODEL = resolve(ROOT, 'docs/coverage/machines.json');

const DEFAULT_UI_STOP = 'edges>=100%|length>=60';

function parseArgs(argv: string[]): { only?: string[]; list: boolean; verbose: boolean; junit?: string; walk?: WalkSpec; stop: StopRule; shard?: { k: number; n: number }; concurrency: number } {
  let only: string[] | undefined;
  let shard: { k: number; n: number } | undefined;
  let concurrency = 1;
  let walk: WalkSpec | undefined;
  let stop = parseStop(DEFAULT_UI_STOP);
  let list = false;
  let verbose = false;
  let junit: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--machine') only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--list') list = true;
    else if (arg === '--verbose') verbose = true;
    else if (arg === '--walk') walk = parseWalk(argv[++i] ?? '');
    else if (arg === '--stop') stop = parseStop(argv[++i] ?? '');
    else if (arg === '--concurrency') {
      concurrency = Number(argv[++i]);
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 8) throw new Error('--concurrency takes a whole number from 1 to 8');
    } else if (arg === '--shard') {
      const m = /^(\d+)\/(\d+)$/.exec(argv[++i] ?? '');
      if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new Error('--shard takes k/n, 1 <= k <= n (e.g. 1/2)');
      shard = { k: Number(m[1]), n: Number(m[2]) };
    } else if (arg === '--junit') {
      junit = argv[++i];
      if (!junit || junit.startsWith('--')) throw new Error('--junit needs a file');
      junit = resolve(junit);
    } else throw new Error(`unknown argument "${arg}" (use --machine <id>, --list, --verbose, --junit <file>, --shard <k>/<n>, --concurrency <n>, --walk <spec> [--stop <rule>])`);
  }
  if (only && !only.length) throw new Error('--machine needs a machine id');
  if (argv.includes('--stop') && !walk) throw new Error('--stop goes with --walk');
  return { only, list, verbose, junit, walk, stop, shard, concurrency };
}


function machineOf(id: string) {
  const entry = (machines as Record<string, { machine: import('xstate').AnyStateMachine }>)[id];
  if (!entry) throw new Error(`no machine "${id}" in machines/index.ts`);
  return entry.machine;
}

async function main(): Promise<number> {
  const started = Date.now();
  const { only, list, verbose, junit, walk, stop, shard, concurrency } = parseArgs(process.argv.slice(2));
  const suites: JUnitSuite[] = [];
  const chosen: UiBinding[] = only ? only.map((id) => {
    const b = bindings.find((x) => x.machine === id);
    if (!b) throw new Error(`no UI binding for "${id}" (there are: ${bindings.map((x) => x.machine).join(', ')})`);
    return b;
  }) : bindings;

  // the server starts (its own process, the other core) while the paths are generated here (~54 s
  // for all bindings): one binding at a time, the event loop let through between them so the
  // server's start (a free port, its database, the spawn, the wait until it answers) goes on
  if (!list) buildIfStale();
  // the server's resend interval shortened (sandbox only): an accepted resend waits 2 s, not 30
  const serverStart = list ? undefined : startServer({ SANDBOX_2FA_RESEND_MS: String(UI_PATHS_RESEND_MS) });
  serverStart?.catch(() => undefined);
  const planned = await guardPlanning(serverStart, () => inTurns(chosen, (binding) => {
    const model = binding.model ?? models[binding.machine as keyof typeof models];
    if (!model) throw new Error(`no model for ${binding.machine} in machines/models.ts`);
    const machine = machineOf(binding.machine);
    if (!walk) return { binding, machine, ...selectPaths(binding, model, new Set()) };
    const w = walkPaths(binding, model, walk, stop, () => performance.now());
    console.log(`${binding.machine}#walk (${walk.kind}, seed ${walk.seed}, stop ${formatStop(stop)}): ${w.length} events in ${w.generated} run(s), stopped by ${w.stoppedBy}; ${w.selected.length} run(s) to replay`);
    return { binding, machine, ...w };
  }));
  const plans = shard ? shareOf(planned, (p) => p.selected.length, shard.k, shard.n) : planned;
  if (shard) console.log(`share ${shard.k}/${shard.n}: ${plans.map((p) => p.binding.machine).join(', ')} (${plans.reduce((a, p) => a + p.selected.length, 0)} paths)`);
  if (list) {
    for (const p of plans) {
      console.log(`${p.binding.machine}: ${p.selected.length} of ${p.generated} generated paths`);
      p.selected.forEach((s, i) => console.log(`${String(i + 1).padStart(3)}. ${describePath(p.machine, s.path)}${s.cutAt ? `  (cut before step ${s.cutAt})` : ''}`));
    }
    return 0;
  }

  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const measured = new Map<string, Measured>();
  const entry = (id: string): Measured => {
    let m = measured.get(id);
    if (!m) measured.set(id, (m = { machine: machineOf(id), paths: 0, transitions: new Set(), states: new Set(), failures: [], bindings: [] }));
    return m;
  };
  try {
    server = await serverStart!;
    browser = await launchBrowser();
    const b = browser;
    const opts = { baseURL: server.url, operator: server.operatorToken };
    const results = plans.map((plan) => new Array<UiPathResult>(plan.selected.length));
    const left = plans.map((plan) => plan.selected.length);
    const began = plans.map(() => 0);
    let reported = 0;
    const report = (p: number) => {
      const plan = plans[p];
      const ids = [plan.binding.machine, ...(plan.binding.alsoMeasures ?? [])];
      for (const id of ids) entry(id).bindings.push(plan.binding);
      const suite: JUnitSuite = { name: plan.binding.machine, cases: [] };
      suites.push(suite);
      for (const [i, result] of results[p].entries()) {
        for (const id of ids) {
          const m = entry(id);
          const got = measure(result.log, m.machine);
          got.transitions.forEach((t) => m.transitions.add(t));
          got.states.forEach((s) => m.states.add(s));
          if (id === plan.binding.machine) {
            m.paths++;
            if (result.failure) m.failures.push({ path: result.line, message: result.failure });
          }
        }
        suite.cases.push({
          name: `${plan.binding.machine}#${walk ? `walk.${i + 1}` : i + 1}`,
          time: result.ms / 1000,
          output: result.line,
          ...(result.failure ? { failure: { message: result.failure } } : {}),
        });
      }
      suite.time = (Date.now() - (began[p] || Date.now())) / 1000;
      console.log(`${plan.binding.machine}: ${plan.selected.length} ${walk ? 'walk run(s)' : `paths (of ${plan.generated} generated)`} in ${suite.time.toFixed(0)} s`);
    };
    // the paths in order, `concurrency` at a time; a binding that must run alone is its own phase,
    // one path at a time with nothing beside it. Bindings are reported in order as they finish.
    const phases: number[][] = [];
    plans.forEach((plan, p) => {
      const last = phases[phases.length - 1];
      if (!plan.binding.alone && last && !plans[last[0]].binding.alone) last.push(p);
      else phases.push([p]);
    });
    for (const phase of phases) {
      // each path's exclusive name asked once (cascade's plans the path to answer)
      const jobs = phase.flatMap((p) => plans[p].selected.map(({ path }, i) => ({ p, i, path, name: plans[p].binding.exclusive?.(path) })));
      const width = plans[phase[0]].binding.alone ? 1 : concurrency;
      // a free slot takes the first job whose exclusive name no running path holds (a slot never
      // waits behind one while another binding's path could run in it); none free: it waits for a release
      const running = new Set<string>();
      let waiting: (() => void)[] = [];
      const released = () => {
        const wake = waiting;
        waiting = [];
        wake.forEach((resolve) => resolve());
      };
      const take = () => {
        const at = jobs.findIndex((job) => !job.name || !running.has(job.name));
        return at < 0 ? undefined : jobs.splice(at, 1)[0];
      };
      const worker = async () => {
        while (jobs.length) {
          const job = take();
          if (!job) {
            await new Promise<void>((resolve) => waiting.push(resolve));
            continue;
          }
          const plan = plans[job.p];
          const { path, name } = job;
          if (name) running.add(name);
          began[job.p] ||= Date.now();
          const result = await replayInBrowser(b, plan.binding, plan.machine, path, opts).finally(() => {
            if (name) running.delete(name);
            released();
          });
          results[job.p][job.i] = result;
          if (verbose || result.failure) console.log(`${result.failure ? 'FAIL' : 'ok  '} ${plan.binding.machine} ${(result.ms / 1000).toFixed(1)} s  ${result.line}${result.failure ? `\n     ${result.failure}` : ''}`);
          left[job.p]--;
          while (reported < plans.length && left[reported] === 0) report(reported++);
        }
      };
      await Promise.all(Array.from({ length: width }, worker));
    }
    while (reported < plans.length) report(reported++);
  } finally {
    await browser?.close();
    await server?.stop();
  }

  // a machine's entry is rewritten only when its own binding ran: `--machine login` measures
  // twoFactorEntry too (login invokes it) but is no whole cover of it, so its entry is kept
  const own = new Set(plans.map((p) => p.binding.machine));
  for (const id of [...measured.keys()]) if (!own.has(id)) measured.delete(id);
  const file = readUiCoverage(OUT);
  for (const [id, m] of measured) file.machines[id] = toUiCoverage(m);
  // a walk is a soak, not the cover the report records
  // spec.json reads ui.json: refreshed with it, so the committed pair never disagrees
  if (!walk && writeReport(OUT, file)) refreshSpecCoverage();

  const model = readUiCoverage(MODEL).machines as unknown as Record<string, { transitions: { total: number; covered: string[]; uncovered: string[] } }>;
  const shown = Object.fromEntries([...measured.keys()].map((id) => [id, file.machines[id]]));
  console.log(`\n${formatUiTable(shown, model)}`);
  for (const [id, m] of Object.entries(shown)) {
    // a walk passes when every run passed; its coverage is printed, not gated
    const unexplained = walk ? [] : m.transitions.uncovered.filter((t) => !m.reasons[t]);
    if (unexplained.length) console.log(`${id}: not reached through the UI and no reason: ${unexplained.join(', ')}`);
    let suite = suites.find((x) => x.name === id);
    if (!suite) suites.push((suite = { name: id, cases: [] }));
    suite.properties = { transitions: `${m.transitions.covered.length}/${m.transitions.total}`, states: `${m.states.covered.length}/${m.states.total}` };
    // coverage short of what the reasons explain fails the machine as the exit code does
    suite.cases.push({ name: `${id} UI coverage`, ...(unexplained.length ? { failure: { message: `not reached through the UI and no reason: ${unexplained.join(', ')}` } } : {}) });
  }
  if (junit) {
    writeJUnit(junit, suites, 'test:ui-paths');
    console.log(`wrote ${junit}`);
  }
  console.log(`\n${chosen.length} binding(s) in ${((Date.now() - started) / 1000).toFixed(0)} s; ${walk ? 'a walk: ui.json left as it was' : `wrote ${OUT}`}`);
  if (walk) return [...measured.values()].every((m) => !m.failures.length) ? 0 : 1;
  return Object.values(shown).every((m) => m.ok) ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (err) => {
    console.error(err instanceof Error ? err.stack ?? err.message : err);
    process.exitCode = 2;
  },
);

/** The paths generated; a generation that throws stops the server started beside it first. */
async function guardPlanning<T>(serverStart: Promise<RunningServer> | undefined, plan: () => Promise<T>): Promise<T> {
  try {
    return await plan();
  } catch (err) {
    await serverStart?.then((server) => server.stop(), () => undefined);
    throw err;
  }
}

/** `items.map(each)`, the event loop let through after each item. */
async function inTurns<T, R>(items: T[], each: (item: T) => R): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) {
    out.push(each(item));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}
