import type { CardProcessor, SandboxScenario } from '../../../core/contract';

/**
 * What a card processor integration implements. The payments domain speaks only this; each
 * processor's own wire dialect (PFS codes, Orange statuses, Zoom host codes, …) is rendered for
 * the front end by server/domain/payments/dialects.ts. A real integration maps its processor's
 * API onto these answers; the sandbox (sandbox-gateway.ts) decides them from the test card.
 *
 * Idempotency: `charge.uid` is unique per (payment, processor) and is the key a real
 * integration passes to its processor, so a retried start can never charge twice there either.
 */
export type ProcessorAnswer =
  | { kind: 'approved' }
  /** not final: the domain checks again on the next listen */
  | { kind: 'pending' }
  /** code: ISO 8583 response code (two digits) or a processor word; message: the processor's text */
  | { kind: 'declined'; code: string; message: string }
  /** the processor's own page (3-D Secure, hosted payment page, invoice) must be visited */
  | { kind: 'redirect' }
  /** Entropay: its start dialog or its CVV dialog */
  | { kind: 'dialog'; dialog: 'start' | 'cvv' }
  /** Zoom: the payment session token was refused */
  | { kind: 'tokenError' };

/** What a processor is asked to charge. Never the card number: a real integration charges the token. */
export interface Charge {
  /** this attempt's transaction id (the processor's idempotency key) */
  uid: string;
  paymentId: string;
  /** how many processors this payment tried before this one */
  seq: number;
  amountMinor: bigint;
  currency: string;
  card: { token: string; first6: string; last4: string; brand: string };
  /** the sandbox outcome scenario (from the test card or the sandbox control); real integrations ignore it */
  scenario: SandboxScenario;
}

/** The processor's answer to a void: done (or already done for this uid), or refused with its text. */
export type VoidAnswer = { kind: 'voided' } | { kind: 'failed'; message: string };

export interface ProcessorGateway {
  /** the processors are sandboxes: pages and answers say so */
  readonly sandbox: boolean;
  start(processor: CardProcessor, charge: Charge): Promise<ProcessorAnswer>;
  /** the state of a pending attempt; `checks` is how many checks were answered before */
  check(processor: CardProcessor, charge: Charge, checks: number): Promise<ProcessorAnswer>;
  /** the trader finished the processor's page or dialog: approve false is a cancel; cvv for Entropay's CVV dialog */
  complete(processor: CardProcessor, charge: Charge, result: { approve: boolean; cvv?: string }): Promise<ProcessorAnswer>;
  /**
   * Reverses this attempt's approval or authorisation (a void before settlement, a refund after):
   * the domain calls it when a processor approves a payment that another attempt already
   * approved, so the card holder is charged once. Idempotent per `charge.uid`: asking again
   * after a lost answer voids nothing twice.
   */
  void(processor: CardProcessor, charge: Charge): Promise<VoidAnswer>;
}
