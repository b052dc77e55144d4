import type { SandboxScenario } from '../../../core/contract';
import type { DbOrTx } from '../../domain/ledger';
import type { Charge, ProcessorGateway } from '../../domain/ports';
import type { ScriptCardOutcome } from './contract';
import { cardStepOf, takeCardStep } from './store';

/** Each scripted outcome is the sandbox processor's behaviour for the test card of that scenario. */
export const SCRIPTED_SCENARIO: Record<ScriptCardOutcome, SandboxScenario> = {
  approved: 'approved',
  pending: 'pending',
  soft: 'soft_all',
  hard: 'hard',
  do_not_honor: 'do_not_honor',
  insufficient: 'insufficient',
  secure3d: 'secure3d',
  timeout: 'timeout',
  token_error: 'token_error',
  entropay_cvv: 'entropay_cvv',
};

const scripted = (charge: Charge, outcome: ScriptCardOutcome | undefined): Charge => (outcome ? { ...charge, scenario: SCRIPTED_SCENARIO[outcome] } : charge);

/**
 * The sandbox processors with the trader's scripted outcomes in front (sandbox mode only,
 * server/routes/payment-deps.ts): a start uses the oldest waiting step that matches it (once);
 * the attempt's listen checks and its page then follow that step; without a step the test
 * card's scenario decides, as before.
 */
export function scriptedProcessors(db: DbOrTx, inner: ProcessorGateway): ProcessorGateway {
  return {
    ...inner,
    async start(processor, charge) {
      return inner.start(processor, scripted(charge, await takeCardStep(db, charge.paymentId, charge.uid, processor, charge.seq)));
    },
    async check(processor, charge, checks) {
      return inner.check(processor, scripted(charge, await cardStepOf(db, charge.uid)), checks);
    },
    async complete(processor, charge, result) {
      return inner.complete(processor, scripted(charge, await cardStepOf(db, charge.uid)), result);
    },
  };
}
