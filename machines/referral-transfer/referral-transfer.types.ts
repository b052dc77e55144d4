import type { ReferralTransferred } from '../../core/contract/referral';
import type { Msg } from '../../core/message';

export interface ReferralTransferInput {
  /** a random seed: each submitted transfer's idempotency key is `{keySeed}-{n}` */
  keySeed: string;
}

export interface ReferralTransferContext {
  keySeed: string;
  sent: number;
  amount: string;
  error: Msg | null;
  done: ReferralTransferred | null;
}

export type ReferralTransferEvent = { type: 'amount.change'; value: string } | { type: 'submit' };
