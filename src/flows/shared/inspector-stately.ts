import { createBrowserInspector, type createInspector } from '@statelyai/inspect';
import type { AnyActorRef } from 'xstate';
import type { InspectMessage } from '../../../machines/inspection/protocol';

/**
 * Stately's own inspector attached beside ours (issue 34 §3): `?inspect=stately` opens
 * stately.ai/inspect in a window of its own and sends it the events `@statelyai/inspect` speaks
 * (`@xstate.actor` with the machine's definition, `@xstate.event`, `@xstate.snapshot`). What it
 * gets is what our explorer gets, after the allow-list (machines/inspection/context-allow.ts): the
 * messages come from src/flows/shared/inspector.ts once sanitised, never from the actors directly.
 * In development and in sandbox mode only: a production page (no sandbox banner) never attaches it.
 *
 * What it needs of the app's own modules (the replay's event name, the sandbox banner's id) comes
 * from its caller: a module shared with the first chunk would split that chunk in two (Rolldown
 * moves a module two chunks import into a third), which every trader's first load would pay for.
 */
export interface StatelyNeeds {
  /** machines/inspection/protocol.ts REPLAY_EVENT */
  replayEvent: string;
  /** core/sandbox-note.ts SANDBOX_BANNER_ID */
  sandboxBannerId: string;
  /** the build's import.meta.env.DEV (`npm run dev`) */
  development: boolean;
}

export const statelyAllowed = (needs: StatelyNeeds): boolean => needs.development || document.getElementById(needs.sandboxBannerId) !== null;

/** an inspector of `@statelyai/inspect` (the package names its type only through its factories) */
type StatelyInspector = Pick<ReturnType<typeof createInspector>, 'actor' | 'event' | 'snapshot'>;

/**
 * The actor as `@statelyai/inspect` reads one: its session id, its parent's and its machine's
 * config (the package draws the diagram from it). A plain id would lose both: the package keeps
 * the definition and the parent only from an actor reference.
 */
function standIn(message: InspectMessage & { kind: '@xstate.actor' }, actor: AnyActorRef | undefined): Parameters<StatelyInspector['actor']>[0] {
  const config = message.machineId ? (actor as { logic?: { config?: unknown } } | undefined)?.logic?.config : undefined;
  return {
    sessionId: message.actorId,
    ...(message.parentId ? { _parent: { sessionId: message.parentId } } : {}),
    ...(config ? { logic: { config } } : {}),
  } as never;
}

/**
 * Our messages, sanitised, as Stately inspection events on `inspector`: an actor with its parent
 * and definition; each snapshot after the event that led to it (a replay, the answer to an
 * explorer's hello, is a snapshot without an event). Microsteps have no Stately event: its
 * inspector reads the transitions from the definition and the snapshots.
 */
export function statelySink(inspector: StatelyInspector, find: (actorId: string) => AnyActorRef | undefined, needs: StatelyNeeds): (message: InspectMessage) => void {
  return (message) => {
    if (message.kind === '@xstate.actor') {
      inspector.actor(standIn(message, find(message.actorId)), { status: 'active' });
    } else if (message.kind === '@xstate.snapshot') {
      const snapshot = { value: message.value, status: message.status as 'active', context: message.context ?? undefined };
      if (message.event === needs.replayEvent) {
        inspector.snapshot(message.actorId, snapshot);
        return;
      }
      inspector.event(message.actorId, { type: message.event });
      inspector.snapshot(message.actorId, snapshot, { event: { type: message.event } });
    }
  };
}

/** Opens Stately's inspector window and returns the sink that feeds it, or null where it may not attach. */
export function attachStately(find: (actorId: string) => AnyActorRef | undefined, needs: StatelyNeeds): ((message: InspectMessage) => void) | null {
  if (!statelyAllowed(needs)) return null;
  return statelySink(createBrowserInspector({ autoStart: true }), find, needs);
}
