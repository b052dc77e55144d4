import type { CardProcessor } from '../../../core/contract';
import { processorsWithFlow } from '../../../core/cascade/processors';
import type { Charge, ProcessorAnswer, ProcessorGateway, VoidAnswer } from '../../domain/ports';

/** A pending test card is approved on this listen check. */
export const SANDBOX_PENDING_CHECKS = 2;

/** Processors whose protocol has a 3-D Secure / hosted-page redirect (spec 000 §4; `secure` in the processor table). */
const SECURE_REDIRECT: readonly CardProcessor[] = processorsWithFlow('secure');
/** Processors that always go through their own page (Entropay through its dialog first). */
const HOSTED: readonly CardProcessor[] = processorsWithFlow('hosted');

const SOFT: ProcessorAnswer = { kind: 'declined', code: '91', message: 'Issuer or switch inoperative (sandbox soft decline)' };

/** What the processor does when it would approve: hosted processors send the trader to their page first. */
function approvePath(processor: CardProcessor): ProcessorAnswer {
  if (processor === 'ENTROPAY') return { kind: 'dialog', dialog: 'start' };
  if (HOSTED.includes(processor)) return { kind: 'redirect' };
  return { kind: 'approved' };
}

/** What the processor answers to an attempt's start, by the test card's scenario and the attempt's place in the cascade. */
function startAnswer(processor: CardProcessor, charge: Charge): ProcessorAnswer {
  switch (charge.scenario) {
    case 'pending':
      return HOSTED.includes(processor) || processor === 'ENTROPAY' ? approvePath(processor) : { kind: 'pending' };
    case 'soft_once':
      return charge.seq < 1 ? SOFT : approvePath(processor);
    case 'soft_twice':
      return charge.seq < 2 ? SOFT : approvePath(processor);
    case 'soft_all':
      return SOFT;
    case 'hard':
      return { kind: 'declined', code: '41', message: 'Lost card' };
    case 'do_not_honor':
      return { kind: 'declined', code: '05', message: 'Do not honor' };
    case 'insufficient':
      return { kind: 'declined', code: '51', message: 'Not sufficient funds' };
    case 'secure3d':
      if (SECURE_REDIRECT.includes(processor)) return { kind: 'redirect' };
      return HOSTED.includes(processor) || processor === 'ENTROPAY' ? approvePath(processor) : { kind: 'pending' };
    case 'timeout':
      return HOSTED.includes(processor) || processor === 'ENTROPAY' ? approvePath(processor) : { kind: 'pending' };
    case 'token_error':
      return processor === 'ZOOM' ? { kind: 'tokenError' } : SOFT;
    case 'entropay_cvv':
      return processor === 'ENTROPAY' ? { kind: 'dialog', dialog: 'cvv' } : SOFT;
    default:
      return approvePath(processor);
  }
}

/**
 * Sandbox card processors: every answer is decided by the test card's scenario (docs/sandbox.md),
 * the attempt's place in the cascade and the number of listen checks. Nothing leaves the server.
 */
export function sandboxProcessors({ delayMs = 0 }: { delayMs?: number } = {}): ProcessorGateway & { readonly voided: ReadonlySet<string> } {
  // the uids this sandbox voided (a real processor keeps them on its side; a repeat is a no-op)
  const voided = new Set<string>();
  // SANDBOX_PROCESSOR_DELAY_MS: each answer takes as long as a real processor's network call
  const latency = () => (delayMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve());
  return {
    voided,
    sandbox: true,
    async start(processor: CardProcessor, charge: Charge): Promise<ProcessorAnswer> {
      await latency();
      return startAnswer(processor, charge);
    },
    async check(processor: CardProcessor, charge: Charge, checks: number): Promise<ProcessorAnswer> {
      await latency();
      // the processor knows the attempt by its uid: a start it answered at once (the server that
      // asked may have died before recording it) is answered the same on a check
      const started = startAnswer(processor, charge);
      // a page or dialog the trader has been through: the domain checks only pending attempts,
      // and such an attempt is pending once its page is done (`complete`), so its page is not
      // the answer again (that sent the browser back to the same page, for ever)
      if (started.kind !== 'pending' && started.kind !== 'redirect' && started.kind !== 'dialog') return started;
      if (charge.scenario === 'timeout') return { kind: 'pending' };
      return checks + 1 >= SANDBOX_PENDING_CHECKS ? { kind: 'approved' } : { kind: 'pending' };
    },
    async complete(_processor: CardProcessor, charge: Charge, result: { approve: boolean; cvv?: string }): Promise<ProcessorAnswer> {
      await latency();
      if (!result.approve) return { kind: 'declined', code: 'cancelled', message: 'The card holder cancelled on the processor page' };
      if (result.cvv === '000') return { kind: 'declined', code: '82', message: 'Incorrect CVV' };
      if (charge.scenario === 'timeout' || charge.scenario === 'pending') return { kind: 'pending' };
      return { kind: 'approved' };
    },
    async void(_processor: CardProcessor, charge: Charge): Promise<VoidAnswer> {
      voided.add(charge.uid);
      return { kind: 'voided' };
    },
  };
}
