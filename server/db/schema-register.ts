import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8Id } from './schema';

/**
 * Tables of registration (migration 050_register). They join the Database interface by module
 * augmentation, so this area's tables live in this file.
 */
export interface UserProfilesTable {
  user_id: number;
  /** calling code without "+" */
  phone_prefix: string;
  /** the number after the calling code, digits only */
  phone: string;
  promo: Generated<string>;
  /** when a US resident accepted the notice for US residents (null: not asked) */
  us_notice_at: Date | null;
  lang: Generated<string>;
  created_at: CreatedAt;
}

export type RegistrationAttemptKind = 'submit' | 'check';
/** pending: being handled (counts against the limits); created: an account opened; refused: answered 4xx; limited: refused by a limit */
export type RegistrationOutcome = 'pending' | 'created' | 'refused' | 'limited';

export interface RegistrationAttemptsTable {
  id: Int8Id;
  kind: RegistrationAttemptKind;
  email: Generated<string>;
  ip: string;
  outcome: RegistrationOutcome;
  at: CreatedAt;
}

export type UserProfileRow = Selectable<UserProfilesTable>;

declare module './schema' {
  interface Database {
    user_profiles: UserProfilesTable;
    registration_attempts: RegistrationAttemptsTable;
  }
}
