import type { InspectionEvent } from 'xstate';

/** The channel the analysts' explorer listens on (issue 7). */
export const INSPECT_CHANNEL = 'brokerage-inspect';

let channel: BroadcastChannel | null = null;

/** Inspection is on with ?inspect=1 in the URL or the `inspect` setting; off by default. */
export function enableInspection(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(INSPECT_CHANNEL);
}

export const inspectionRequested = (): boolean => new URLSearchParams(window.location.search).has('inspect');

/**
 * Passed as `inspect` to every actor the app creates. Publishes a small JSON summary of
 * each event (no functions, no class instances) so another tab can follow the flows.
 */
export function inspect(event: InspectionEvent): void {
  if (!channel) return;
  const actor = event.actorRef;
  const base = { kind: event.type, actorId: actor.sessionId, machineId: (actor as { logic?: { id?: string } }).logic?.id ?? '' };
  try {
    if (event.type === '@xstate.snapshot') {
      const snap = event.snapshot as { value?: unknown; status?: string };
      channel.postMessage({ ...base, value: snap.value ?? null, status: snap.status ?? '', event: event.event.type });
    } else if (event.type === '@xstate.microstep') {
      channel.postMessage({ ...base, event: event.event.type, transitions: event._transitions.map((t) => ({ source: t.source.id, targets: (t.target ?? []).map((s) => s.id), eventType: t.eventType })) });
    } else if (event.type === '@xstate.actor') {
      channel.postMessage({ ...base, parentId: (event.actorRef as { _parent?: { sessionId: string } })._parent?.sessionId ?? null });
    }
  } catch {
    // inspection must never break the app
  }
}
