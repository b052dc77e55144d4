import type { Msg } from '../../core/message';
import type { FactorType } from '../two-factor/two-factor.types';

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginInput {
  /** hash to open after login, from the rd input (e.g. "#/show/funding") */
  rd?: string;
  /** true on the autologin page: values come from the server instead of the form */
  autologin?: boolean;
  /** one-time key of the autologin page */
  autologinKey?: string;
}

export interface LoginContext {
  email: string;
  password: string;
  rd: string;
  autologinKey: string;
  platformToken: string;
  error: Msg | null;
  /** bumps on every failure so the view can shake the message again */
  shakes: number;
  /** the second factor the server asked for after the password ('' when none) */
  factor: FactorType | '';
  /** with `factor`: the trader has a passkey, which the code entry offers in place of the code */
  passkey: boolean;
  /** the trader asked to withdraw only (a break or self-exclusion runs: issue 30 §3) */
  withdrawOnly: boolean;
}

export type LoginEvent =
  /** `withdrawOnly`: during a break, a session that can only withdraw */
  | { type: 'login.submit'; email: string; password: string; withdrawOnly?: boolean }
  | { type: 'login.edit' }
  /** the trader leaves the second-factor step (back to the form) */
  | { type: 'factor.cancel' };

/** POST /api/login: `factor` when the account has a second factor */
export interface SessionLoginOutput {
  factor?: FactorType;
  /** with `factor`: the trader has a passkey (issue 31 §5) */
  passkey?: boolean;
}

/** platform POST login (spec 000 §7) */
export interface PlatformLoginOutput {
  success: boolean;
  token?: string;
  message?: string;
  /** 'invalid_credentials', 'locked', or another platform code */
  code?: string;
}

export interface SessionLoginInput extends Credentials {
  token: string;
  withdrawOnly: boolean;
}

export interface AutologinOutput extends Credentials {
  redirect: string;
}
