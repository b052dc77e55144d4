import type { EnabledEvent } from '../../machines/explorer/step.types';

/** `{a: {b: 1}, c: [2]}` → `a.b` = 1, `c.0` = 2 (leaves only; empty objects and arrays are leaves). */
export function flatten(value: unknown, prefix = '', out: Map<string, unknown> = new Map()): Map<string, unknown> {
  if (value && typeof value === 'object' && Object.keys(value).length) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value);
  return out;
}

const show = (v: unknown): string => {
  const text = v === undefined ? '—' : typeof v === 'string' ? `"${v}"` : JSON.stringify(v);
  return text.length > 28 ? `${text.slice(0, 27)}…` : text;
};

/**
 * Names for values that share a stem (the same event type): each one by the keys whose values
 * differ between them (`reply.proc="ZOOM", reply.hostCode="05"`). Keys are taken, most telling
 * first, until every distinct value has a distinct name (at most `max` keys); a key a value does
 * not have is left out of its name unless that would make two names equal. A group of one is
 * named by nothing (`''`).
 */
export function differences(values: readonly unknown[], max = 6): string[] {
  if (values.length < 2) return values.map(() => '');
  const flat = values.map((v) => flatten(v));
  const at = (f: Map<string, unknown>, k: string) => JSON.stringify(f.get(k) ?? null);
  const keys = [...new Set(flat.flatMap((f) => [...f.keys()]))];
  const spread = (k: string) => new Set(flat.map((f) => at(f, k))).size;
  const present = (k: string) => flat.filter((f) => f.get(k) !== undefined).length;
  const differing = keys
    .filter((k) => spread(k) > 1)
    .sort((a, b) => present(b) - present(a) || spread(b) - spread(a) || a.split('.').length - b.split('.').length);
  const distinct = new Set(flat.map((f) => keys.map((k) => at(f, k)).join('|'))).size;
  const chosen: string[] = [];
  const groups = () => new Set(flat.map((f) => chosen.map((k) => at(f, k)).join('|'))).size;
  for (const k of differing) {
    if (chosen.length >= max || (chosen.length && groups() >= distinct)) break;
    // a key only worth adding if it splits something the chosen ones do not
    const before = groups();
    chosen.push(k);
    if (groups() === before && before > 1) chosen.pop();
  }
  const short = (k: string) => k.replace(/^(output|error)\./, '') || k;
  const name = (f: Map<string, unknown>, all: boolean) =>
    chosen.filter((k) => all || f.get(k) !== undefined).map((k) => `${short(k)}=${show(f.get(k))}`).join(', ');
  const brief = flat.map((f) => name(f, false));
  return flat.map((f, i) => (brief.some((b, j) => j !== i && b === brief[i] && !sameValue(flat[j], f)) ? name(f, true) : brief[i]));
}

const sameValue = (a: Map<string, unknown>, b: Map<string, unknown>): boolean =>
  a.size === b.size && [...a].every(([k, v]) => JSON.stringify(b.get(k)) === JSON.stringify(v));

/** the stem of a step button: the label up to its payload (`startProcessor.done`, `login.submit`, `after(…)`) */
export function stemOf(label: string): string {
  const at = label.indexOf('(');
  return at < 0 || label.startsWith('after(') ? label : label.slice(0, at);
}

/**
 * Button texts for the enabled events of step mode: an event alone of its kind keeps its label;
 * events that share a stem (one actor's several outcomes, one event's payload cases) are named by
 * what differs between their payloads: `startProcessor.done · outcome="declined"`.
 */
export function buttonNames(events: readonly EnabledEvent[]): string[] {
  const groups = new Map<string, number[]>();
  events.forEach((e, i) => {
    const stem = stemOf(e.label);
    groups.set(stem, [...(groups.get(stem) ?? []), i]);
  });
  const names = events.map((e) => e.label);
  for (const [stem, idx] of groups) {
    if (idx.length < 2) continue;
    const payloads = idx.map((i) => Object.fromEntries(Object.entries(events[i].event).filter(([k]) => k !== 'type')));
    const diffs = differences(payloads);
    idx.forEach((i, n) => (names[i] = diffs[n] ? `${stem} · ${diffs[n]}` : events[i].label));
  }
  return names;
}
