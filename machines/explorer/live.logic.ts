import type { InspectMessage, LiveActor, LiveContext } from './live.types';
import { REPLAY_EVENT } from './live.types';

/** the explorer follows at most this many actors; the oldest ended ones make room */
export const MAX_ACTORS = 200;

export const actorKey = (source: string, actorId: string): string => `${source}/${actorId}`;

const isString = (v: unknown): v is string => typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A message from the channel that the explorer understands (anything else is ignored). */
export function isInspectMessage(value: unknown): value is InspectMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  if (m.kind === 'hello') return true;
  if (m.kind === 'bye') return isString(m.source);
  if (!isString(m.source) || !isString(m.actorId) || !isString(m.machineId)) return false;
  if (m.kind === '@xstate.actor') return isString(m.name) && isString(m.page) && (m.parentId === null || isString(m.parentId));
  if (m.kind === '@xstate.snapshot') return isString(m.status) && isString(m.event);
  if (m.kind === '@xstate.microstep') {
    return Array.isArray(m.transitions) && m.transitions.every((t) => typeof t === 'object' && t !== null && isString((t as { id?: unknown }).id));
  }
  return false;
}

function blank(source: string, actorId: string, machineId: string): LiveActor {
  return {
    key: actorKey(source, actorId),
    source,
    actorId,
    machineId,
    name: machineId || actorId,
    parentKey: null,
    page: '',
    value: null,
    status: 'active',
    event: '',
    context: null,
    taken: [],
    pending: [],
    ended: false,
  };
}

/** Drops the oldest ended actors while there are more than MAX_ACTORS. */
function trim(ctx: LiveContext): LiveContext {
  if (ctx.order.length <= MAX_ACTORS) return ctx;
  const actors = { ...ctx.actors };
  const order = [...ctx.order];
  for (let i = 0; i < order.length && order.length > MAX_ACTORS; ) {
    if (actors[order[i]].ended && order[i] !== ctx.selected) {
      delete actors[order[i]];
      order.splice(i, 1);
    } else i++;
  }
  return { ...ctx, actors, order };
}

/** The explorer's picture of the app's actors after one channel message. Pure. */
export function applyMessage(ctx: LiveContext, message: unknown): LiveContext {
  if (!isInspectMessage(message) || message.kind === 'hello') return ctx;
  if (message.kind === 'bye') {
    const actors = { ...ctx.actors };
    let changed = false;
    for (const key of ctx.order) {
      if (actors[key].source === message.source && !actors[key].ended) {
        actors[key] = { ...actors[key], ended: true, pending: [] };
        changed = true;
      }
    }
    return changed ? { ...ctx, actors } : ctx;
  }
  const key = actorKey(message.source, message.actorId);
  const known = ctx.actors[key];
  const actor: LiveActor = known ?? blank(message.source, message.actorId, message.machineId);
  let next: LiveActor;
  if (message.kind === '@xstate.actor') {
    next = {
      ...actor,
      name: message.name || actor.name,
      page: message.page,
      parentKey: message.parentId === null ? null : actorKey(message.source, message.parentId),
    };
  } else if (message.kind === '@xstate.microstep') {
    next = { ...actor, pending: [...actor.pending, ...message.transitions.map((t) => t.id)] };
  } else {
    const replay = message.event === REPLAY_EVENT;
    next = {
      ...actor,
      value: message.value ?? null,
      status: message.status,
      event: replay ? actor.event : message.event,
      context: isRecord(message.context) ? message.context : null,
      taken: replay ? actor.taken : actor.pending,
      pending: [],
      ended: message.status !== 'active',
    };
  }
  return trim({
    ...ctx,
    actors: { ...ctx.actors, [key]: next },
    order: known ? ctx.order : [...ctx.order, key],
  });
}

/** Forgets the actors that ended (and the selection, if it was one of them). */
export function dropEnded(ctx: LiveContext): LiveContext {
  const order = ctx.order.filter((key) => !ctx.actors[key].ended);
  const actors = Object.fromEntries(order.map((key) => [key, ctx.actors[key]]));
  return { actors, order, selected: ctx.selected !== null && ctx.selected in actors ? ctx.selected : null };
}
