import type { ColumnType, Generated, Selectable } from 'kysely';
import type { StoredSchedule } from '../../core/trading-limits';

/**
 * BIGINT columns. PGlite answers them as JS bigint, `pg` as a decimal string: always read
 * them through toBigInt() (server/db/values.ts). Written as bigint.
 */
export type Int8 = ColumnType<bigint | string, bigint | string, bigint | string>;
/** a BIGINT identity column we never write */
export type Int8Id = ColumnType<bigint | string, never, never>;
/** timestamptz with a default of now() */
export type CreatedAt = ColumnType<Date, Date | undefined, Date>;
export type Timestamp = ColumnType<Date, Date, Date>;
/** jsonb: written as a JSON string, read as the parsed value */
export type Json = ColumnType<Record<string, unknown>, string, string>;

export type Verification = 'Full' | 'None';
export type TwoFactor = '' | 'email' | 'google' | 'sms';
/** 'pending': one per currency, no user, holds requested withdrawals (migration 030); 'bonus': a trader's credited bonuses per currency, not withdrawable, not on the platform (migration 080) */
export type AccountType = 'trading' | 'exchange' | 'demo' | 'house' | 'pending' | 'bonus' | 'referral' | 'house_shortfall';

export interface UsersTable {
  id: Generated<number>;
  /** lower-case, unique */
  email: string;
  /** argon2id PHC string */
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** ISO 3166-1 alpha-2 */
  country: string;
  currency: string;
  verification: Generated<Verification>;
  card_risk: Generated<boolean>;
  cascade: Generated<string>;
  md: Generated<string>;
  mdps: Generated<string>;
  affs_id: Generated<string>;
  comments: Generated<string>;
  two_factor: Generated<TwoFactor>;
  reg_time: CreatedAt;
  sign: Generated<boolean>;
  last_count: Generated<number>;
  tr_attemps: Generated<number>;
  tr_success: Generated<boolean>;
  tr_validate: Generated<boolean>;
  wd_methods: Generated<string>;
  can_upload: Generated<boolean>;
  fill_card: Generated<string>;
  current_account_id: number | null;
}

export interface AccountsTable {
  id: Generated<number>;
  /** null for house accounts */
  user_id: number | null;
  currency: string;
  account_group: string;
  type: AccountType;
  /** integer minor units; CHECK >= 0 unless type = 'house'. Moved only by server/domain/ledger.ts */
  balance_minor: ColumnType<bigint | string, bigint | string | undefined, never>;
  /** the sum of its positive entries in deposit transactions (migration 252); moved only by server/domain/ledger.ts, checked by verifyLedger */
  deposits_minor: ColumnType<bigint | string, never, never>;
  /** the trading platform login this account is mirrored to (migration 060); null: not on the platform */
  platform_login: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface LedgerTransactionsTable {
  id: string;
  kind: string;
  idempotency_key: string;
  created_at: CreatedAt;
  meta: Json;
}

export interface LedgerEntriesTable {
  id: Int8Id;
  tx_id: string;
  account_id: number;
  /** negative on the debited account, positive on the credited one; a transaction sums to zero */
  amount_minor: Int8;
  currency: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie value; the value itself is never stored */
  id: string;
  user_id: number | null;
  csrf: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  /** a signed-in session's end under the trader's session-time limit (migration 240; core/session-limit.ts): expires_at never passes it */
  limit_ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** a session that can only withdraw, asked for during a break or self-exclusion (migration 241; server/http/withdraw-only.ts) */
  withdraw_only: ColumnType<boolean, boolean | undefined, boolean>;
  /** a signed-in session's IP at sign-in and device label from its user agent (migration 243; server/domain/security/device-label.ts) */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  device: ColumnType<string | null, string | null | undefined, string | null>;
  /** when it was last used: moved with the sliding expiry, at most once a minute (null: not since sign-in) */
  last_seen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type AttemptScope = 'site' | 'platform';
/** pending: being checked; fail/success: the outcome; locked: refused unchecked; token: the platform did not confirm (or could not be asked), password unchecked */
export type AttemptOutcome = 'pending' | 'fail' | 'success' | 'locked' | 'token';

export interface LoginAttemptsTable {
  id: Int8Id;
  scope: AttemptScope;
  email: string;
  outcome: AttemptOutcome;
  ip: string;
  at: CreatedAt;
}

export interface ClientErrorsTable {
  id: Int8Id;
  session_id: string;
  user_id: number | null;
  error: string;
  url: string;
  line_number: number | null;
  column_number: number | null;
  object: string | null;
  user_agent: string;
  created_at: CreatedAt;
}

export interface LoginFailNotificationsTable {
  id: Int8Id;
  session_id: string;
  email: string;
  ip: string;
  created_at: CreatedAt;
}

export interface AutologinTicketsTable {
  id: string;
  user_id: number;
  /** SHA-256 of the autologin key (the link a tester or an email gets); single use */
  key_hash: string;
  key_expires_at: Timestamp;
  key_used_at: Date | null;
  /** SHA-256 of the one-time password handed out for the key; accepted once by the platform and once by /api/login */
  ticket_hash: string | null;
  ticket_expires_at: Date | null;
  site_used_at: Date | null;
  platform_used_at: Date | null;
  redirect: string;
  lang: string;
  mobile: boolean;
  /** how the key was made: an emailed or tester link, or after an identity provider (migration 244) */
  via: ColumnType<string, string | undefined, never>;
  created_at: CreatedAt;
}

export interface PlatformAccountsTable {
  id: Generated<number>;
  /** the email, lower-case */
  login: string;
  password_hash: string;
  currency: string;
  balance_minor: ColumnType<bigint | string, bigint | string | undefined, bigint | string>;
  created_at: CreatedAt;
  /** the broker turned trading off until then (a break or self-exclusion; migration 234) */
  trading_blocked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** the broker's stake and loss limits for this login (core/trading-limits.ts StoredSchedule; migration 235) */
  trading_limits: ColumnType<StoredSchedule | null, string | null | undefined, string | null>;
  /** the broker refuses this login's trades for good, with this reason (a blocked country; migration 239), null: no */
  trading_refused: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PlatformSessionsTable {
  /** SHA-256 of the pf_session cookie value */
  id: string;
  /** SHA-256 of the token handed to the browser (checked by the broker through the gateway) */
  token_hash: string;
  account_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  client_errors: ClientErrorsTable;
  login_fail_notifications: LoginFailNotificationsTable;
  autologin_tickets: AutologinTicketsTable;
  platform_accounts: PlatformAccountsTable;
  platform_sessions: PlatformSessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
