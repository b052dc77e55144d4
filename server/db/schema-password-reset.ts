import type { ColumnType, Selectable } from 'kysely';
import type { Int8Id } from './schema';

/** Tables of the forgot-password links and their limits (migration 100_password_reset), joined to Database by module augmentation. */
export interface PasswordResetTokensTable {
  id: Int8Id;
  user_id: ColumnType<number, number, never>;
  /** SHA-256 (hex) of the link's token: the token itself is never stored */
  token_hash: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date, never>;
  /** 30 minutes after created_at */
  expires_at: ColumnType<Date, Date, never>;
  /** set once, by the reset that used the link (a conditional UPDATE) */
  used_at: ColumnType<Date | null, never, Date | null>;
  /** a newer link was asked for, or the password was reset with another one */
  revoked_at: ColumnType<Date | null, never, Date | null>;
  /** the client address that asked */
  ip: ColumnType<string, string | undefined, never>;
}
export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;

export type ResetRequestOutcome = 'sent' | 'limited';

export interface PasswordResetRequestsTable {
  id: Int8Id;
  /** normalised (trimmed, lower-case); recorded whether or not it has an account */
  email: ColumnType<string, string, never>;
  ip: ColumnType<string, string, never>;
  outcome: ColumnType<ResetRequestOutcome, ResetRequestOutcome, ResetRequestOutcome>;
  at: ColumnType<Date, Date, never>;
}

declare module './schema' {
  interface Database {
    password_reset_tokens: PasswordResetTokensTable;
    password_reset_requests: PasswordResetRequestsTable;
  }
}
