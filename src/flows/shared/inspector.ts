import type { AnyActorRef, InspectionEvent } from 'xstate';
import { INSPECT_CHANNEL, REPLAY_EVENT, type InspectMessage } from '../../../machines/inspection/protocol';
import { transitionId } from '../../../machines/inspection/transition-id';
import { SANDBOX_BANNER_ID } from '../../../core/sandbox-note';
import type { sanitiseContext as SanitiseContext } from '../../../machines/inspection/context-allow';

/** The channel the analysts' explorer listens on; the protocol is in machines/explorer/live.types.ts. */
export { INSPECT_CHANNEL };

let channel: BroadcastChannel | null = null;
/** this page load: session ids repeat across tabs, so every message names its page */
const source = Math.random().toString(36).slice(2, 10);
/** actors seen starting, so an explorer that opens later learns them (it says hello) */
const known = new Map<string, AnyActorRef>();
/**
 * Actors created but not started yet, with what they published while being built (an initial
 * `always` is a microstep then). React may create an actor in a render it then discards
 * (`useActorRef` while a store update arrives); such an actor never starts and must not appear
 * beside the real one, so an actor is announced when it starts (its `xstate.init`).
 */
const created = new Map<string, { actor: AnyActorRef; held: InspectMessage[] }>();
const MAX_CREATED = 100;

const machineIdOf = (actor: AnyActorRef): string => (actor as { logic?: { id?: string } }).logic?.id ?? '';

/** the allow-list's sanitiser, loaded with inspection (it is no trader's page's weight while inspection is off) */
let sanitiseContext: typeof SanitiseContext | null = null;
/** what was to be posted while the sanitiser was on its way, in order */
const waiting: InspectMessage[] = [];
/** Stately's inspector, when `?inspect=stately` attached it (src/flows/shared/inspector-stately.ts) */
let stately: ((message: InspectMessage) => void) | null = null;
/** the funnel's reporter (src/flows/shared/funnel-reporter.ts), once it is loaded: every raw inspection event */
let stepListener: ((event: InspectionEvent) => void) | null = null;

/** The funnel's reporter listens to every actor's events from here on. */
export const setStepListener = (listener: ((event: InspectionEvent) => void) | null): void => {
  stepListener = listener;
};

function post(message: InspectMessage): void {
  if (!channel) return;
  if (!sanitiseContext) {
    waiting.push(message);
    return;
  }
  try {
    // a snapshot's context is the machine's own until here: what leaves is the allow-list's part
    const shared = message.kind === '@xstate.snapshot' ? { ...message, context: message.machineId ? sanitiseContext(message.machineId, message.context) : null } : message;
    channel.postMessage(shared);
    stately?.(shared);
  } catch {
    // inspection must never break the app
  }
}

function actorMessage(actor: AnyActorRef): InspectMessage {
  const machineId = machineIdOf(actor);
  const src = (actor as { src?: unknown }).src;
  return {
    kind: '@xstate.actor',
    source,
    actorId: actor.sessionId,
    machineId,
    name: typeof src === 'string' ? src : machineId || actor.id,
    parentId: (actor as { _parent?: { sessionId: string } })._parent?.sessionId ?? null,
    page: window.location.pathname,
  };
}

const isActive = (actor: AnyActorRef): boolean => (actor.getSnapshot() as { status?: string }).status === 'active';

/** Forgets stopped actors (a cancelled invoke stops without a last snapshot). */
function prune(): void {
  for (const [id, actor] of known) if (!isActive(actor)) known.delete(id);
}

/** Tells the explorers every running actor and its current snapshot. */
function replay(): void {
  prune();
  for (const [id, actor] of known) {
    const snap = actor.getSnapshot() as { value?: unknown; context?: unknown };
    const machineId = machineIdOf(actor);
    post(actorMessage(actor));
    post({ kind: '@xstate.snapshot', source, actorId: id, machineId, value: snap.value ?? null, status: 'active', event: REPLAY_EVENT, context: snap.context as never });
  }
}

/** Inspection is on with ?inspect=1 in the URL or the `inspect` setting; off by default. */
export function enableInspection(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  // what happens until the sanitiser is here waits in order (its contexts as they were), then goes
  void loadSanitiser();
  channel = new BroadcastChannel(INSPECT_CHANNEL);
  channel.onmessage = (e: MessageEvent<{ kind?: string } | null>) => {
    if (e.data?.kind === 'hello') replay();
  };
  window.addEventListener('pagehide', () => post({ kind: 'bye', source }));
  replay();
}

/**
 * `?inspect=1` turns inspection on for this tab until it closes (it survives the full navigation
 * from login to trading); `?inspect=stately` also opens Stately's inspector (development and
 * sandbox only); `?inspect=0` turns it off again.
 */
export function inspectionRequested(): boolean {
  const flag = new URLSearchParams(window.location.search).get('inspect');
  try {
    if (flag !== null) sessionStorage.setItem('inspect', flag === '0' ? '' : flag === 'stately' ? 'stately' : '1');
    return !!sessionStorage.getItem('inspect');
  } catch {
    return flag !== null && flag !== '0';
  }
}

/**
 * Passed as `inspect` to every actor the app creates (createActor, useActorRef). Publishes a
 * small JSON summary of each event (no functions, no class instances) so another tab can follow
 * the flows. Off, it only remembers which actors run.
 */
export function inspect(event: InspectionEvent): void {
  const actor = event.actorRef as AnyActorRef;
  try {
    stepListener?.(event);
    if (event.type === '@xstate.actor') {
      if (created.size >= MAX_CREATED) created.delete(created.keys().next().value as string);
      created.set(actor.sessionId, { actor, held: [] });
      return;
    }
    const building = created.get(actor.sessionId);
    if (event.type === '@xstate.event' && event.event.type === 'xstate.init' && building?.actor === actor) {
      created.delete(actor.sessionId);
      if (known.size >= 100) prune();
      known.set(actor.sessionId, actor);
      post(actorMessage(actor));
      building.held.forEach(post); // its first snapshot follows (the start's)
      return;
    }
    const message = summary(event, actor);
    if (!message) return;
    if (building) {
      if (channel) building.held.push(message);
    } else {
      if (message.kind === '@xstate.snapshot' && message.status !== 'active') known.delete(actor.sessionId);
      post(message);
    }
  } catch {
    // inspection must never break the app
  }
}

async function loadSanitiser(): Promise<void> {
  try {
    const { sanitiseContext: sanitise } = await import('../../../machines/inspection/context-allow');
    // Stately's window attached before anything goes: what waits goes to both, in order
    if (sessionStorage.getItem('inspect') === 'stately') {
      stately = (await import('./inspector-stately')).attachStately((id) => known.get(id) ?? created.get(id)?.actor, { replayEvent: REPLAY_EVENT, sandboxBannerId: SANDBOX_BANNER_ID, development: import.meta.env.DEV });
    }
    sanitiseContext = sanitise;
    for (const message of waiting.splice(0)) post(message);
  } catch {
    // without the sanitiser nothing is posted (a reload asks for its chunk again)
    channel = null;
    waiting.length = 0;
  }
}

/** The JSON the explorer gets for a snapshot or a microstep (other inspection events: none). */
function summary(event: InspectionEvent, actor: AnyActorRef): InspectMessage | null {
  const base = { source, actorId: actor.sessionId, machineId: machineIdOf(actor) };
  if (event.type === '@xstate.snapshot') {
    const snap = event.snapshot as { value?: unknown; status?: string; context?: unknown };
    return { ...base, kind: '@xstate.snapshot', value: snap.value ?? null, status: snap.status ?? '', event: event.event.type, context: snap.context as never, time: Date.now() };
  }
  if (event.type === '@xstate.microstep' && channel) {
    return {
      ...base,
      kind: '@xstate.microstep',
      event: event.event.type,
      transitions: event._transitions.map((t) => ({ id: transitionId(t), source: t.source.id, targets: (t.target ?? []).map((s) => s.id), eventType: t.eventType })),
    };
  }
  return null;
}
