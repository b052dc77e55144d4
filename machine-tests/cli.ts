/**
 * `npm run test:model`: generated paths over every machine of machines/index.ts, replayed on real
 * actors, with the coverage they measured.
 *
 *   --machine <id>                 only that machine, and print every path
 *   --paths shortest|edge|simple|cover   path sets, comma separated (default: shortest,edge; cover: the
 *                                  fewest of those that reach what they reach, as `npm test` replays)
 *   --json                         print the coverage JSON instead of the table
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machines } from '../machines/index';
import { models } from '../machines/models';
import { runRegistry } from '../machine-kit/registry';
import { formatProblems, formatTable, toCoverageFile } from '../machine-kit/report';
import { DEFAULT_SETS, isGreen } from '../machine-kit/run';
import type { PathSetName } from '../machine-kit/types';
import { writeReport } from '../scripts/lib/report-file';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../docs/coverage/machines.json');
const SETS: PathSetName[] = ['shortest', 'edge', 'simple', 'cover'];

function parseArgs(argv: string[]): { only?: string; sets: PathSetName[]; json: boolean } {
  let only: string | undefined;
  let sets = DEFAULT_SETS;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--machine') only = argv[++i];
    else if (arg === '--paths') {
      const names = (argv[++i] ?? '').split(/[,+]/).filter(Boolean);
      const bad = names.filter((n) => !SETS.includes(n as PathSetName));
      if (!names.length || bad.length) throw new Error(`--paths takes ${SETS.join('|')} (comma separated), got "${argv[i]}"`);
      sets = names as PathSetName[];
    } else throw new Error(`unknown argument "${arg}" (use --machine <id>, --paths shortest|edge|simple|cover, --json)`);
  }
  if (argv.includes('--machine') && !only) throw new Error('--machine needs a machine id');
  return { only, sets, json };
}

function main(): number {
  const { only, sets, json } = parseArgs(process.argv.slice(2));
  if (only !== undefined && !(only in machines)) {
    console.error(`no machine "${only}" in machines/index.ts (there are: ${Object.keys(machines).join(', ') || 'none'})`);
    return 2;
  }
  const reports = runRegistry(machines, models, { sets, only });
  const file = toCoverageFile(reports);
  const full = only === undefined && sets.join() === DEFAULT_SETS.join();
  const wrote = full && writeReport(OUT, file);
  if (json) {
    console.log(JSON.stringify(file, null, 2));
  } else {
    if (only !== undefined) for (const r of reports) r.lines.forEach((line, i) => console.log(`${String(i + 1).padStart(3)}. ${line}`));
    console.log(`\n${reports.length ? formatTable(reports) : 'no machines in machines/index.ts'}`);
    const problems = formatProblems(reports);
    if (problems) console.log(`\n${problems}`);
    const ms = reports.reduce((sum, r) => sum + r.ms, 0);
    console.log(`\n${reports.length} machine(s), paths: ${sets.join('+')}, ${ms.toFixed(0)} ms${wrote ? `; wrote ${OUT}` : full ? `; ${OUT} unchanged` : ''}`);
  }
  return reports.every(isGreen) ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 2;
}
