import type { ReferralStats } from '../../core/contract/referral';
import type { Msg } from '../../core/message';

export interface ReferralStatsInput {
  /** the first range shown (ms): the flow passes the last 30 days */
  from: number;
  to: number;
}

export interface ReferralStatsContext {
  from: number;
  to: number;
  /** '' for every link */
  link: string;
  stats: ReferralStats | null;
  error: Msg | null;
}

export type ReferralStatsEvent =
  | { type: 'range.change'; from: number; to: number }
  | { type: 'link.change'; link: string }
  | { type: 'apply' }
  | { type: 'refresh' };
