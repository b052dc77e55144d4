import type { MachineFunnel } from '../../core/contract/funnel';
import { FUNNEL_COHORTS, FUNNEL_DEVICES, FUNNEL_LANGS } from '../../core/funnel';
import type { FunnelFilter } from '../../machines/explorer/funnel.types';

const DAY_MS = 86_400_000;
/** the range the funnel opens with: the last seven days to today (UTC) */
export const DEFAULT_DAYS = 7;

const dayBefore = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The filter an address names (`from=…&to=…&country=…`); what it leaves out is the last seven days to `today`, every segment. */
export function filterFromTarget(target: string | undefined, today: string): FunnelFilter {
  const q = new URLSearchParams(target ?? '');
  const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' => (value && (allowed as readonly string[]).includes(value) ? (value as T) : '');
  const to = q.get('to') || today;
  return {
    from: q.get('from') || dayBefore(to, DEFAULT_DAYS - 1),
    to,
    country: /^[A-Z]{2}$/.test(q.get('country') ?? '') ? q.get('country')! : '',
    lang: pick(q.get('lang'), FUNNEL_LANGS),
    device: pick(q.get('device'), FUNNEL_DEVICES),
    cohort: pick(q.get('cohort'), FUNNEL_COHORTS),
  };
}

/** The filter as the address writes it (only what is set). */
export const targetOfFilter = (f: FunnelFilter): string =>
  new URLSearchParams(Object.entries(f).filter(([, v]) => v !== '') as [string, string][]).toString();

export interface FunnelStateRow {
  id: string;
  exits: number;
  median: MachineFunnel['states'][number]['median'];
  /** the transitions out of it, most taken first, with their share of its exits */
  out: { id: string; to: string; count: number; share: number }[];
}

/**
 * The funnel read per state: each state's exits and, for each way out, its share of them (the
 * share of entries into a state that leave by each transition; a state still held has not left).
 */
export function funnelByState(funnel: MachineFunnel): FunnelStateRow[] {
  const exits = new Map(funnel.states.map((s) => [s.id, s]));
  const rows = new Map<string, FunnelStateRow>();
  for (const t of funnel.transitions) {
    const state = exits.get(t.from);
    const row = rows.get(t.from) ?? rows.set(t.from, { id: t.from, exits: state?.exits ?? 0, median: state?.median ?? null, out: [] }).get(t.from)!;
    row.out.push({ id: t.id, to: t.to, count: t.count, share: row.exits > 0 ? t.count / row.exits : 0 });
  }
  return [...rows.values()].sort((a, b) => b.exits - a.exits || (a.id < b.id ? -1 : 1));
}
