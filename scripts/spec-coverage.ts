/**
 * `npm run spec-coverage`: docs/coverage/spec.json and spec.md, the specification's rules
 * (machines/spec-rules.ts) against the machines' `meta.spec` tags and the three coverage reports.
 * Rewrites a file only when what it says changed. `--check` writes nothing and fails when a file
 * is not current (scripts/spec-coverage.test.ts does the same).
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { AnyStateMachine } from 'xstate';
import type { CoverageCount } from '../machine-kit/types';
import type { MutationFile, UiCoverageFile } from '../machine-kit/coverage-files';
import { allStateNodes, isInert, transitionId } from '../machine-kit/inventory';
import type { MutationMark, SpecCoverageFile, SpecRuleCoverage, SpecTag, UiMark } from '../machine-kit/spec-coverage-file';
import { machines } from '../machines/index';
import { MUST_TAG, readSpecMeta, SPEC_DEVIATIONS, SPEC_FILES, SPEC_RULES, SPEC_SECTIONS } from '../machines/spec-rules';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const COVERAGE = join(ROOT, 'docs/coverage');

export const METHOD: SpecCoverageFile['method'] = {
  model: 'docs/coverage/machines.json (npm run test:model): the tagged transition (or state) is in the machine\'s covered list.',
  ui: "docs/coverage/ui.json (npm run test:ui-paths): covered through the real page, or the reason the UI cannot cause it; 'unmeasured' when the machine has no UI paths.",
  mutation:
    "docs/coverage/mutation.json (npm run test:mutation): the lines of the tagged transition (or state) in the machine's file, plus the lines of the guards and actions it names in that file's setup(), are located in the source; 'killed' when the machine has a score and no surviving mutant is on those lines, 'equivalent' when every survivor there has a written reason, 'survived' otherwise. Rules that live in core/ (classify, the stack, the tiers) are measured there, not on the transition.",
};

type MachineCoverage = { states: CoverageCount; transitions: CoverageCount };

interface Loaded {
  machines: Record<string, MachineCoverage>;
  ui: UiCoverageFile['machines'];
  mutation: MutationFile['machines'];
}

const readJson = <T>(name: string): T | undefined => {
  const file = join(COVERAGE, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
};

function loadReports(): Loaded {
  return {
    machines: readJson<{ machines: Record<string, MachineCoverage> }>('machines.json')?.machines ?? {},
    ui: readJson<UiCoverageFile>('ui.json')?.machines ?? {},
    mutation: readJson<MutationFile>('mutation.json')?.machines ?? {},
  };
}

// ---------------------------------------------------------------- where a state or transition is written

type Range = [number, number];

interface SourceIndex {
  file: string;
  sf: ts.SourceFile;
  /** state id → its config object */
  states: Map<string, ts.ObjectLiteralExpression>;
  /** guard or action name in setup() → its definition */
  implementations: Map<string, ts.Node>;
}

const propName = (p: ts.ObjectLiteralElementLike): string | undefined => {
  if (!p.name) return undefined;
  if (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name)) return p.name.text;
  return undefined;
};
const prop = (o: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined => {
  for (const p of o.properties) if (propName(p) === name && ts.isPropertyAssignment(p)) return p.initializer;
  return undefined;
};
const stringOf = (e: ts.Expression | undefined): string | undefined => (e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) ? e.text : undefined);

function walkFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walkFiles(full, out);
    else if (entry.name.endsWith('.machine.ts')) out.push(full);
  }
  return out;
}

let indexCache: Map<string, SourceIndex> | undefined;

/** machine id → where its config is written (every machines/**\/*.machine.ts with `createMachine({ id: '…' })`) */
function sourceIndex(): Map<string, SourceIndex> {
  if (indexCache) return indexCache;
  const out = new Map<string, SourceIndex>();
  for (const full of walkFiles(join(ROOT, 'machines'))) {
    const text = readFileSync(full, 'utf8');
    const sf = ts.createSourceFile(full, text, ts.ScriptTarget.Latest, true);
    const implementations = new Map<string, ts.Node>();
    const configs: ts.ObjectLiteralExpression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'createMachine' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
        configs.push(node.arguments[0]);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'setup' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
        for (const kind of ['guards', 'actions']) {
          const table = prop(node.arguments[0], kind);
          if (table && ts.isObjectLiteralExpression(table)) for (const p of table.properties) if (propName(p)) implementations.set(propName(p)!, p);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    for (const config of configs) {
      const id = stringOf(prop(config, 'id'));
      if (!id) continue;
      const states = new Map<string, ts.ObjectLiteralExpression>([[id, config]]);
      const walk = (node: ts.ObjectLiteralExpression, nodeId: string): void => {
        const children = prop(node, 'states');
        if (!children || !ts.isObjectLiteralExpression(children)) return;
        for (const p of children.properties) {
          const key = propName(p);
          if (!key || !ts.isPropertyAssignment(p) || !ts.isObjectLiteralExpression(p.initializer)) continue;
          const childId = stringOf(prop(p.initializer, 'id')) ?? `${nodeId}.${key}`;
          states.set(childId, p.initializer);
          walk(p.initializer, childId);
        }
      };
      walk(config, id);
      out.set(id, { file: relative(ROOT, full), sf, states, implementations });
    }
  }
  indexCache = out;
  return out;
}

const lineOf = (sf: ts.SourceFile, pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
const rangeOf = (sf: ts.SourceFile, node: ts.Node): Range => [lineOf(sf, node.getStart(sf)), lineOf(sf, node.getEnd())];

/** the `index`th alternative of a transition value (an array, or one object or string) */
const alternative = (value: ts.Expression | undefined, index: number): ts.Expression | undefined => {
  if (!value) return undefined;
  if (ts.isArrayLiteralExpression(value)) return value.elements[index];
  return index === 0 ? value : undefined;
};

/** where the transition `<stateId>:<event>:<index>` is written, or undefined */
function transitionNode(src: SourceIndex, stateId: string, event: string, index: number): ts.Expression | undefined {
  const state = src.states.get(stateId);
  if (!state) return undefined;
  if (event === 'always') return alternative(prop(state, 'always'), index);
  if (event.startsWith('xstate.after.')) {
    const delay = event.slice('xstate.after.'.length, event.length - stateId.length - 1);
    const after = prop(state, 'after');
    return after && ts.isObjectLiteralExpression(after) ? alternative(prop(after, delay), index) : undefined;
  }
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event);
  if (done) {
    const invoke = prop(state, 'invoke');
    const list = invoke ? (ts.isArrayLiteralExpression(invoke) ? [...invoke.elements] : [invoke]) : [];
    const key = done[1] === 'done' ? 'onDone' : 'onError';
    for (const [i, inv] of list.entries()) {
      if (!ts.isObjectLiteralExpression(inv)) continue;
      const id = stringOf(prop(inv, 'id')) ?? `${i}.${stateId}`;
      if (id === done[2]) return alternative(prop(inv, key), index);
    }
    return undefined;
  }
  const on = prop(state, 'on');
  return on && ts.isObjectLiteralExpression(on) ? alternative(prop(on, event), index) : undefined;
}

/** the guard and action names a transition's config names */
function namedImplementations(node: ts.Node): string[] {
  const names: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAssignment(n)) {
      const key = propName(n);
      if (key === 'guard' || key === 'type' || key === 'actions') {
        const s = stringOf(n.initializer);
        if (s) names.push(s);
        if (key === 'actions' && ts.isArrayLiteralExpression(n.initializer)) for (const e of n.initializer.elements) if (stringOf(e)) names.push(stringOf(e)!);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

function linesOf(machine: string, kind: 'state' | 'transition', id: string): { file: string; ranges: Range[] } | undefined {
  const src = sourceIndex().get(machine);
  if (!src) return undefined;
  let node: ts.Node | undefined;
  if (kind === 'state') node = src.states.get(id);
  else {
    const m = /^(.*):([^:]+):(\d+)$/.exec(id);
    if (m) node = transitionNode(src, m[1], m[2], Number(m[3]));
  }
  if (!node) return undefined;
  const ranges: Range[] = [rangeOf(src.sf, node)];
  if (kind === 'transition') {
    for (const name of namedImplementations(node)) {
      const impl = src.implementations.get(name);
      if (impl) ranges.push(rangeOf(src.sf, impl));
    }
  }
  return { file: src.file, ranges };
}

const rangesText = (ranges: Range[]) =>
  [...new Map(ranges.map((r) => [`${r[0]}-${r[1]}`, r])).values()]
    .sort((a, b) => a[0] - b[0])
    .map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`))
    .join(', ');

// ---------------------------------------------------------------- the report

interface Found {
  machine: string;
  kind: 'state' | 'transition';
  id: string;
  spec: string[];
  deviation: string[];
  /** a transition's target state ids */
  to?: string[];
}

/** every tagged state and transition of every registered machine (a machine invoked by several is listed once, under its own id) */
export function collectTags(registry: Record<string, { machine: AnyStateMachine }> = machines): Found[] {
  const out: Found[] = [];
  const seen = new Set<AnyStateMachine>();
  for (const [name, { machine }] of Object.entries(registry)) {
    if (seen.has(machine)) continue;
    seen.add(machine);
    for (const node of allStateNodes(machine)) {
      const s = readSpecMeta(node.meta);
      if (s.spec.length || s.deviation.length) out.push({ machine: name, kind: 'state', id: node.id, ...s });
      const defs = [...node.transitions.values()].flat().concat(node.always ?? []);
      for (const t of defs) {
        if (isInert(t)) continue;
        const m = readSpecMeta((t as { meta?: unknown }).meta);
        if (m.spec.length || m.deviation.length) out.push({ machine: name, kind: 'transition', id: transitionId(t), ...m, to: (t.target ?? []).map((s) => s.id) });
      }
    }
  }
  return out;
}

function uiMark(reports: Loaded, f: Found): { ui: UiMark; uiReason?: string } {
  const ui = reports.ui[f.machine];
  if (!ui) return { ui: 'unmeasured' };
  const list = f.kind === 'state' ? ui.states.covered : ui.transitions.covered;
  if (list.includes(f.id)) return { ui: 'covered' };
  const reason = ui.reasons?.[f.id];
  return reason ? { ui: 'reason', uiReason: reason } : { ui: 'uncovered' };
}

function mutationMark(reports: Loaded, f: Found, where: { file: string; ranges: Range[] } | undefined): { mutation: MutationMark; survivors?: string[] } {
  const m = reports.mutation[f.machine];
  if (!m) return { mutation: 'unmeasured' };
  if (!where) return { mutation: 'unlocated' };
  const hits = m.survivors.filter((s) => s.file === where.file && where.ranges.some(([a, b]) => s.line >= a && s.line <= b));
  if (!hits.length) return { mutation: 'killed' };
  const survivors = hits.map((s) => `${s.line} ${s.mutator}${s.reason ? `: ${s.reason}` : ''}`);
  return { mutation: hits.every((s) => s.reason) ? 'equivalent' : 'survived', survivors };
}

export function buildSpecCoverage(reports: Loaded = loadReports(), found: Found[] = collectTags()): SpecCoverageFile {
  const ruleIds = new Set(SPEC_RULES.map((r) => r.id));
  const deviationIds = new Set(SPEC_DEVIATIONS.map((d) => d.id));
  const unknown = new Set<string>();
  const tagsByRule = new Map<string, SpecTag[]>();
  const tagsByDeviation = new Map<string, string[]>();
  for (const f of found) {
    const where = linesOf(f.machine, f.kind, f.id);
    const covered = reports.machines[f.machine];
    const tag: SpecTag = {
      machine: f.machine,
      kind: f.kind,
      id: f.id,
      ...(f.kind === 'transition' ? { to: f.to ?? [] } : {}),
      file: where?.file ?? '',
      lines: where ? rangesText(where.ranges) : '',
      model: covered ? (f.kind === 'state' ? covered.states.covered : covered.transitions.covered).includes(f.id) : null,
      ...uiMark(reports, f),
      ...mutationMark(reports, f, where),
      deviations: f.deviation,
    };
    for (const id of f.spec) {
      if (!ruleIds.has(id)) unknown.add(`${f.machine} ${f.id}: spec '${id}'`);
      else tagsByRule.set(id, [...(tagsByRule.get(id) ?? []), tag]);
    }
    for (const id of f.deviation) {
      if (!deviationIds.has(id)) unknown.add(`${f.machine} ${f.id}: deviation '${id}'`);
      else tagsByDeviation.set(id, [...(tagsByDeviation.get(id) ?? []), `${f.machine}/${f.id}`]);
    }
  }
  const rules: SpecRuleCoverage[] = SPEC_RULES.map((r) => ({ ...r, tags: tagsByRule.get(r.id) ?? [] }));
  const untagged = rules.filter((r) => r.tags.length === 0).map((r) => r.id);
  return {
    method: METHOD,
    summary: {
      rules: rules.length,
      tagged: rules.length - untagged.length,
      untagged: untagged.length,
      mustTagUntagged: rules.filter((r) => r.tags.length === 0 && MUST_TAG.some((m) => m.file === r.file && m.section === r.section)).map((r) => r.id),
    },
    rules,
    untagged,
    deviations: SPEC_DEVIATIONS.map((d) => ({ ...d, rules: [...d.rules], tags: tagsByDeviation.get(d.id) ?? [] })),
    unknown: [...unknown].sort(),
  };
}

// ---------------------------------------------------------------- markdown

const MARK = {
  model: (v: boolean | null) => (v === null ? '·' : v ? '✓' : '✗'),
  ui: (v: UiMark) => ({ covered: '✓', reason: '–', uncovered: '✗', unmeasured: '·' })[v],
  mutation: (v: MutationMark) => ({ killed: '✓', equivalent: '≈', survived: '✗', unmeasured: '·', unlocated: '?' })[v],
};

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function specMarkdown(report: SpecCoverageFile): string {
  const out: string[] = [];
  out.push('# Spec coverage');
  out.push('');
  out.push('Written by `npm run spec-coverage` (scripts/spec-coverage.ts) from machines/spec-rules.ts, the machines\' `meta.spec` tags and docs/coverage/{machines,ui,mutation}.json. Do not edit.');
  out.push('');
  out.push(`${report.summary.rules} rules, ${report.summary.tagged} tagged on a machine, ${report.summary.untagged} untagged. Untagged in 000 §4 and 002 §4: ${report.summary.mustTagUntagged.length ? report.summary.mustTagUntagged.join(', ') : 'none'}.`);
  out.push('');
  out.push('Marks: model ✓ covered by a generated path, ✗ not, · machine not measured; UI ✓ through the page, – the UI cannot cause it (reason in spec.json), ✗ not reached, · no UI paths; mutation ✓ no survivor on its lines, ≈ only explained survivors, ✗ a survivor, · not measured, ? lines not found.');
  out.push('');
  out.push(`- model: ${report.method.model}`);
  out.push(`- UI: ${report.method.ui}`);
  out.push(`- mutation: ${report.method.mutation}`);
  for (const file of Object.keys(SPEC_FILES) as Array<keyof typeof SPEC_FILES>) {
    for (const section of [4, 5, 8, 9] as const) {
      const rules = report.rules.filter((r) => r.file === file && r.section === section);
      if (!rules.length) continue;
      out.push('');
      out.push(`## ${file} §${section} ${SPEC_SECTIONS[section].en}`);
      out.push('');
      out.push('| rule | what | tagged on | model | UI | mutation |');
      out.push('|---|---|---|---|---|---|');
      for (const r of rules) {
        const notes = [r.deviation ? `deviation: ${r.deviation}` : '', r.where ? `rule in ${r.where}` : ''].filter(Boolean).join('; ');
        const what = cell(r.title.en) + (notes ? ` (${cell(notes)})` : '');
        if (!r.tags.length) {
          out.push(`| ${r.id} | ${what} | **untagged** | | | |`);
          continue;
        }
        const tags = r.tags.map((t) => `\`${t.machine}\` \`${t.id}\``).join('<br>');
        const col = (f: (t: SpecTag) => string) => r.tags.map(f).join('<br>');
        out.push(`| ${r.id} | ${what} | ${tags} | ${col((t) => MARK.model(t.model))} | ${col((t) => MARK.ui(t.ui))} | ${col((t) => MARK.mutation(t.mutation))} |`);
      }
    }
  }
  out.push('');
  out.push('## Deviations and additions');
  out.push('');
  out.push('| id | kind | rules | reason | where decided | tagged on |');
  out.push('|---|---|---|---|---|---|');
  for (const d of report.deviations) out.push(`| ${cell(d.id)} | ${d.kind} | ${d.rules.join(', ')} | ${cell(d.reason.en)} | ${cell(d.ref)} | ${d.tags.map((t) => `\`${t}\``).join('<br>') || '—'} |`);
  out.push('');
  out.push('## Untagged rules');
  out.push('');
  out.push(report.untagged.length ? report.untagged.join(', ') : 'none');
  out.push('');
  return out.join('\n');
}

export const SPEC_JSON = join(COVERAGE, 'spec.json');
export const SPEC_MD = join(COVERAGE, 'spec.md');

export function specFiles(report = buildSpecCoverage()): { json: string; md: string } {
  return { json: `${JSON.stringify(report, null, 2)}\n`, md: specMarkdown(report) };
}

/** Writes (or, with `check`, compares) spec.json and spec.md; the coverage writers call it after
 *  their own report so the committed spec coverage never lags the report it reads. */
export function refreshSpecCoverage(check = false): { report: SpecCoverageFile; stale: boolean } {
  const { json, md } = specFiles();
  const report = JSON.parse(json) as SpecCoverageFile;
  let stale = false;
  for (const [file, text] of [
    [SPEC_JSON, json],
    [SPEC_MD, md],
  ] as const) {
    const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (old === text) continue;
    stale = true;
    if (!check) writeFileSync(file, text);
  }
  return { report, stale };
}

function main(): void {
  const check = process.argv.includes('--check');
  const { report, stale } = refreshSpecCoverage(check);
  console.log(`spec coverage: ${report.summary.rules} rules, ${report.summary.tagged} tagged, ${report.summary.untagged} untagged (000 §4 / 002 §4 untagged: ${report.summary.mustTagUntagged.join(', ') || 'none'})`);
  if (report.unknown.length) console.log(`tags naming no rule or deviation:\n  ${report.unknown.join('\n  ')}`);
  if (check && stale) {
    console.log('docs/coverage/spec.json or spec.md is not current: run npm run spec-coverage');
    process.exitCode = 1;
  } else if (!check) console.log(stale ? `wrote ${relative(ROOT, SPEC_JSON)} and ${relative(ROOT, SPEC_MD)}` : 'unchanged');
  if (report.unknown.length || report.summary.mustTagUntagged.length) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
