/**
 * What of a machine's context leaves the page when inspection is on (issue 34 §1): one allow-list
 * per machine, enforced here and nowhere else (src/flows/shared/inspector.ts calls
 * `sanitiseContext` for every snapshot it publishes). A machine not in the table shares no context
 * at all; a listed path shares that part only. A field whose name is personal or secret (a card
 * number, CVV, password, code, token, address, e-mail…) never passes, even if a list named it or it
 * sits inside an allowed object: the test holds every list to that, and the sanitiser drops such a
 * field wherever it appears.
 *
 * Paths: `a` (the whole field), `a.b` (one field of an object), `a[].b` (one field of each item).
 */
export const CONTEXT_ALLOW: Readonly<Record<string, readonly string[]>> = {
  // the card cascade: which processor is being tried, which were, and how each answered (spec 000 §3)
  cascade: ['stack', 'tried', 'current.processor', 'current.deadline', 'log[].processor', 'log[].result', 'payment.amount', 'payment.currency', 'payment.fixed', 'payment.bonus', 'outcome.kind', 'error.key'],
  listen: ['processor', 'deadline', 'immediate', 'recheck', 'status', 'reply.status'],
  cardForm: ['demo', 'currency', 'country', 'shakes', 'error.field', 'error.msg.key', 'payment.amount', 'payment.currency', 'result.result'],
  funding: ['tab', 'amount', 'bonus', 'fixed', 'presses', 'cardTab', 'promoPercent', 'error.key', 'promoError.key'],
  withdrawal: ['tab', 'fixed', 'accountCurrency', 'isBonus', 'factorType', 'shakes', 'error.key', 'result.key'],
  invoice: ['coin', 'status', 'paid', 'due', 'late', 'pending', 'confirming', 'voucher', 'startedAt', 'expiresAt'],
  voucher: ['demo', 'shakes', 'error.key'],
  login: ['shakes', 'factor', 'passkey', 'withdrawOnly', 'error.key'],
};

/**
 * Field names that never leave the page, whatever a list says (compared without case; a name
 * containing one of SECRET_PARTS is refused too).
 */
export const FORBIDDEN_NAMES: readonly string[] = ['pan', 'number', 'cvv', 'cvc', 'card', 'pin', 'code', 'otp', 'uid', 'guid', 'hash', 'uri', 'url', 'iban', 'name', 'phone', 'rd'];
export const SECRET_PARTS: readonly string[] = ['password', 'token', 'secret', 'email', 'address', 'mnemonic', 'seed', 'autologin', 'recovery', 'cvv'];

export function isForbiddenName(name: string): boolean {
  const lower = name.toLowerCase();
  return FORBIDDEN_NAMES.includes(lower) || SECRET_PARTS.some((part) => lower.includes(part));
}

/** the longest string that leaves the page (a longer one is cut) */
const MAX_STRING = 200;

/** A value as it may leave: primitives as they are, objects and arrays without forbidden fields. */
function clean(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (depth > 4 || typeof value !== 'object') return undefined; // functions, actors, deep structures: not sent
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => clean(v, depth + 1) ?? null);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined; // class instances (actor refs, dates): not sent
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (isForbiddenName(k)) continue;
    const c = clean(v, depth + 1);
    if (c !== undefined) out[k] = c;
  }
  return out;
}

function pick(value: unknown, segments: readonly string[]): unknown {
  if (segments.length === 0) return clean(value);
  if (value === null || typeof value !== 'object') return undefined;
  const [head, ...rest] = segments;
  if (head.endsWith('[]')) {
    const list = (value as Record<string, unknown>)[head.slice(0, -2)];
    return Array.isArray(list) ? list.slice(0, 50).map((item) => pick(item, rest) ?? null) : undefined;
  }
  return Object.hasOwn(value, head) ? pick((value as Record<string, unknown>)[head], rest) : undefined;
}

/** puts a picked value under its path in `into` (an `a[].b` pick, one value per item, becomes `a: [{ b }, …]`) */
function place(into: Record<string, unknown>, segments: readonly string[], value: unknown): void {
  const [head, ...rest] = segments;
  if (head.endsWith('[]')) {
    const key = head.slice(0, -2);
    const existing = (Array.isArray(into[key]) ? into[key] : []) as unknown[];
    into[key] = (Array.isArray(value) ? value : []).map((item, i) => {
      if (rest.length === 0) return item;
      const target = (existing[i] && typeof existing[i] === 'object' ? existing[i] : {}) as Record<string, unknown>;
      if (item !== null && item !== undefined) place(target, rest, item);
      return target;
    });
    return;
  }
  if (rest.length === 0) {
    into[head] = value;
    return;
  }
  const current = into[head];
  const target = (current && typeof current === 'object' && !Array.isArray(current) ? current : {}) as Record<string, unknown>;
  place(target, rest, value);
  into[head] = target;
}

/**
 * The part of a machine's context that may leave the page: the allowed paths, forbidden names
 * dropped at any depth; `null` when the machine shares none (not in CONTEXT_ALLOW).
 */
export function sanitiseContext(machineId: string, context: unknown): Record<string, unknown> | null {
  const paths = Object.hasOwn(CONTEXT_ALLOW, machineId) ? CONTEXT_ALLOW[machineId] : undefined;
  if (!paths) return null;
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.some((s) => isForbiddenName(s.replace(/\[\]$/, '')))) continue;
    const value = pick(context, segments);
    if (value !== undefined) place(out, segments, value);
  }
  return out;
}
