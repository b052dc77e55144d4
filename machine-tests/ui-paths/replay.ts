import type { Browser, Page } from 'playwright-core';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { describePath } from '../../machine-kit/describe';
import { stableJson } from '../../machine-kit/serialize';
import type { TestPath } from '../../machine-kit/types';
import type { InspectMessage } from '../../machines/inspection/protocol';
import { activeStateIds } from '../../src/explorer/live-view';
import { collectInspection, type InspectLog } from './collector';
import { eventKey } from './select';
import type { PathContext, StepContext, UiBinding } from './types';

/** how long the app may take to reach the state a step expects */
export const STEP_TIMEOUT_MS = 20_000;

/**
 * The longest a binding's start or one of its steps may take: a step that never settles (a browser
 * prompt left open, a request held and never released) fails its path with this said, instead of
 * holding the run (and CI) until its own time limit. Far above any step's own waits (30 s at most).
 */
export const STEP_GUARD_MS = 120_000;

/** how long a path waits for its browser context to close before its slot takes the next path */
const CLOSE_WAIT_MS = 10_000;

function guarded<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle in ${STEP_GUARD_MS / 1000} s`)), STEP_GUARD_MS);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

export interface UiPathResult {
  line: string;
  /** what went wrong, with the step; undefined when every step reached its state and the screen matched */
  failure?: string;
  /** state ids whose screen was checked while the app was in them */
  checked: string[];
  log: InspectLog;
  ms: number;
}

type Snapshot = Extract<InspectMessage, { kind: '@xstate.snapshot' }>;

/** index of the first snapshot of `machineId` at or after `from` whose value is `value`, or -1 */
function findSnapshot(log: InspectLog, machineId: string, value: unknown, from: number): number {
  const want = stableJson(value);
  for (let i = from; i < log.length; i++) {
    const m = log[i];
    if (m.kind === '@xstate.snapshot' && m.machineId === machineId && m.event !== 'xstate.replay' && stableJson(m.value) === want) return i;
  }
  return -1;
}

/** true when no later snapshot of the same actor followed (the page still shows that state) */
function isLatest(log: InspectLog, at: number): boolean {
  const actor = (log[at] as Snapshot).actorId;
  const source = (log[at] as Snapshot).source;
  for (let i = at + 1; i < log.length; i++) {
    const m = log[i];
    if (m.kind === 'bye' && m.source === source) return false;
    if (m.kind === '@xstate.snapshot' && m.actorId === actor && m.source === source) return false;
  }
  return true;
}

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return cond();
}

/** ` (at <path and hash>; the page shows: <its visible text, one line, cut>)`, or nothing when the page cannot answer. */
export async function whereThePageWas(page: Page): Promise<string> {
  const read = page.evaluate(() => ({ at: location.pathname + location.hash, text: document.body?.innerText ?? '' }));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), 2_000)));
  const seen = await Promise.race([read.catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
  if (!seen) return '';
  const text = seen.text.replace(/\s+/g, ' ').trim();
  return ` (at ${seen.at}; the page shows: ${text.length > 400 ? `${text.slice(0, 400)}…` : text})`;
}

/**
 * Replays one path in a fresh browser context: `start`, then per step the binding's action, a wait
 * until the app's inspection reports the machine in the state the path expects (value, not context:
 * the page's data are real), and the screen checks of the active state nodes while it is still there.
 */
export async function replayInBrowser(
  browser: Browser,
  binding: UiBinding,
  machine: AnyStateMachine,
  path: TestPath,
  server: { baseURL: string; operator: string },
): Promise<UiPathResult> {
  const started = Date.now();
  const line = describePath(machine, path);
  // baseURL: the bindings' API calls (page.request) and page.goto take our server's paths
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.baseURL });
  // a first browser for the arbiter's binding (binding.firstBrowser): the weekend contest and the chat's opening by itself are left to it
  if (!binding.firstBrowser) await context.addInitScript(() => {
    const now = new Date();
    localStorage.setItem('tourney_weekend_seen', `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`);
    localStorage.setItem('chat.autoOpened', '1');
  });
  const log = await collectInspection(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const upcomingFrom = (i: number) => (...keys: string[]) => {
    for (let j = i + 1; j < path.steps.length; j++) {
      if (keys.includes(eventKey(path.steps[j].event, path.steps[j - 1].state))) return path.steps[j].event;
    }
    return undefined;
  };
  const ctx: PathContext = { page, context, baseURL: server.baseURL, operator: server.operator, input: path.input, path, world: {}, log, upcoming: upcomingFrom(0) };
  const checked: string[] = [];
  const done = (failure?: string): UiPathResult => ({ line, failure, checked, log, ms: Date.now() - started });
  // a failure says where the page was and what it showed (a flake seen once in CI is read from its log)
  const failed = async (failure: string): Promise<UiPathResult> => done(`${failure}${await whereThePageWas(page)}`);
  try {
    let mark = 0;
    for (let i = 0; i < path.steps.length; i++) {
      const step = path.steps[i];
      const before: AnyMachineSnapshot | undefined = i > 0 ? path.steps[i - 1].state : undefined;
      const key = before ? eventKey(step.event, before) : 'start';
      const what = `step ${i} (${key})`;
      try {
        if (i === 0) {
          const skip = await guarded(Promise.resolve(binding.start(ctx)), 'the start');
          if (typeof skip === 'string') return done(`start: ${skip}`);
        } else {
          const how = binding.events[key];
          if (typeof how !== 'function') return done(`${what}: no way to cause it in the page`);
          const stepCtx: StepContext = { ...ctx, event: step.event, index: i, upcoming: upcomingFrom(i) };
          await guarded(Promise.resolve(how(stepCtx)), 'the step');
        }
      } catch (err) {
        return failed(`${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      }
      let at = -1;
      const reached = await waitFor(() => (at = findSnapshot(log, machine.id, step.state.value, mark)) >= 0, STEP_TIMEOUT_MS);
      if (!reached) {
        const last = [...log].reverse().find((m): m is Snapshot => m.kind === '@xstate.snapshot' && m.machineId === machine.id);
        return failed(`${what}: the app did not reach ${stableJson(step.state.value)} (last: ${last ? stableJson(last.value) : 'no snapshot'})`);
      }
      mark = at + 1;
      if (isLatest(log, at)) {
        for (const id of activeStateIds(machine, step.state.value).reverse()) {
          const check = binding.states[id];
          if (!check) continue;
          try {
            // the app moving on ends the look at once: the state was passed through, and a check
            // waiting for what the next state took away would otherwise wait out its own timeout
            const look = Promise.resolve(check({ ...ctx, expected: step.state }));
            let looked = false;
            const movedOn = waitFor(() => looked || !isLatest(log, at), STEP_GUARD_MS).then(() => !isLatest(log, at));
            const passed = await guarded(Promise.race([look.then(() => false), movedOn]), 'the screen check').finally(() => (looked = true));
            if (passed) {
              look.catch(() => undefined);
              break;
            }
            checked.push(id);
          } catch (err) {
            // the app moved on while the screen was looked at: the state was passed through, not wrong
            if (!isLatest(log, at)) break;
            return failed(`${what}: the screen of ${id}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
          }
        }
      }
    }
    if (errors.length) return done(`the page threw: ${errors.join('; ')}`);
    return done();
  } finally {
    // a context whose page is stuck is left closing in the background rather than holding the
    // path's slot: Chromium has been seen to take the whole guard (120 s) to close a context whose
    // page was mid-navigation with the fake clock installed (page.clock), once in most full runs
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([context.close().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
  }
}
