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
export async function collectInspection(
  context: BrowserContext,
  options: {
    /** for the collector's own test: the first hand-over of each message it picks never completes (as when Playwright drops it) */
    loseFirst?: (message: InspectMessage) => boolean;
  } = {},
): Promise<InspectLog> {
  const log: InspectLog = [];
  // the page load each page last posted from: a new source from the same page means that page was
  // reloaded or navigated, so the earlier load is gone even if its own 'bye' (posted on pagehide,
  // while the page unloads) never arrived
  const loads = new WeakMap<object, string>();
  // delivery is at least once (see the init script): a message sent again after a navigation is
  // taken once, by its id
  const seen = new Set<string>();
  const lost = new Set<string>();
  await context.exposeBinding('__uiPathsSink', ({ page }, envelope: { id: string; message: InspectMessage }) => {
    if (seen.has(envelope.id)) return;
    const { message } = envelope;
    if (options.loseFirst?.(message) && !lost.has(envelope.id)) {
      lost.add(envelope.id);
      return new Promise<void>(() => {});
    }
    seen.add(envelope.id);
    if (message.kind !== 'bye' && message.kind !== 'hello') {
      const before = loads.get(page);
      if (before !== undefined && before !== message.source) log.push({ kind: 'bye', source: before });
      loads.set(page, message.source);
    }
    log.push(message);
  });
  await context.addInitScript({ content: listener(INSPECT_CHANNEL) });
  return log;
}

/**
 * The script each page runs before the app. Read what the inspector posts on its channel as it
 * posts it: a message still queued for a listener is lost when the page navigates away (sign-in
 * ends with a full navigation). The hand-over to Node can be lost the same way: Playwright drops a
 * binding call whose page is already gone (an autologin that fails posts its last state and
 * navigates at once). So what Node has not yet taken when the page hides is kept in sessionStorage,
 * and the tab's next page sends it first; Node takes each id once. Plain JavaScript in a string:
 * tsx names the functions of a passed function with a helper the page does not have.
 */
function listener(channelName: string): string {
  return `(() => {
  try { sessionStorage.setItem('inspect', '1'); } catch { /* no storage: the app stays uninspected and the path fails visibly */ }
  const CHANNEL = ${JSON.stringify(channelName)};
  const PENDING = '__uiPathsPending';
  const pending = new Map();
  let hiding = false;
  const keep = () => {
    try { sessionStorage.setItem(PENDING, JSON.stringify([...pending.values()])); } catch { /* delivery stays best effort */ }
  };
  const send = (envelope) => {
    pending.set(envelope.id, envelope);
    if (hiding) keep();
    window.__uiPathsSink(envelope).then(() => pending.delete(envelope.id), () => undefined);
  };
  let left = [];
  try {
    left = JSON.parse(sessionStorage.getItem(PENDING) || '[]');
    sessionStorage.removeItem(PENDING);
  } catch { /* nothing kept */ }
  for (const envelope of left) send(envelope);
  // registered before the app's own listeners: the inspector's 'bye' (posted on pagehide) is kept too
  window.addEventListener('pagehide', () => { hiding = true; keep(); });
  window.addEventListener('pageshow', () => { hiding = false; });
  const load = Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
  let next = 0;
  const post = BroadcastChannel.prototype.postMessage;
  BroadcastChannel.prototype.postMessage = function (message) {
    if (this.name === CHANNEL) send({ id: load + ':' + next++, message });
    return post.call(this, message);
  };
})();`;
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
