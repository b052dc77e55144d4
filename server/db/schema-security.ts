import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8, Int8Id, Timestamp } from './schema';

/**
 * Tables of security and withdrawals (migration 030_security): withdrawals, two-factor, transaction validation,
 * turnover and the sandbox outbox. They join the Database interface by module augmentation, so
 * this area's tables live in this file.
 */
export type WithdrawalStatus = 'pending' | 'cancelled' | 'paid' | 'rejected';
export type FactorType = 'email' | 'google' | 'sms';
export type CodePurpose = 'login' | 'withdrawal' | 'change' | 'setup';
export type GrantPurpose = 'withdrawal' | 'change';

export interface WithdrawalsTable {
  id: string;
  user_id: number;
  account_id: number;
  /** the client's idempotency key, unique per user */
  request_key: string;
  amount_minor: Int8;
  currency: string;
  method: string;
  wallet: string;
  alt: string;
  fixed: boolean;
  bonus_forfeited: boolean;
  status: WithdrawalStatus;
  hold_tx_id: string;
  settle_tx_id: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UserSecurityTable {
  user_id: number;
  /** base32 TOTP secret of the active google factor */
  totp_secret: string | null;
  /** the last accepted TOTP time step: a code is never accepted twice */
  totp_last_step: Int8 | null;
  /** the secret shown while google is being set up */
  pending_totp_secret: string | null;
  setup_type: FactorType | null;
  setup_stage: 'code' | 'google' | null;
  setup_expires_at: Date | null;
  /** the setup's answer to "sign out my other devices", carried out when the method is saved */
  setup_end_others: Generated<boolean>;
  factor_failures: Generated<number>;
  factor_locked_until: Date | null;
  password_failures: Generated<number>;
  password_locked_until: Date | null;
}

export interface TwoFactorCodesTable {
  id: Int8Id;
  user_id: number;
  purpose: CodePurpose;
  channel: 'email' | 'sms';
  /** SHA-256 of the code */
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface TwoFactorChallengesTable {
  /** the session (hash) that passed the password and waits for the second factor */
  session_id: string;
  user_id: number;
  type: FactorType;
  created_at: CreatedAt;
  expires_at: Timestamp;
  /** the session asked to withdraw only (a break or self-exclusion runs; migration 241) */
  withdraw_only: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface TwoFactorGrantsTable {
  id: Int8Id;
  session_id: string;
  user_id: number;
  purpose: GrantPurpose;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Date | null;
}

/** a recovery code of the authenticator factor (migration 245): only its SHA-256; spent once, or voided */
export interface RecoveryCodesTable {
  id: Int8Id;
  user_id: number;
  /** SHA-256 of `{user_id}:{code}` (the code lower case, without its dash) */
  code_hash: string;
  created_at: CreatedAt;
  used_at: Date | null;
  /** new codes were made, or the authenticator was turned off */
  voided_at: Date | null;
}

/** a trader's passkey, a WebAuthn credential (migration 247) */
export interface PasskeysTable {
  id: Int8Id;
  user_id: number;
  /** the credential id, base64url; unique on the site */
  credential_id: string;
  /** the COSE public key */
  public_key: Uint8Array;
  /** the signature counter the authenticator last gave (0: it keeps none) */
  counter: Int8;
  /** its transports, comma-separated ('internal,hybrid') */
  transports: ColumnType<string, string | undefined, string>;
  name: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
}

/** a WebAuthn challenge the server handed out (migration 247): one use, a few minutes */
export interface PasskeyChallengesTable {
  id: Int8Id;
  challenge: string;
  /** 'factor': a passkey as the second factor of a sign-in whose password was right (its trader and session both) */
  purpose: 'register' | 'sign_in' | 'factor';
  /** a registration's or a second factor's trader; null for a sign-in */
  user_id: number | null;
  /** a sign-in's or a second factor's session (SHA-256 of its id); null for a registration */
  session_id: string | null;
  expires_at: Date;
  used_at: Date | null;
}

export interface TransactionValidationsTable {
  user_id: number;
  value_hash: string;
  created_at: CreatedAt;
}

export interface AccountTurnoverTable {
  account_id: number;
  current_minor: ColumnType<bigint | string, bigint | string | undefined, bigint | string>;
  need_minor: ColumnType<bigint | string, bigint | string | undefined, bigint | string>;
}

export interface SandboxOutboxTable {
  id: Int8Id;
  user_id: number | null;
  channel: 'email' | 'sms';
  address: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
}

declare module './schema' {
  interface Database {
    withdrawals: WithdrawalsTable;
    user_security: UserSecurityTable;
    two_factor_codes: TwoFactorCodesTable;
    two_factor_challenges: TwoFactorChallengesTable;
    two_factor_grants: TwoFactorGrantsTable;
    recovery_codes: RecoveryCodesTable;
    passkeys: PasskeysTable;
    passkey_challenges: PasskeyChallengesTable;
    transaction_validations: TransactionValidationsTable;
    account_turnover: AccountTurnoverTable;
    sandbox_outbox: SandboxOutboxTable;
  }
}

export type WithdrawalRow = Selectable<WithdrawalsTable>;
