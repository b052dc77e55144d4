import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Int8Id } from './schema';

/** The link of an account to an identity provider's subject (migration 110_social_sign_in), joined to Database by module augmentation. */
export interface SocialLinksTable {
  id: Int8Id;
  user_id: ColumnType<number, number, never>;
  /** the provider's issuer identifier (the `iss` of its ID tokens) */
  issuer: ColumnType<string, string, never>;
  /** the provider's `sub` for this person: stable, unlike the email */
  subject: ColumnType<string, string, never>;
  email: ColumnType<string, string, string>;
  created_at: Generated<Date>;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
}
export type SocialLinkRow = Selectable<SocialLinksTable>;

declare module './schema-register' {
  interface UserProfilesTable {
    /** a US resident's state (two letters, core/contract/us-states.ts); '' for everyone else */
    us_state: Generated<string>;
  }
}

declare module './schema' {
  interface Database {
    social_links: SocialLinksTable;
  }
}
