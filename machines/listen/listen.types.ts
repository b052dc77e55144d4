import type { Processor, ProcessorReply } from '../../core/cascade/processors';

export interface ListenInput {
  processor: Processor;
  /** the server's payment id */
  paymentId: string;
  /** the processor's transaction id ('' when the server looks it up by payment and processor) */
  uid: string;
  /** when to give up (ms since the epoch), held across reloads */
  deadline: number;
  /** the page's clock when listening starts */
  now: number;
  /** check at once (a resume after a reload or a processor page) instead of after the first interval */
  immediate: boolean;
  /** the payment's fixed flag (EZPAY's rule reads it) */
  fixed: boolean;
}

/** POST /api/card/listen/{proc}: the attempt's state in the processor's terms, or none when the start never arrived */
export type CheckOutput = { found: false } | { found: true; reply: ProcessorReply };

export interface ListenContext extends ListenInput {
  reply: ProcessorReply | null;
  /** a push arrived while a check was on its way: check again at once if it says pending */
  recheck: boolean;
  /** how it ended (set by the final state) */
  status: ListenStatus | null;
}

export type ListenEvent =
  /** a server-sent payment.updated for this payment */
  | { type: 'listen.push' }
  /** stop is set (spec 000 §3 listen state) */
  | { type: 'listen.stop' };

export type ListenStatus = 'answered' | 'missing' | 'timeout' | 'stopped';

export interface ListenOutput {
  status: ListenStatus;
  reply: ProcessorReply | null;
}
