/**
 * Mutation testing (`npm run test:mutation`): what a machine's mutants are checked against.
 *
 * The generated paths are frozen from the UNMUTATED machine (value, status and context after every
 * step, and the transitions each path takes) before Stryker starts; under a mutant the same events
 * are replayed and must give the same snapshots. Generating the paths under the mutant would compare
 * the mutant with itself.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { runMachine } from '../../machine-kit/run';
import { CoverageRecorder } from '../../machine-kit/coverage';
import { replayPath } from '../../machine-kit/replay';
import { describePath } from '../../machine-kit/describe';
import { stableJson } from '../../machine-kit/serialize';
import type { MachineModel, TestPath } from '../../machine-kit/types';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface FrozenPath {
  line: string;
  input: unknown;
  steps: Array<{ event: unknown; state: { value: unknown; status: string; context: unknown } }>;
  /** transition keys (machine-kit/coverage.ts) the path takes on the unmutated machine */
  transitions: string[];
  /** what the machine does on the way, in order: actions run (with params), actors started (with input), events sent to children, its output when done */
  trace: string[];
}

/**
 * Coverage plus a trace of the machine's effects, from the same inspection events: a mutant that
 * keeps every snapshot but runs another action, starts an actor with another input or sends another
 * event to a child is seen here.
 */
class TraceRecorder extends CoverageRecorder {
  readonly trace: string[] = [];
  constructor() {
    super();
    const coverage = this.inspect;
    Object.defineProperty(this, 'inspect', {
      value: (ev: InspectionEvent): void => {
        coverage(ev);
        const before = this.trace.length;
        const ref = ev.actorRef as AnyActorRef & { src?: unknown; options?: { input?: unknown }; _parent?: AnyActorRef };
        if (ev.type === '@xstate.action' && ref.sessionId === ev.rootId) {
          const params = stableJson(ev.action.params);
          this.trace.push(`action ${ev.action.type}${params === undefined ? '' : ` ${params}`}`);
        } else if (ev.type === '@xstate.actor' && ref._parent?.sessionId === ev.rootId) {
          this.trace.push(`start ${typeof ref.src === 'string' ? ref.src : '(inline)'} ${stableJson(ref.options?.input) ?? ''}`);
        } else if (ev.type === '@xstate.event' && ev.sourceRef?.sessionId === ev.rootId && ref.sessionId !== ev.rootId) {
          this.trace.push(`send ${stableJson(ev.event)}`);
        } else if (ev.type === '@xstate.snapshot' && ref.sessionId === ev.rootId && ev.snapshot.status === 'done') {
          this.trace.push(`output ${stableJson((ev.snapshot as AnyMachineSnapshot).output) ?? 'undefined'}`);
        }
        // an actor without an id is named by its session id (x:<n>, a counter of the process): the machine itself is
        // named "root", another such actor "x:?", so a path frozen in one process replays in another
        if (this.trace.length > before) {
          const last = this.trace.length - 1;
          this.trace[last] = this.trace[last].split(`"${ev.rootId}"`).join('"root"').replace(/"x:\d+"/g, '"x:?"');
        }
      },
    });
  }
}

/** JSON that keeps Error objects (revived by `thaw`) */
const freezeValue = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value ?? null, (_k, v: unknown) => (v instanceof Error ? { $error: v.name, message: v.message } : v)));

const thawValue = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_k, v: unknown) => {
    if (v && typeof v === 'object' && '$error' in v && 'message' in v) {
      const err = new Error(String((v as { message: unknown }).message));
      err.name = String((v as { $error: unknown }).$error);
      return err;
    }
    return v;
  });

function observe(model: MachineModel, path: TestPath): { failure?: string; transitions: string[]; trace: string[] } {
  const recorder = new TraceRecorder();
  const failure = replayPath(model, path, recorder);
  return { failure: failure?.message, transitions: [...recorder.transitions].sort(), trace: recorder.trace };
}

/** The unmutated machine's paths (shortest + edge cover), ready to write as JSON. */
export function freezePaths(id: string, model: MachineModel): FrozenPath[] {
  let generated: TestPath[] = [];
  const report = runMachine(id, model, { paths: (paths) => (generated = paths) });
  if (report.errors.length || report.failures.length) {
    throw new Error(`${id}: the unmutated machine's paths do not replay (run npm run test:model -- --machine ${id})`);
  }
  return generated.map((path) => {
    const { transitions, trace } = observe(model, path);
    return {
    line: describePath(model.machine, path),
    input: freezeValue(path.input),
    steps: path.steps.map((s) => ({
      event: freezeValue(s.event),
      state: { value: s.state.value, status: s.state.status, context: freezeValue(s.state.context) },
    })),
    transitions,
    trace,
    };
  });
}

/** A frozen path as a TestPath for replayPath (expected snapshots carry value, status and context only). */
export function thaw(frozen: FrozenPath): TestPath {
  return {
    set: 'edge',
    input: thawValue(frozen.input),
    steps: frozen.steps.map((s) => ({
      event: thawValue(s.event) as TestPath['steps'][number]['event'],
      state: { value: s.state.value, status: s.state.status, context: thawValue(s.state.context) } as unknown as AnyMachineSnapshot,
    })),
  };
}

/** Replays a frozen path; a problem or undefined. */
export function replayFrozen(model: MachineModel, frozen: FrozenPath): string | undefined {
  const { failure, transitions, trace } = observe(model, thaw(frozen));
  if (failure) return failure;
  if (transitions.join('\n') !== frozen.transitions.join('\n')) {
    return `transitions taken: ${transitions.join(', ')}; expected ${frozen.transitions.join(', ')}`;
  }
  const at = trace.findIndex((t, i) => t !== frozen.trace[i]);
  if (at >= 0 || trace.length !== frozen.trace.length) {
    const i = at >= 0 ? at : Math.min(trace.length, frozen.trace.length);
    return `effect #${i + 1}: ${trace[i] ?? '(none)'}, expected ${frozen.trace[i] ?? '(none)'}`;
  }
  return undefined;
}

/**
 * machines/index.ts, read as text: each machine id → the file its machine is imported from, plus the
 * helper files beside it that the machine file imports (not models, types or tests).
 */
export function machineFiles(id: string): string[] {
  const index = readFileSync(join(ROOT, 'machines/index.ts'), 'utf8');
  const entry = new RegExp(`^\\s*${id}: \\{ machine: (\\w+)`, 'm').exec(index);
  if (!entry) throw new Error(`no machine "${id}" in machines/index.ts`);
  const symbol = entry[1];
  const from = new RegExp(`^import \\{[^}]*\\b${symbol}\\b[^}]*\\} from '\\./([^']+)';`, 'm').exec(index);
  if (!from) throw new Error(`machines/index.ts: no import of ${symbol}`);
  let file = join(ROOT, 'machines', `${from[1]}.ts`);
  if (from[1].endsWith('/index')) {
    const re = readFileSync(file, 'utf8');
    const own = new RegExp(`\\b${symbol}\\b[^;]*from '\\./([^']+)'`).exec(re);
    if (own) file = join(dirname(file), `${own[1]}.ts`);
  }
  const files = [file];
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(/from '\.\/([^']+)'/g)) {
    if (/\.(types|model|test)$/.test(m[1])) continue;
    const helper = join(dirname(file), `${m[1]}.ts`);
    if (!files.includes(helper) && !/\.machine\.ts$/.test(helper)) files.push(helper);
  }
  return files.map((f) => relative(ROOT, f));
}

/** The file machines/models.ts imports the machine's model from (models of several machines share one: security.model.ts). */
export function modelFile(id: string): string | undefined {
  const registry = readFileSync(join(ROOT, 'machines/models.ts'), 'utf8');
  const entry = new RegExp(`^\\s*${id}: (\\w+),`, 'm').exec(registry);
  if (!entry) return undefined;
  const from = new RegExp(`^import \\{[^}]*\\b${entry[1]}\\b[^}]*\\} from '\\./([^']+)';`, 'm').exec(registry);
  return from ? `machines/${from[1]}.ts` : undefined;
}
