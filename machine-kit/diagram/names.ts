import { and, not, or, stateIn } from 'xstate';

/** Readable names for XState action and guard objects (strings, `{ type }`, built-ins, inline functions). */

type Named = { type?: unknown; name?: unknown; id?: unknown; sendId?: unknown; guards?: unknown; stateValue?: unknown; check?: unknown };

// compare the combinators' `check` functions, not their names (a minifier renames functions)
const checkOf = (g: unknown) => (g as Named).check;
const CHECK_AND = checkOf(and([]));
const CHECK_OR = checkOf(or([]));
const CHECK_NOT = checkOf(not('x'));
const CHECK_IN = checkOf(stateIn('x'));

const BUILT_IN = /^xstate\.(\w+)$/;

/** `'markTried'`, `{ type: 'markTried' }`, `assign(...)` → `assign`, an inline function → its name or `inline`. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && (typeof action === 'object' || typeof action === 'function')) {
    const a = action as Named;
    if (typeof a.type === 'string' && a.type) {
      const m = BUILT_IN.exec(a.type);
      return m ? m[1] : a.type;
    }
    if (typeof action === 'function' && typeof a.name === 'string' && a.name) return a.name;
  }
  return 'inline';
}

/** The raise/cancel pairs XState adds to entry/exit for `after` are plumbing, not the author's actions. */
export function visibleEntryExit(actions: readonly unknown[]): unknown[] {
  return actions.filter((action) => {
    if (typeof action !== 'function') return true;
    const a = action as Named;
    if (a.type === 'xstate.raise' && typeof a.id === 'string' && a.id.startsWith('xstate.after.')) return false;
    if (a.type === 'xstate.cancel' && typeof a.sendId === 'string' && a.sendId.startsWith('xstate.after.')) return false;
    return true;
  });
}

/** `'isHardDecline'`, `{ type, params }`, `and([a, not(b)])` → `a && !b`, `stateIn('#x')` → `in #x`. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as Named;
    if (Array.isArray(g.guards)) {
      const parts = g.guards.map(guardName);
      if (g.check === CHECK_NOT) return `!${wrap(parts[0])}`;
      if (g.check === CHECK_AND) return parts.map(wrap).join(' && ');
      if (g.check === CHECK_OR) return parts.map(wrap).join(' || ');
    }
    if (g.check === CHECK_IN) {
      return `in ${typeof g.stateValue === 'string' ? g.stateValue : JSON.stringify(g.stateValue)}`;
    }
    return typeof g.name === 'string' && g.name ? g.name : 'inline';
  }
  if (guard && typeof guard === 'object' && typeof (guard as Named).type === 'string') {
    return (guard as Named).type + paramsText(staticParams((guard as { params?: unknown }).params));
  }
  return 'inline';
}

/** `{ type: 'markTried', params: { result: 'declined' } }` → `markTried(declined)`; params computed from the run are left out. */
export function actionLabel(action: unknown): string {
  const name = actionName(action);
  if (!action || typeof action !== 'object') return name;
  const params = (action as { params?: unknown }).params;
  return typeof params === 'function' ? name : name + paramsText(params);
}

const isScalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
/** a value written in the code: a string, number or boolean, or a list of them (`results: ['approved']`) */
const isLiteral = (v: unknown): boolean => isScalar(v) || (Array.isArray(v) && v.length > 0 && v.every(isScalar));
const literalText = (v: unknown): string => (Array.isArray(v) ? v.map(String).join('|') : String(v));

/**
 * A stand-in for whatever a params function reads from the run (`event.output.status`): every
 * property and call gives it back, so `({ event }) => ({ status: event.output.status, expected:
 * 'missing' })` yields `expected: 'missing'` and a stand-in, which is dropped.
 */
const symbolic: unknown = new Proxy(function symbolicValue() {}, {
  get: (_target, key) => (key === Symbol.toPrimitive ? () => Number.NaN : symbolic),
  apply: () => symbolic,
  ownKeys: () => ['prototype'],
});

/** The params the author wrote as literals: a params object as is; a params function run on a stand-in run, its literal values kept. */
export function staticParams(params: unknown): Record<string, unknown> | undefined {
  if (typeof params === 'function') {
    try {
      const out: unknown = (params as (arg: unknown) => unknown)({ context: symbolic, event: symbolic, self: symbolic, system: symbolic });
      if (!out || typeof out !== 'object' || Array.isArray(out)) return undefined;
      return Object.fromEntries(Object.entries(out).filter(([, v]) => isLiteral(v)));
    } catch {
      return undefined;
    }
  }
  return params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : undefined;
}

/** Static params worth showing: `isKind(alert)`, `hasAtLeast(count=2, of=tries)`; values computed at run time are not. */
function paramsText(params: unknown): string {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return '';
  const entries = Object.entries(params);
  if (!entries.length || !entries.every(([, v]) => isLiteral(v))) return '';
  if (entries.length === 1) return `(${literalText(entries[0][1])})`;
  return `(${entries.map(([k, v]) => `${k}=${literalText(v)}`).join(', ')})`;
}

function wrap(s: string): string {
  return /\s/.test(s) ? `(${s})` : s;
}
