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
    return (guard as Named).type + paramsText((guard as { params?: unknown }).params);
  }
  return 'inline';
}

/** Static params worth showing: `isKind(alert)`, `hasAtLeast(count=2, of=tries)`; params computed by a function are not. */
function paramsText(params: unknown): string {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return '';
  const entries = Object.entries(params);
  if (!entries.length || !entries.every(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))) return '';
  if (entries.length === 1) return `(${String(entries[0][1])})`;
  return `(${entries.map(([k, v]) => `${k}=${String(v)}`).join(', ')})`;
}

function wrap(s: string): string {
  return /\s/.test(s) ? `(${s})` : s;
}
