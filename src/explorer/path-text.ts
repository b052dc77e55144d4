import type { JsonEvent } from '../../machines/explorer/step.types';

/** What the analyst asks a path to: a state node (`cascade.starting`) or a transition (`cascade.starting:xstate.done.actor.0.cascade.starting:2`). */
export type PathTarget = { kind: 'state'; id: string } | { kind: 'transition'; id: string };

export interface FoundPath {
  target: PathTarget;
  input: unknown;
  /** the events from the start, in order (no xstate.init) */
  events: JsonEvent[];
  /** how step mode writes each of them */
  labels: string[];
  /** the state value after the last event */
  value: unknown;
}

/** `state:event:n` → the source state id and the event type (`always` for eventless) */
export function parseTransition(id: string): { source: string; eventType: string } {
  const first = id.indexOf(':');
  const last = id.lastIndexOf(':');
  return { source: id.slice(0, first), eventType: id.slice(first + 1, last) };
}

/** `login.editing`, or `login.editing —login.submit→ (#1)` for a transition */
export function targetText(target: PathTarget): string {
  if (target.kind === 'state') return target.id;
  const { source, eventType } = parseTransition(target.id);
  return `${source} —${eventType}→ #${target.id.slice(target.id.lastIndexOf(':') + 1)}`;
}

const slug = (s: string) => s.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

/** The file name the copied test suggests. */
export const testFileName = (machineId: string, target: PathTarget) => `machine-tests/browser/ui-path-${slug(machineId)}-${slug(target.id.replace(/xstate\.(done|error)\.actor\.\d+\./, '$1-'))}.e2e.ts`;

/**
 * A runnable vitest file for the UI-path runner (machine-tests/ui-paths): the path's events are
 * matched again on the machine's test model (so the snapshots are the model's), then replayed
 * through the real page by the machine's UI binding with `replayInBrowser`, on a sandbox server.
 */
export function uiPathTest(machineId: string, path: FoundPath): string {
  const file = testFileName(machineId, path.target);
  const events = path.events.map((e, i) => `  ${JSON.stringify(e)}, // ${path.labels[i].replace(/\n/g, ' ')}`).join('\n');
  return `/**
 * The shortest path to ${targetText(path.target)} in ${machineId}, copied from the machine explorer
 * (#/m/${machineId}/path): replayed through the real page by the machine's UI binding
 * (machine-tests/ui-paths/bindings/), on a sandbox server, in Chromium.
 *   npx vitest run --config vitest.e2e.config.ts ${file}
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serializeSnapshot, stableJson } from '../../machine-kit/serialize';
import { traverse } from '../../machine-kit/traversal';
import type { PathStep, TestPath } from '../../machine-kit/types';
import { machines } from '../../machines/index';
import { models } from '../../machines/models';
import { launchBrowser } from '../../scripts/lib/browser';
import { startServer, type RunningServer } from '../../scripts/lib/server-process';
import { bindings } from '../ui-paths/bindings/index';
import { replayInBrowser } from '../ui-paths/replay';

const MACHINE = ${JSON.stringify(machineId)};
const INPUT: unknown = ${JSON.stringify(path.input ?? null)};
const EVENTS = [
${events}
];
const EXPECTED_VALUE: unknown = ${JSON.stringify(path.value)};

let server: RunningServer | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it(${JSON.stringify(`reaches ${targetText(path.target)} through the page by its shortest path (${path.events.length} events)`)}, async () => {
  const binding = bindings.find((b) => b.machine === MACHINE);
  if (!binding) throw new Error(\`no UI binding for \${MACHINE}: write machine-tests/ui-paths/bindings/\${MACHINE}.ts first\`);
  const tr = traverse(binding.model ?? models[MACHINE], INPUT ?? undefined);
  const steps: PathStep[] = [{ event: { type: 'xstate.init' }, state: tr.initial }];
  for (const event of EVENTS) {
    const from = steps[steps.length - 1].state;
    const next = Object.values(tr.adjacency[serializeSnapshot(from)]?.transitions ?? {}).find((t) => stableJson(t.event) === stableJson(event));
    if (!next) throw new Error(\`the model has no \${stableJson(event)} after step \${steps.length - 1}\`);
    steps.push({ event: next.event, state: next.state });
  }
  expect(stableJson(steps[steps.length - 1].state.value)).toBe(stableJson(EXPECTED_VALUE));
  const path: TestPath = { set: 'shortest', input: INPUT ?? undefined, steps };
  const result = await replayInBrowser(browser!, binding, machines[MACHINE].machine, path, { baseURL: server!.url, operator: server!.operatorToken });
  expect(result.failure).toBeUndefined();
}, 180_000);
`;
}
