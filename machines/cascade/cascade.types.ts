import type { Msg } from '../../core/message';
import type { Outcome } from '../../core/cascade/classify';
import type { Processor, ProcessorReply } from '../../core/cascade/processors';
import type { StackFacts } from '../../core/cascade/stack';

/** The payment being made: what the trader chose, and the server's id once the fraud check created it. */
export interface PaymentRecord {
  /** the server's payment id ('' until the fraud check answered) */
  id: string;
  /** idempotency key of this payment, chosen when the trader pressed Deposit: a repeat never creates a second one */
  key: string;
  /** decimal string in the account currency */
  amount: string;
  currency: string;
  fixed: boolean;
  bonus: boolean;
  promo: string;
  /** the saved card's token (never the number) */
  card: string;
}

/** The processor being tried, as persisted: a reload resumes it instead of starting another. */
export interface CurrentAttempt {
  processor: Processor;
  /** the processor's transaction id for listen calls ('' when not known yet) */
  uid: string;
  /** when listening gives up (ms since the epoch); 0 until the processor answered */
  deadline: number;
}

/**
 * One line of the progress list the trader sees: a processor of the stack and how it answered.
 * Never card data: the processor, the outcome and the processor's decline code only.
 */
export interface StepRecord {
  processor: Processor;
  /**
   * unavailable: the server skipped it, unhealthy (503 card.processor_unavailable, the card not sent);
   * unreachable: its start failed in transport (502 card.processor_unreachable, the attempt reversed)
   */
  result: 'approved' | 'declined' | 'skipped' | 'passed' | 'unavailable' | 'unreachable';
  code: string;
}

/**
 * What the cascade keeps in browser storage (spec 000 §3, §9: the tried list and the last
 * payment): written through the `persist` action at every step, read back by the flow on load.
 */
export interface StoredCascade {
  payment: PaymentRecord;
  tried: Processor[];
  current: CurrentAttempt | null;
  log: StepRecord[];
  /** the run ended (approved, exhausted or stopped): the next start wipes the tried list */
  finished: boolean;
}

export interface CascadeInput extends StackFacts {
  /** a new payment (the trader pressed Deposit) … */
  payment?: PaymentRecord;
  /** … or the stored run of this tab, resumed after a reload or a processor's page */
  resume?: StoredCascade;
  /** the page's clock when the machine starts (ms), for deadlines read from storage */
  now: number;
}

export type CascadeResult = 'approved' | 'failed' | 'stopped' | 'redirected' | 'tab' | 'cancelled' | 'unresolved' | 'interrupted';

export interface CascadeContext {
  stack: Processor[];
  payment: PaymentRecord;
  tried: Processor[];
  current: CurrentAttempt | null;
  log: StepRecord[];
  /** the last reply, classified */
  outcome: Outcome | null;
  /** where a redirect goes */
  redirectUrl: string;
  /** the message of the end (or of an interruption) */
  error: Msg | null;
  /** a dialog already told the trader why the run stopped */
  explained: boolean;
  result: CascadeResult | null;
  /** the funding tab a dialog sent the trader to */
  tab: string;
  /** the page's clock at the last start (or at a resume), which the listen deadline is measured from */
  now: number;
  /** resumed: listen checks at once instead of after the first interval */
  immediate: boolean;
}

/** POST /api/fraud/card (spec 000 §7): flags, and the payment id when none is set. */
export interface FraudCheckOutput {
  fail_limit?: boolean;
  day_limit?: boolean;
  bad_card?: boolean;
  reason?: boolean;
  message?: string;
  payment?: string;
}

export interface StartInput {
  processor: Processor;
  payment: PaymentRecord;
}

/** a processor's answer to a start, and when it came (the page's clock), for the listen deadline */
export interface StartOutput {
  reply: ProcessorReply;
  at: number;
}

export type CascadeEvent =
  /** dialogs: the day limit's "Why Bitcoin?" and its buttons, the do-not-honor choice */
  | { type: 'dialog.why' }
  | { type: 'dialog.tab'; tab: string }
  | { type: 'dialog.close' }
  /** after a network or server failure on a start ('Response error, try again') */
  | { type: 'payment.retry' }
  | { type: 'payment.cancel' }
  /** stop waiting for the processor (listen stop) */
  | { type: 'listen.stop' };

export interface CascadeOutput {
  result: CascadeResult;
  error: Msg | null;
  tab: string;
  amount: string;
  currency: string;
  /** the stack this payment ran on (processor names), for "processor n of N" after the run */
  stack: Processor[];
  /** the steps taken, in order, so the page can keep them on screen after the run ended */
  steps: StepRecord[];
  /** the trader was already told why it stopped (the do-not-honor dialog, the response-error toast): no second message on top */
  explained: boolean;
}
