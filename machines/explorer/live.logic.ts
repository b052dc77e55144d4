import type { InspectMessage, LiveActor, LiveContext, Moment, SessionFile } from './live.types';
import { REPLAY_EVENT } from './live.types';

/** the explorer follows at most this many actors; the oldest ended ones make room */
export const MAX_ACTORS = 200;
/** the timeline keeps at most this many moments; the oldest make room */
export const MAX_MOMENTS = 1000;

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
  if (m.kind === '@xstate.snapshot') return isString(m.status) && isString(m.event) && (m.time === undefined || typeof m.time === 'number');
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
  const timeline = message.kind === '@xstate.snapshot' && message.event !== REPLAY_EVENT ? addMoment(ctx.timeline, next, message.time) : ctx.timeline;
  return trim({
    ...ctx,
    actors: { ...ctx.actors, [key]: next },
    order: known ? ctx.order : [...ctx.order, key],
    timeline,
  });
}

/** the timeline with the actor's new snapshot at its end (the oldest moment dropped past MAX_MOMENTS) */
function addMoment(timeline: Moment[], actor: LiveActor, time: number | undefined): Moment[] {
  const moment: Moment = {
    seq: (timeline.at(-1)?.seq ?? 0) + 1,
    time: typeof time === 'number' && Number.isFinite(time) ? time : 0,
    key: actor.key,
    machineId: actor.machineId,
    name: actor.name,
    event: actor.event,
    value: actor.value,
    status: actor.status,
    context: actor.context,
    taken: actor.taken,
  };
  const kept = timeline.length >= MAX_MOMENTS ? timeline.slice(timeline.length - MAX_MOMENTS + 1) : timeline;
  return [...kept, moment];
}

/** the moment with this seq, if the timeline still has it */
export const momentOf = (ctx: LiveContext, seq: number | null): Moment | undefined => (seq === null ? undefined : ctx.timeline.find((m) => m.seq === seq));

/** a moment's actor as it was then: its record now (or a blank one, if it was forgotten) with that moment's state, event and context */
export function actorAt(ctx: LiveContext, moment: Moment): LiveActor {
  const [source = '', actorId = ''] = moment.key.split('/');
  const now = ctx.actors[moment.key] ?? blank(source, actorId, moment.machineId);
  return { ...now, name: moment.name, value: moment.value, status: moment.status, event: moment.event, taken: moment.taken, context: moment.context };
}

/** what Save session writes: the actors and the timeline, nothing of the view */
export function toSessionFile(ctx: LiveContext): SessionFile {
  return { kind: 'brokerage-live-session', version: 1, actors: ctx.actors, order: ctx.order, timeline: ctx.timeline };
}

const isActor = (v: unknown): v is LiveActor =>
  isRecord(v) && isString(v.key) && isString(v.machineId) && (v.parentKey === null || isString(v.parentKey)) && isString(v.name) && isString(v.page) && isString(v.event) && isString(v.status) && Array.isArray(v.taken) && typeof v.ended === 'boolean';
const isMoment = (v: unknown): v is Moment =>
  isRecord(v) && typeof v.seq === 'number' && typeof v.time === 'number' && isString(v.key) && isString(v.machineId) && isString(v.event) && isString(v.status) && Array.isArray(v.taken) && (v.context === null || isRecord(v.context));

/** A saved session read back, or null when the value is not one (another file, or a damaged one). */
export function parseSessionFile(value: unknown): SessionFile | null {
  if (!isRecord(value) || value.kind !== 'brokerage-live-session' || value.version !== 1) return null;
  const { actors, order, timeline } = value;
  if (!isRecord(actors) || !Array.isArray(order) || !Array.isArray(timeline)) return null;
  if (!order.every((k) => isString(k) && isActor(actors[k]))) return null;
  if (!timeline.every(isMoment)) return null;
  const kept = Object.fromEntries(order.map((k) => [k, { ...(actors[k] as LiveActor), pending: [] }]));
  return { kind: 'brokerage-live-session', version: 1, actors: kept, order: order as string[], timeline: (timeline as Moment[]).slice(-MAX_MOMENTS) };
}

/** The explorer's picture after opening a saved session: its actors and timeline, nothing selected. */
export function loadSession(file: SessionFile): LiveContext {
  return { actors: file.actors, order: file.order, selected: null, timeline: file.timeline, moment: null };
}

/** Forgets the actors that ended (and the selection, if it was one of them). */
export function dropEnded(ctx: LiveContext): LiveContext {
  const order = ctx.order.filter((key) => !ctx.actors[key].ended);
  const actors = Object.fromEntries(order.map((key) => [key, ctx.actors[key]]));
  return { ...ctx, actors, order, selected: ctx.selected !== null && ctx.selected in actors ? ctx.selected : null };
}
