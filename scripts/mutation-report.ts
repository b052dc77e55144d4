/**
 * Stryker's JSON reports (reports/mutation/<id>.json, written by `npm run test:mutation`) →
 * docs/coverage/mutation.json (the shape the explorer reads) and a table.
 *
 *   npx tsx scripts/mutation-report.ts          every report in reports/mutation/
 *
 * Machines not in this run keep their previous entry. A survivor's reason comes from
 * machines/mutation-reasons.json, keyed "<file>:<line>:<mutator>" (why the mutant is equivalent or
 * cannot be observed).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MachineMutation, MutationFile, MutationSurvivor } from '../machine-kit/coverage-files';
import { writeReport } from './lib/report-file';
import { refreshSpecCoverage } from './spec-coverage';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = join(ROOT, 'reports/mutation');
const OUT = join(ROOT, 'docs/coverage/mutation.json');
const REASONS = join(ROOT, 'machines/mutation-reasons.json');
/** the goal per machine */
export const GATE = 80;

export type { MachineMutation, MutationFile } from '../machine-kit/coverage-files';

interface StrykerMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
}
interface StrykerReport {
  files: Record<string, { mutants: StrykerMutant[] }>;
}

/** one machine's Stryker report in the shape the explorer reads; score = (killed + timeout) / (killed + timeout + survived + noCoverage) */
export function summarise(report: StrykerReport, reasons: Record<string, string>): MachineMutation {
  const m: MachineMutation = { score: 0, killed: 0, survived: 0, noCoverage: 0, timeout: 0, total: 0, survivors: [] };
  for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const mutant of [...mutants].sort((a, b) => a.location.start.line - b.location.start.line)) {
      if (mutant.status === 'Killed') m.killed++;
      else if (mutant.status === 'Timeout') m.timeout++;
      else if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
        if (mutant.status === 'Survived') m.survived++;
        else m.noCoverage++;
        const line = mutant.location.start.line;
        const key = `${file}:${line}:${mutant.mutatorName}`;
        const survivor: MutationSurvivor = { file, line, mutator: mutant.mutatorName, replacement: (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 160) };
        if (reasons[key]) survivor.reason = reasons[key];
        m.survivors.push(survivor);
      } else continue; // CompileError, RuntimeError, Ignored: not counted (Stryker's own score leaves them out)
      m.total++;
    }
  }
  m.score = m.total ? Math.round(((m.killed + m.timeout) / m.total) * 1000) / 10 : 100;
  return m;
}

export function formatTable(file: MutationFile, ids = [...Object.keys(file.machines), ...Object.keys(file.rules ?? {})]): string {
  const head = ['machine or rule', 'score', 'killed', 'timeout', 'survived', 'no cov', 'total', 'explained'];
  const rows = ids.map((id) => {
    const m = (id.startsWith('core:') ? file.rules?.[id] : file.machines[id])!;
    return [id, `${m.score.toFixed(1)}%${m.score < GATE ? ' <' : ''}`, m.killed, m.timeout, m.survived, m.noCoverage, m.total, m.survivors.filter((s) => s.reason).length].map(String);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [fmt(head), ...rows.map(fmt)].join('\n');
}

/** Reads the reports of `ids` (default: every report there is), updates docs/coverage/mutation.json, prints the table; the scores. */
export function writeMutationReport(ids?: string[], options: { quiet?: boolean } = {}): Record<string, number> {
  // a rule's report is reports/mutation/core-<rule>.json (no colon in a file name), its id core:<rule>
  const available = existsSync(REPORTS) ? readdirSync(REPORTS).filter((f) => f.endsWith('.json') && !f.endsWith('.incremental.json')).map((f) => f.slice(0, -5).replace(/^core-/, 'core:')) : [];
  const chosen = ids ?? available;
  const reasons = existsSync(REASONS) ? (JSON.parse(readFileSync(REASONS, 'utf8')) as Record<string, string>) : {};
  const previous: MutationFile = existsSync(OUT) ? (JSON.parse(readFileSync(OUT, 'utf8')) as MutationFile) : { generatedAt: '', machines: {} };
  const machines = { ...previous.machines };
  const rules = { ...previous.rules };
  for (const id of chosen) {
    const summary = summarise(JSON.parse(readFileSync(join(REPORTS, `${id.replace(':', '-')}.json`), 'utf8')) as StrykerReport, reasons);
    if (id.startsWith('core:')) rules[id] = summary;
    else machines[id] = summary;
  }
  const sortedOf = (r: Record<string, MachineMutation>) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)));
  const file: MutationFile = { generatedAt: previous.generatedAt, machines: sortedOf(machines), rules: sortedOf(rules) };
  // spec.json reads mutation.json: refreshed with it, so the committed pair never disagrees
  if (writeReport(OUT, file)) refreshSpecCoverage();
  const entry = (id: string): MachineMutation => (id.startsWith('core:') ? file.rules![id]! : file.machines[id]!);
  if (options.quiet) return Object.fromEntries(chosen.map((id) => [id, entry(id).score]));
  console.log(`\n${formatTable(file)}\n\nwrote ${OUT}`);
  for (const id of chosen) {
    const open = entry(id).survivors.filter((s) => !s.reason);
    if (open.length) console.log(`\n${id}: ${open.length} survivor(s) without a reason:\n${open.map((s) => `  ${s.file}:${s.line} ${s.mutator} → ${s.replacement}`).join('\n')}`);
  }
  return Object.fromEntries(chosen.map((id) => [id, entry(id).score]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeMutationReport();
}
