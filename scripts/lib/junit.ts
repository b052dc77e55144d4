import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * JUnit XML, the shape CI servers read (Jenkins, GitLab, GitHub test reporters): one
 * `<testsuite>` per machine, one `<testcase>` per path (model, UI) or per machine (mutation).
 * Used by `npm run test:model`, `test:ui-paths` and `test:mutation` with `--junit <file>`.
 */
export interface JUnitCase {
  name: string;
  /** defaults to the suite's name */
  classname?: string;
  /** seconds */
  time?: number;
  failure?: { message: string; details?: string };
  /** text for `<system-out>`: what the case did (its steps, what it covered) */
  output?: string;
}

export interface JUnitSuite {
  name: string;
  /** seconds */
  time?: number;
  properties?: Record<string, string | number>;
  cases: JUnitCase[];
}

/** Text safe in XML content and attributes: the five entities escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const attrs = (values: Record<string, string | number | undefined>): string =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');

const seconds = (t: number | undefined): string | undefined => (t === undefined ? undefined : t.toFixed(3));

/** The whole document: `<testsuites>` with the totals, then each suite. */
export function junitXml(suites: JUnitSuite[], name: string): string {
  const failures = (s: JUnitSuite) => s.cases.filter((c) => c.failure).length;
  const total = (f: (s: JUnitSuite) => number) => suites.reduce((sum, s) => sum + f(s), 0);
  const time = suites.some((s) => s.time !== undefined) ? suites.reduce((sum, s) => sum + (s.time ?? 0), 0) : undefined;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name, tests: total((s) => s.cases.length), failures: total(failures), errors: 0, time: seconds(time) })}>`,
  ];
  for (const suite of suites) {
    out.push(`  <testsuite${attrs({ name: suite.name, tests: suite.cases.length, failures: failures(suite), errors: 0, skipped: 0, time: seconds(suite.time) })}>`);
    const props = Object.entries(suite.properties ?? {});
    if (props.length) {
      out.push('    <properties>');
      for (const [k, v] of props) out.push(`      <property${attrs({ name: k, value: v })}/>`);
      out.push('    </properties>');
    }
    for (const c of suite.cases) {
      const head = `    <testcase${attrs({ name: c.name, classname: c.classname ?? suite.name, time: seconds(c.time) })}`;
      if (!c.failure && c.output === undefined) {
        out.push(`${head}/>`);
        continue;
      }
      out.push(`${head}>`);
      if (c.failure) out.push(`      <failure${attrs({ message: c.failure.message, type: 'AssertionError' })}>${escapeXml(c.failure.details ?? c.failure.message)}</failure>`);
      if (c.output !== undefined) out.push(`      <system-out>${escapeXml(c.output)}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

/** writes the document (creating its folder) */
export function writeJUnit(file: string, suites: JUnitSuite[], name: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, junitXml(suites, name));
}

/** the part of docs/coverage/mutation.json a JUnit report reads */
interface MutationEntry {
  score: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  total: number;
  survivors: Array<{ file: string; line: number; mutator: string; replacement: string; reason?: string }>;
}

/**
 * `test:mutation --junit`: one testsuite, one testcase per machine or rule run, with its score and
 * survivors; a gated one below the gate fails (as the exit code does).
 */
export function mutationSuites(
  entries: Record<string, MutationEntry>,
  options: { gated: string[]; gate: number; seconds?: Record<string, number> },
): JUnitSuite[] {
  const cases: JUnitCase[] = Object.entries(entries).map(([id, m]) => {
    const survivors = m.survivors.map((s) => `  ${s.file}:${s.line} ${s.mutator} → ${s.replacement}${s.reason ? `  (${s.reason})` : '  (no reason written)'}`);
    const summary = `score ${m.score.toFixed(1)}%: killed ${m.killed}, timeout ${m.timeout}, survived ${m.survived}, no coverage ${m.noCoverage}, of ${m.total}`;
    const output = [summary, ...(survivors.length ? [`survivors (${survivors.length}):`, ...survivors] : [])].join('\n');
    const low = options.gated.includes(id) && m.score < options.gate;
    return {
      name: `${id} (${m.score.toFixed(1)}%)`,
      classname: 'mutation',
      time: options.seconds?.[id],
      output,
      ...(low ? { failure: { message: `${id}: mutation score ${m.score.toFixed(1)}% is below ${options.gate}%`, details: output } } : {}),
    };
  });
  return [{ name: 'mutation', cases, time: options.seconds ? Object.values(options.seconds).reduce((a, b) => a + b, 0) : undefined }];
}
