import * as z from 'zod/mini';
import { FUNNEL_COHORTS, FUNNEL_DEVICES, FUNNEL_LANGS, FUNNEL_MAX_STEPS } from '../funnel';

export * from '../funnel';

/**
 * The funnel from real traffic (issue 34 §4; server/domain/funnel/, server/routes/funnel.ts,
 * docs/explorer.md "The funnel"). The app reports the transitions its machines take — counts and
 * how long the state was held, never a context, an event's payload or who — and the server adds
 * them up per hour and per segment. The explorer paints them on the diagram.
 *
 *   POST /api/funnel/steps                     FunnelReport   FunnelAccepted (CSRF; any session, signed in or not)
 *   GET  /api/explorer/funnel?…                FunnelQuery    MachineFunnel  (the explorer: only where it is on)
 *   GET  /api/explorer/funnel/cascade?…        FunnelQuery    CascadeFunnel  (the card cascade from the payments themselves)
 *
 * Refusals: 400 funnel.invalid (a report or query out of shape), 429 funnel.busy (a session sent
 * more than FUNNEL_BATCHES_PER_MINUTE reports in a minute), 404 where the explorer is off.
 */

/** a machine's id as machines/index.ts names it */
const MachineId = z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,47}$/, 'funnel.invalid'));
/** a state's id (`cascade.listening`) or a transition's (`cascade.listening:listen.result:0`, machines/inspection/transition-id.ts) */
const NodeId = z.string().check(z.regex(/^[^\s<>"'`\\]{1,200}$/, 'funnel.invalid'));

export const FunnelStep = z.object({
  machine: MachineId,
  transition: NodeId,
  from: NodeId,
  /** the state the transition entered ('' for one that only ran actions) */
  to: z.union([z.literal(''), NodeId]),
  /** how long `from` had been held when the transition was taken, ms (null: not known, e.g. the actor was restored) */
  dwellMs: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(2_592_000_000))),
});
export type FunnelStep = z.infer<typeof FunnelStep>;

export const FunnelReport = z.object({
  lang: z.enum(FUNNEL_LANGS),
  device: z.enum(FUNNEL_DEVICES),
  steps: z.array(FunnelStep).check(z.minLength(1), z.maxLength(FUNNEL_MAX_STEPS)),
});
export type FunnelReport = z.infer<typeof FunnelReport>;

export const FunnelAccepted = z.object({ ok: z.literal(true), accepted: z.number() });
export type FunnelAccepted = z.infer<typeof FunnelAccepted>;

const Day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'funnel.invalid'));

/** `from` and `to` are UTC days, both included; an empty segment field is every value */
export const FunnelQuery = z.object({
  machine: z.optional(MachineId),
  from: Day,
  to: Day,
  country: z.optional(z.string().check(z.regex(/^([A-Z]{2})?$/, 'funnel.invalid'))),
  lang: z.optional(z.enum(['', ...FUNNEL_LANGS])),
  device: z.optional(z.enum(['', ...FUNNEL_DEVICES])),
  cohort: z.optional(z.enum(['', ...FUNNEL_COHORTS])),
});
export type FunnelQuery = z.infer<typeof FunnelQuery>;

/** a dwell bucket: the time was at least `low` ms and under `high` ms (buckets double: 0–1 s, 1–2 s, 2–4 s…; `high` -1: no upper bound, 2^20 s and more) */
export const DwellRange = z.object({ low: z.number(), high: z.number() });
export type DwellRange = z.infer<typeof DwellRange>;

export const MachineFunnel = z.object({
  machine: z.string(),
  from: z.string(),
  to: z.string(),
  /** transitions taken in the range and segment */
  total: z.number(),
  transitions: z.array(z.object({ id: z.string(), from: z.string(), to: z.string(), count: z.number() })),
  /** per state left in the range: how many times, and the bucket holding the median time spent in it (null: no time known) */
  states: z.array(z.object({ id: z.string(), exits: z.number(), median: z.nullable(DwellRange) })),
  /** transitions per UTC day (per hour when the range is one day), oldest first, empty buckets included */
  series: z.array(z.object({ at: z.string(), count: z.number() })),
  /** segment values the range holds, for the explorer's pickers */
  countries: z.array(z.string()),
});
export type MachineFunnel = z.infer<typeof MachineFunnel>;

export const CascadeFunnel = z.object({
  from: z.string(),
  to: z.string(),
  /** card payments created in the range, by where they ended (created, processing, approved, failed, stopped) */
  payments: z.array(z.object({ status: z.string(), count: z.number() })),
  /** per processor, its attempts in the range and how each ended; `reasons`: declines by the processor's code */
  processors: z.array(
    z.object({
      processor: z.string(),
      attempts: z.number(),
      approved: z.number(),
      declined: z.number(),
      voided: z.number(),
      open: z.number(),
      reasons: z.array(z.object({ code: z.string(), message: z.string(), count: z.number() })),
    }),
  ),
  /** language and device are not recorded with a payment: a query naming them is answered for all */
  ignored: z.array(z.enum(['lang', 'device'])),
});
export type CascadeFunnel = z.infer<typeof CascadeFunnel>;
