import type { AnyEventObject } from 'xstate';
import { CoverageRecorder } from '../coverage';
import { generatePaths } from '../paths';
import { greedyCover } from '../path-cover';
import { replayPath } from '../replay';
import { stableJson, serializeSnapshot } from '../serialize';
import { traverse } from '../traversal';
import type { MachineModel, PathStep, TestPath } from '../types';
import { eventKey } from './event-key';
import type { ScriptStep, Target, UiScript, Variant, Way, When } from './types';

/**
 * Playwright specs from UI scripts: a path of a machine (its input, the events and the snapshot
 * after each) becomes one `test(...)` in `@playwright/test` style (roles, labels, texts; the
 * sandbox arranged through its public routes), a set of paths one file. Pure: the explorer and
 * machine-tests/browser/playwright-export.e2e.ts call the same functions.
 */

/** `'*'`: present and not empty; an object: each of its fields matches; else equal. */
export function matches(actual: unknown, pattern: unknown): boolean {
  if (pattern === '*') return actual !== undefined && actual !== null && actual !== '';
  if (pattern && typeof pattern === 'object' && !Array.isArray(pattern)) {
    if (!actual || typeof actual !== 'object') return false;
    return Object.entries(pattern).every(([k, v]) => matches((actual as Record<string, unknown>)[k], v));
  }
  return stableJson(actual) === stableJson(pattern);
}

interface Where {
  input: unknown;
  event?: AnyEventObject;
  context?: unknown;
  /** the keys and events of the path's later steps */
  later: { key: string; event: AnyEventObject }[];
}

function holds(when: When | undefined, at: Where): boolean {
  if (!when) return true;
  if (when.input && !matches(at.input ?? {}, when.input)) return false;
  if (when.event && !matches(at.event, when.event)) return false;
  if (when.context && !matches(at.context, when.context)) return false;
  if (when.next) {
    const first = at.later.find((l) => when.next!.of.includes(l.key));
    if ((first?.key ?? 'none') !== when.next.is) return false;
    if (when.next.has && !matches(first?.event, when.next.has)) return false;
  }
  return true;
}

const pick = (ways: readonly Way[] | undefined, at: Where): Way | undefined => ways?.find((w) => holds(w.when, at));

/** One path as a test: its title (what the person does, in order), its steps; or why it cannot be one. */
export type ScriptedPath = { ok: true; says: string[]; blocks: { comment?: string; steps: ScriptStep[] }[] } | { ok: false; reason: string; at: number };

const keysAfter = (steps: readonly PathStep[], from: number) => steps.slice(from).map((s, i) => ({ key: eventKey(s.event, steps[from + i - 1].state), event: s.event }));

function stateChecks(script: UiScript, step: PathStep, input: unknown): ScriptStep[] {
  const out: ScriptStep[] = [];
  const ids = (step.state as unknown as { _nodes: { id: string }[] })._nodes.map((n) => n.id);
  for (const id of ids) {
    for (const v of script.states[id] ?? []) if (holds(v.when, { input, context: step.state.context, later: [] })) out.push(...v.steps);
  }
  return out;
}

/** The path through the page: the start, then per event what the person does and what the page then shows. */
export function scriptPath(script: UiScript, path: TestPath): ScriptedPath {
  const { steps, input } = path;
  const start = pick(script.start, { input, later: keysAfter(steps, 1) });
  if (!start) return { ok: false, reason: 'no scripted start for this input', at: 0 };
  if ('reason' in start) return { ok: false, reason: start.reason, at: 0 };
  const says: string[] = start.says ? [start.says] : [];
  let shown = stateChecks(script, steps[0], input);
  const blocks: { comment?: string; steps: ScriptStep[] }[] = [{ comment: start.says, steps: [...start.steps, ...shown] }];
  for (let i = 1; i < steps.length; i++) {
    const key = eventKey(steps[i].event, steps[i - 1].state);
    const way = pick(script.events[key], { input, event: steps[i].event, later: keysAfter(steps, i + 1) });
    if (!way) return { ok: false, reason: script.events[key] ? `no scripted way for this ${key}` : `${key} has no script`, at: i };
    if ('reason' in way) return { ok: false, reason: way.reason, at: i };
    if (way.says) says.push(way.says);
    // what the page shows, unless it is what the last check already saw (typing into the same form)
    const checks = stateChecks(script, steps[i], input);
    const same = stableJson(checks) === stableJson(shown) && (way as Variant).steps.every((st) => 'fill' in st || 'type' in st);
    shown = checks;
    blocks.push({ comment: way.says, steps: [...(way as Variant).steps, ...(same ? [] : checks)] });
  }
  return { ok: true, says, blocks };
}

/** The events of a found path matched again on the model's state graph (the snapshots are the model's). */
export function pathFromEvents(model: MachineModel, input: unknown, events: readonly unknown[]): TestPath {
  const tr = traverse(model, input ?? undefined);
  const steps: PathStep[] = [{ event: { type: 'xstate.init' }, state: tr.initial }];
  for (const event of events) {
    const from = steps[steps.length - 1].state;
    const next = Object.values(tr.adjacency[serializeSnapshot(from)]?.transitions ?? {}).find((t) => stableJson(t.event) === stableJson(event));
    if (!next) throw new Error(`the model has no ${stableJson(event)} after step ${steps.length - 1}`);
    steps.push({ event: next.event, state: next.state });
  }
  return { set: 'shortest', input, steps };
}

export interface ScriptedSet {
  paths: TestPath[];
  /** transitions the picked paths take, of the machine's */
  covered: number;
  /** why the other generated paths were cut short or left out (each reason once) */
  reasons: string[];
}

/**
 * The minimal set a tester exports: the model's covering paths (every input), each cut before the
 * first step the script cannot do, then a greedy edge cover (the path adding the most not yet
 * taken transitions first, the shorter on a tie) until nothing new.
 */
export function scriptedSet(script: UiScript, model: MachineModel): ScriptedSet {
  const candidates: { path: TestPath; transitions: Set<string> }[] = [];
  const reasons = new Set<string>();
  const seen = new Set<string>();
  for (const input of model.inputs ?? [model.input]) {
    for (const path of generatePaths(traverse(model, input), ['cover'])) {
      const s = scriptPath(script, path);
      let cut = path;
      if (!s.ok) {
        reasons.add(s.reason);
        if (s.at === 0) continue;
        cut = { ...path, steps: path.steps.slice(0, s.at) };
        if (cut.steps.length < 2) continue;
      }
      const id = stableJson([cut.input ?? null, cut.steps.map((st) => st.event)]);
      if (seen.has(id)) continue;
      seen.add(id);
      const recorder = new CoverageRecorder();
      if (replayPath(model, cut, recorder)) continue;
      candidates.push({ path: cut, transitions: recorder.transitions });
    }
  }
  const { picked, covered } = greedyCover(candidates);
  const paths = picked.map((c) => c.path);
  return { paths, covered: covered.size, reasons: [...reasons] };
}

// ---- the file ----------------------------------------------------------------------------

const VARS: Record<string, string> = { 'user.email': 'user.email', 'user.password': 'user.password', 'fresh.vloadPin': 'vloadPin()' };

/** a string as a JavaScript expression: a quoted literal, or a template literal with the user's fields */
function str(s: string): string {
  const whole = /^\{\{([^}]+)\}\}$/.exec(s);
  if (whole && VARS[whole[1]]) return VARS[whole[1]];
  if (!s.includes('{{')) return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const body = s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\{\{([^}]+)\}\}/g, (_, name: string) => {
    if (!VARS[name]) throw new Error(`unknown {{${name}}} in a UI script`);
    return `\${${VARS[name]}}`;
  });
  return `\`${body}\``;
}

/** a JSON-like value as a JavaScript literal (strings through `str`) */
function lit(v: unknown): string {
  if (typeof v === 'string') return str(v);
  if (Array.isArray(v)) return `[${v.map(lit).join(', ')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v).map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${lit(x)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return JSON.stringify(v);
}

function locator(t: Target): string {
  if ('role' in t) return `page.getByRole(${str(t.role)}${t.name ? `, { name: ${str(t.name)} }` : ''})`;
  if ('label' in t) return `page.getByLabel(${str(t.label)})`;
  if ('text' in t) return `page.getByText(${str(t.text)})`;
  return `page.getByTestId(${str(t.testId)})`;
}

const times = (n: number | undefined) => (n && n > 1 ? `, ${n}` : '');

function line(s: ScriptStep): string {
  if ('goto' in s) return `await page.goto(${str(s.goto)});`;
  if ('fill' in s) return `await page.getByLabel(${str(s.fill.label)}).fill(${str(s.fill.value)});`;
  if ('type' in s) return `await page.getByLabel(${str(s.type.label)}).pressSequentially(${str(s.type.text)});`;
  // the control's whole name, as a person reads it ('Sign in', not also 'Sign in with a passkey')
  if ('click' in s) return `await page.getByRole(${str(s.click.role)}, { name: ${str(s.click.name)}, exact: true }).click();`;
  if ('expect' in s) return `await expect(${locator(s.expect)}.first()).${s.hidden ? 'toBeHidden' : 'toBeVisible'}();`;
  if ('expectUrl' in s) return `await expect(page).toHaveURL(/${s.expectUrl.replace(/\//g, '\\/')}/);`;
  if ('freshUser' in s) return `const user = await post<User>(page, '/api/sandbox/fresh-user', ${lit(s.freshUser)});`;
  if ('sandbox' in s) return `await post(page, ${str(s.sandbox.path)}, ${lit(s.sandbox.body)});`;
  if ('call' in s) return `await post(page, ${str(s.call.path)}, ${lit(s.call.body)}${times(s.call.times)});`;
  if ('postForm' in s) return `await postForm(page, ${str(s.postForm.path)}, ${lit(s.postForm.form)}${times(s.postForm.times)});`;
  if ('failNext' in s) return `await page.route(${str(s.failNext)}, (route) => route.abort('internetdisconnected'), { times: 1 });`;
  if ('alterNext' in s) {
    const data = s.alterNext.body !== undefined ? str(s.alterNext.body) : `JSON.stringify({ ...(route.request().postDataJSON() as object), ...${lit(s.alterNext.merge ?? {})} })`;
    return `await page.route(${str(s.alterNext.url)}, (route) => route.continue({ postData: ${data} }), { times: 1 });`;
  }
  if ('whenShown' in s) return `await page.addLocatorHandler(page.getByRole('dialog', { name: ${str(s.whenShown.dialog)} }), (dialog) => dialog.getByRole('button', { name: ${str(s.whenShown.click)} }).click());`;
  return 'await typeCode(page, await outboxCode(page, user.email));';
}

const HELPERS = {
  vloadPin: `/** a sandbox Vload voucher of 250.00 no one used: \`1250\` and 12 random digits (docs/sandbox.md "Vload test pins") */
function vloadPin(): string {
  const digits = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10)).join('');
  return \`1250\${digits}\`.replace(/(\\d{4})(?=\\d)/g, '$1 ');
}`,
  post: `/** POST as the page does: JSON with the session's CSRF token (GET /api/me); a sandbox route must answer 2xx */
async function post<T = unknown>(page: Page, path: string, body: unknown, times = 1): Promise<T> {
  const me = (await (await page.request.get(\`\${BASE_URL}/api/me\`)).json()) as { csrf: string };
  let answer: unknown;
  for (let i = 0; i < times; i++) {
    const res = await page.request.post(\`\${BASE_URL}\${path}\`, { headers: { 'x-csrf-token': me.csrf }, data: body });
    if (path.startsWith('/api/sandbox/') && !res.ok()) throw new Error(\`\${path} \${res.status()} \${await res.text()}\`);
    answer = await res.json().catch(() => undefined);
  }
  return answer as T;
}`,
  postForm: `/** POST a form, as the sandbox platform's own sign-in page does */
async function postForm(page: Page, path: string, form: Record<string, string>, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.request.post(\`\${BASE_URL}\${path}\`, { headers: { 'x-requested-with': 'XMLHttpRequest' }, form });
}`,
  code: `/** the newest code the sandbox "sent" to the email (GET /api/sandbox/outbox) */
async function outboxCode(page: Page, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await page.request.get(\`\${BASE_URL}/api/sandbox/outbox?email=\${encodeURIComponent(email)}\`);
    const code = ((await res.json()) as { messages: { code?: string }[] }).messages[0]?.code;
    if (code) return code;
    await page.waitForTimeout(100);
  }
  throw new Error(\`no code in the outbox of \${email}\`);
}

/** types a code into the six digit boxes, one key at a time, as a person does */
async function typeCode(page: Page, code: string): Promise<void> {
  for (const [i, digit] of [...code].entries()) await page.getByLabel(\`Digit \${i + 1} of 6\`).pressSequentially(digit);
}`,
};

/** The file name the explorer suggests: `machine-tests/playwright/<machine>-<what>.spec.ts`. */
export const specFileName = (machineId: string, what: string) =>
  `machine-tests/playwright/${[machineId, what].map((s) => s.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '')).join('-').slice(0, 80)}.spec.ts`;

export interface SpecFile {
  file: string;
  text: string;
  /** the tests written */
  tests: string[];
  /** paths that could not be written, with why */
  skipped: { index: number; reason: string }[];
}

/**
 * A standalone `@playwright/test` spec for the paths (each one `test`, named by what the person
 * does). It needs the sandbox server's address in BASE_URL and makes its own fresh sandbox user.
 * Under the real @playwright/test it runs as it is; here (no @playwright/test installed) through
 * `machine-tests/playwright/vitest.config.ts`, which maps the import onto the playwright-core shim.
 */
export function playwrightSpec(script: UiScript, paths: readonly TestPath[], what: string, source: string): SpecFile {
  const file = specFileName(script.machine, what);
  const tests: string[] = [];
  const bodies: string[] = [];
  const skipped: { index: number; reason: string }[] = [];
  const used = new Set<string>();
  paths.forEach((path, index) => {
    const s = scriptPath(script, path);
    if (!s.ok) {
      skipped.push({ index, reason: s.reason });
      return;
    }
    let title = `${script.title} ${tests.length + 1}: ${s.says.join(', then ') || 'opens'}`;
    while (tests.includes(title)) title += ' (again)';
    tests.push(title);
    const lines: string[] = [];
    for (const block of s.blocks) {
      if (!block.steps.length) continue;
      if (block.comment) lines.push(`// ${block.comment}`);
      for (const st of block.steps) {
        lines.push(line(st));
        if ('freshUser' in st || 'sandbox' in st || 'call' in st) used.add('post');
        if ('postForm' in st) used.add('postForm');
        if ('typeOutboxCode' in st) used.add('code');
        if (JSON.stringify(st).includes('{{fresh.vloadPin}}')) used.add('vloadPin');
      }
    }
    bodies.push(`test(${str(title)}, async ({ page }) => {\n${lines.map((l) => `  ${l}`).join('\n')}\n});`);
  });
  const helpers = (['post', 'postForm', 'code', 'vloadPin'] as const).filter((h) => used.has(h)).map((h) => HELPERS[h]);
  const text = `/**
 * ${script.title} (${script.machine}): ${what}, exported from the machine explorer (${source}).
 * Standalone: the sandbox server's address in BASE_URL; each test makes its own fresh sandbox user
 * through the public sandbox routes (docs/sandbox.md).
 *   with @playwright/test:  BASE_URL=http://127.0.0.1:3000 npx playwright test ${file.split('/').pop()}
 *   in this repository:     BASE_URL=http://127.0.0.1:3000 npx vitest run --config machine-tests/playwright/vitest.config.ts ${file}
 */
import { expect, test${['post', 'postForm', 'code'].some((h) => used.has(h)) ? ', type Page' : ''} } from '@playwright/test';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
test.use({ baseURL: BASE_URL });
test.describe.configure({ timeout: 90_000 });
${used.has('post') ? '\ninterface User {\n  email: string;\n  password: string;\n}\n' : ''}${helpers.length ? `\n${helpers.join('\n\n')}\n` : ''}
${bodies.length ? bodies.join('\n\n') : '// no path of this set can be written as a test: see the reasons the explorer gives'}
${skipped.length ? `\n// left out: ${skipped.map((s) => `path ${s.index + 1} (${s.reason})`).join('; ')}\n` : ''}`;
  return { file, text, tests, skipped };
}
