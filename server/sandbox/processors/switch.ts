import type { CardProcessor } from '../../../core/contract';
import type { SandboxProcessorMode } from '../../db/schema-processor-health';
import type { DbOrTx } from '../../domain/ledger';
import type { ProcessorGateway } from '../../domain/ports';

/** The modes a tester can switch a sandbox processor to (issue 32 §4); 'up' removes the switch. */
export const SWITCH_MODES = ['up', 'timeout', 'server_error'] as const;
export type SwitchMode = (typeof SWITCH_MODES)[number];

/** A processor switched to answer 5xx: what its integration throws. */
export class SandboxProcessorDown extends Error {
  constructor(processor: string) {
    super(`${processor} answered 503 Service Unavailable (sandbox switch)`);
  }
}

export async function switchesOf(db: DbOrTx): Promise<Map<string, SandboxProcessorMode>> {
  const rows = await db.selectFrom('sandbox_processor_switches').select(['processor', 'mode']).execute();
  return new Map(rows.map((r) => [r.processor, r.mode]));
}

export async function setSwitch(db: DbOrTx, processor: CardProcessor, mode: SwitchMode, now: Date): Promise<void> {
  if (mode === 'up') {
    await db.deleteFrom('sandbox_processor_switches').where('processor', '=', processor).execute();
    return;
  }
  await db
    .insertInto('sandbox_processor_switches')
    .values({ processor, mode, updated_at: now })
    .onConflict((oc) => oc.column('processor').doUpdateSet({ mode, updated_at: now }))
    .execute();
}

/**
 * The sandbox processors behind the tester's switch (sandbox mode only, server/compose.ts): a
 * processor switched to `server_error` throws at once, as an integration does on a 5xx; one
 * switched to `timeout` never answers, so the domain's own start timeout (PROCESSOR_HEALTH
 * startTimeoutMs) gives up on it. Starts, checks and page completions are switched; voids (the
 * reversal of a start that failed) still go through. The switch is a row (migration 251), so every
 * instance sees it.
 */
export function switchedProcessors(db: DbOrTx, inner: ProcessorGateway): ProcessorGateway {
  const gate = async (processor: CardProcessor): Promise<void> => {
    const row = await db.selectFrom('sandbox_processor_switches').select('mode').where('processor', '=', processor).executeTakeFirst();
    if (row?.mode === 'server_error') throw new SandboxProcessorDown(processor);
    // never settles: nothing is held (no timer), the caller's timeout ends the wait
    if (row?.mode === 'timeout') await new Promise<never>(() => {});
  };
  return {
    ...inner,
    async start(processor, charge) {
      await gate(processor);
      return inner.start(processor, charge);
    },
    async check(processor, charge, checks) {
      await gate(processor);
      return inner.check(processor, charge, checks);
    },
    async complete(processor, charge, result) {
      await gate(processor);
      return inner.complete(processor, charge, result);
    },
  };
}
