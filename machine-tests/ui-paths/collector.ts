import type { BrowserContext } from 'playwright-core';
import type { AnyStateMachine } from 'xstate';
import { INSPECT_CHANNEL, type InspectMessage } from '../../machines/inspection/protocol';
import { activeStateIds } from '../../src/explorer/live-view';

/** the app's inspection messages of one path, in the order the pages published them */
export type InspectLog = InspectMessage[];

/**
 * Listens to the app's own inspection (src/flows/shared/inspector.ts) in every page of `context`: the
 * same BroadcastChannel the explorer's live view reads. Inspection is turned on the way a tester
 * does it (`?inspect=1` keeps `inspect` in sessionStorage); each message the inspector posts on
 * the channel is also handed to Node as it is posted. Nothing in the app changes for it.
 */
export async function collectInspection(context: BrowserContext): Promise<InspectLog> {
  const log: InspectLog = [];
  // the page load each page last posted from: a new source from the same page means that page was
  // reloaded or navigated, so the earlier load is gone even if its own 'bye' (posted on pagehide,
  // while the page unloads) never arrived
  const loads = new WeakMap<object, string>();
  await context.exposeBinding('__uiPathsSink', ({ page }, message: InspectMessage) => {
    if (message.kind !== 'bye' && message.kind !== 'hello') {
      const before = loads.get(page);
      if (before !== undefined && before !== message.source) log.push({ kind: 'bye', source: before });
      loads.set(page, message.source);
    }
    log.push(message);
  });
  await context.addInitScript((channelName: string) => {
    try {
      sessionStorage.setItem('inspect', '1');
    } catch {
      // no storage: the app stays uninspected and the path fails visibly
    }
    // read what the inspector posts on its channel as it posts it: a message still queued for a
    // listener is lost when the page navigates away (sign-in ends with a full navigation)
    const post = BroadcastChannel.prototype.postMessage;
    BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
      if (this.name === channelName) void (window as unknown as { __uiPathsSink: (m: unknown) => Promise<void> }).__uiPathsSink(message);
      return post.call(this, message);
    };
  }, INSPECT_CHANNEL);
  return log;
}

/** The transitions and states one machine took, from the messages of its actors (any page, any actor). */
export function measure(log: InspectLog, machine: AnyStateMachine): { transitions: Set<string>; states: Set<string> } {
  const transitions = new Set<string>();
  const states = new Set<string>();
  for (const m of log) {
    if (!('machineId' in m) || m.machineId !== machine.id) continue;
    if (m.kind === '@xstate.microstep') {
      for (const t of m.transitions) {
        transitions.add(t.id);
        states.add(t.source);
      }
    } else if (m.kind === '@xstate.snapshot' && m.event !== 'xstate.replay') {
      for (const id of activeStateIds(machine, m.value)) states.add(id);
    }
  }
  return { transitions, states };
}
