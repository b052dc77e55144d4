import { sql } from 'kysely';
import type { CardProcessor } from '../../../core/contract';
import type { ProcessorHealthRow, ProcessorHealthState, ProcessorOutcomeKind } from '../../db/schema-processor-health';
import type { DbOrTx } from '../ledger';
import { PROCESSOR_HEALTH, type ProcessorHealthRules } from '../settings';

/**
 * Processor health (issue 32 §4, docs/funding.md "Processor health"): each start's outcome is
 * recorded (answered, declined by code, timeout, 5xx, skipped); `failureThreshold` transport
 * failures in a row mark the processor unhealthy, and its starts are refused before the card is
 * sent (the cascade moves on) until a probe succeeds.
 *
 * The probe is a half-open circuit breaker, not a timer: once `coolDownMs` has passed since the
 * processor was marked, the next start is let through (one at a time: claimed by a conditional
 * UPDATE on `probe_at`, re-claimable after `probeLeaseMs` if its instance died). Its answer of
 * any kind (even a decline: the processor answered) closes the circuit; a timeout or 5xx re-opens
 * it for another cool-down. So nothing runs between payments, no instance must run a job, and a
 * processor nobody pays through is not asked anything. Every instance reads and writes the same
 * rows (the database, never memory), so all of them skip the same processor.
 */

export type Admission = 'go' | 'probe' | 'skip';
export type StartOutcome = { kind: 'answered' } | { kind: 'declined'; code: string } | { kind: 'timeout' } | { kind: 'server_error' };

/** A processor's start did not answer within the time (the domain's own timeout around the port's call). */
export class ProcessorTimeout extends Error {
  constructor(readonly processor: string) {
    super(`${processor} did not answer in time`);
  }
}

const since = (now: Date, ms: number): Date => new Date(now.getTime() - ms);

/** May a start go to this processor now? `skip`: it is unhealthy (the card is not sent); `probe`: the one start after the cool-down. */
export async function admit(db: DbOrTx, processor: CardProcessor, now: Date, rules: ProcessorHealthRules = PROCESSOR_HEALTH): Promise<Admission> {
  const row = await db.selectFrom('processor_health').select(['state', 'opened_at']).where('processor', '=', processor).executeTakeFirst();
  if (!row || row.state === 'healthy') return 'go';
  if (row.opened_at && row.opened_at.getTime() + rules.coolDownMs > now.getTime()) return 'skip';
  return (await claimProbe(db, processor, now, rules)) ? 'probe' : 'skip';
}

/**
 * Claims the one probe, in one conditional UPDATE that checks everything again: still unhealthy,
 * its cool-down over, no live probe out. The cool-down is checked here too, not only in the read
 * before it: a probe that failed between that read and this claim re-opened the circuit and freed
 * `probe_at`, and without it a second start would probe at once (two probes, seen on PostgreSQL).
 */
export async function claimProbe(db: DbOrTx, processor: CardProcessor, now: Date, rules: ProcessorHealthRules = PROCESSOR_HEALTH): Promise<boolean> {
  const claimed = await db
    .updateTable('processor_health')
    .set({ probe_at: now, updated_at: now })
    .where('processor', '=', processor)
    .where('state', '=', 'unhealthy')
    .where((eb) => eb.or([eb('opened_at', 'is', null), eb('opened_at', '<=', since(now, rules.coolDownMs))]))
    .where((eb) => eb.or([eb('probe_at', 'is', null), eb('probe_at', '<', since(now, rules.probeLeaseMs))]))
    .returning('processor')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Keeps the outcome (the console counts them) and moves the processor's health: an answer closes the circuit, a transport failure counts toward opening it. */
export async function recordOutcome(db: DbOrTx, processor: CardProcessor, outcome: StartOutcome, now: Date, rules: ProcessorHealthRules = PROCESSOR_HEALTH): Promise<void> {
  await keep(db, processor, outcome.kind, outcome.kind === 'declined' ? outcome.code : '', now, rules);
  if (outcome.kind === 'answered' || outcome.kind === 'declined') {
    await db
      .updateTable('processor_health')
      .set({ state: 'healthy', failures: 0, opened_at: null, probe_at: null, updated_at: now })
      .where('processor', '=', processor)
      .where((eb) => eb.or([eb('failures', '>', 0), eb('state', '=', 'unhealthy')]))
      .execute();
    return;
  }
  // one statement, so concurrent failures on many instances all count
  await db
    .insertInto('processor_health')
    .values({ processor, state: rules.failureThreshold <= 1 ? 'unhealthy' : 'healthy', failures: 1, opened_at: rules.failureThreshold <= 1 ? now : null, last_failure: outcome.kind, updated_at: now })
    .onConflict((oc) =>
      oc.column('processor').doUpdateSet({
        failures: sql<number>`processor_health.failures + 1`,
        // reaching the threshold, or a failed probe (already unhealthy): (re)opened now
        state: sql<ProcessorHealthState>`case when processor_health.failures + 1 >= ${rules.failureThreshold} or processor_health.state = 'unhealthy' then 'unhealthy' else 'healthy' end`,
        opened_at: sql<Date>`case when processor_health.failures + 1 >= ${rules.failureThreshold} or processor_health.state = 'unhealthy' then ${now} else processor_health.opened_at end`,
        probe_at: null,
        last_failure: outcome.kind,
        updated_at: now,
      }),
    )
    .execute();
}

/** A start refused because the processor is unhealthy: kept for the console, health unchanged. */
export async function recordSkip(db: DbOrTx, processor: CardProcessor, now: Date, rules: ProcessorHealthRules = PROCESSOR_HEALTH): Promise<void> {
  await keep(db, processor, 'skipped', '', now, rules);
}

async function keep(db: DbOrTx, processor: CardProcessor, kind: ProcessorOutcomeKind, code: string, now: Date, rules: ProcessorHealthRules): Promise<void> {
  await db.insertInto('processor_outcomes').values({ processor, kind, code: code.slice(0, 32), at: now }).execute();
  await db.deleteFrom('processor_outcomes').where('processor', '=', processor).where('at', '<', since(now, rules.keepOutcomesMs)).execute();
}

export interface ProcessorHealthView {
  processor: string;
  state: ProcessorHealthState;
  /** unhealthy, cool-down over: the next start is the probe */
  probing: boolean;
  failures: number;
  openedAt: string | null;
  lastFailure: string;
  /** the last window's outcomes: answered, declined (by code), timeout, server_error, skipped */
  recent: { answered: number; timeout: number; server_error: number; skipped: number; declined: Record<string, number> };
}

/** Every processor's state and recent outcomes (the console, GET /api/sandbox/processors). */
export async function healthOf(db: DbOrTx, processors: readonly string[], now: Date, rules: ProcessorHealthRules = PROCESSOR_HEALTH): Promise<ProcessorHealthView[]> {
  const rows = await db.selectFrom('processor_health').selectAll().execute();
  const counts = await db
    .selectFrom('processor_outcomes')
    .select(['processor', 'kind', 'code', (eb) => eb.fn.countAll<string>().as('n')])
    .where('at', '>=', since(now, rules.windowMs))
    .groupBy(['processor', 'kind', 'code'])
    .execute();
  const byName = new Map<string, ProcessorHealthRow>(rows.map((r) => [r.processor, r]));
  return processors.map((processor) => {
    const row = byName.get(processor);
    const recent: ProcessorHealthView['recent'] = { answered: 0, timeout: 0, server_error: 0, skipped: 0, declined: {} };
    for (const c of counts.filter((x) => x.processor === processor)) {
      const n = Number(c.n);
      if (c.kind === 'declined') recent.declined[c.code || '?'] = (recent.declined[c.code || '?'] ?? 0) + n;
      else recent[c.kind] += n;
    }
    const unhealthy = row?.state === 'unhealthy';
    return {
      processor,
      state: unhealthy ? 'unhealthy' : 'healthy',
      probing: unhealthy && row?.opened_at !== null && row!.opened_at!.getTime() + rules.coolDownMs <= now.getTime(),
      failures: row?.failures ?? 0,
      openedAt: row?.opened_at?.toISOString() ?? null,
      lastFailure: row?.last_failure ?? '',
      recent,
    };
  });
}

/** Forget a processor's health (the sandbox console's reset; a real operator would not need it). */
export async function resetHealth(db: DbOrTx, processor: string): Promise<void> {
  await db.deleteFrom('processor_health').where('processor', '=', processor).execute();
}

/** The port's start, bounded by the domain's own timeout (a per-request timer; the processor's late answer is ignored). */
export async function withinTimeout<T>(processor: string, call: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([call, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new ProcessorTimeout(processor)), ms)))]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
