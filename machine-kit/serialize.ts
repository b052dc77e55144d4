import type { AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';

/** JSON that keeps errors apart (plain JSON turns every Error into {}) and orders object keys. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Error) return { $error: v.name, message: v.message };
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)));
    }
    return v;
  });
}

/** Traversal identity of a snapshot: its value and context (and status once it is not active). */
export function serializeSnapshot(snapshot: AnyMachineSnapshot): string {
  const status = snapshot.status === 'active' ? undefined : snapshot.status;
  return stableJson({ value: snapshot.value, context: snapshot.context, status });
}

export function serializeEvent(event: AnyEventObject): string {
  return stableJson(event);
}

/** `signedIn.idle`, or `{pay.loading, notify.idle}` for parallel regions. */
export function formatValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, sub]) => {
    if (sub === undefined) return key;
    const inner = formatValue(sub);
    return inner.startsWith('{') || inner === '' ? `${key}${inner}` : `${key}.${inner}`;
  });
  return parts.length === 1 ? parts[0] : `{${parts.join(', ')}}`;
}

function short(value: unknown): string {
  if (value instanceof Error) return `Error(${value.message})`;
  if (typeof value === 'string') return JSON.stringify(value);
  const json = stableJson(value);
  return json === undefined ? 'undefined' : json;
}

export function formatPayload(payload: Record<string, unknown>): string {
  const entries = Object.entries(payload);
  return entries.length ? `(${entries.map(([k, v]) => `${k}=${short(v)}`).join(', ')})` : '';
}

/** How a step reads in a path line; `srcOf` names the actor behind an invoke id. */
export function formatEvent(event: AnyEventObject, srcOf: (invokeId: string) => string | undefined): string {
  const { type, ...payload } = event;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `${srcOf(done[1]) ?? done[1]}.done(${short(payload.output)})`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error) return `${srcOf(error[1]) ?? error[1]}.error(${short(payload.error)})`;
  const after = /^xstate\.after\.(\d+(?:\.\d+)?|[^.]+)\./.exec(type);
  if (after) return `after(${after[1]})`;
  return `${type}${formatPayload(payload)}`;
}
