import type { ReferralProgram } from '../../core/contract/referral';
import type { Msg } from '../../core/message';

export interface ReferralLinkContext {
  name: string;
  landing: string;
  error: Msg | null;
  /** the program after the last save (the new link in it) */
  program: ReferralProgram | null;
}

export type ReferralLinkEvent =
  | { type: 'name.change'; value: string }
  | { type: 'landing.change'; value: string }
  | { type: 'submit' };
