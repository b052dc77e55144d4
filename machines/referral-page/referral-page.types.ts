import type { ReferralBalance, ReferralProgram } from '../../core/contract/referral';
import type { Msg } from '../../core/message';

export interface ReferralPageInput {
  keySeed: string;
  /** the statistics' first range (ms) */
  from: number;
  to: number;
}

export interface ReferralPageContext extends ReferralPageInput {
  program: ReferralProgram | null;
  error: Msg | null;
}

export type ReferralPageEvent =
  | { type: 'retry' }
  | { type: 'program.updated'; program: ReferralProgram }
  | { type: 'balance.updated'; balance: ReferralBalance };
