import type { ColumnType, Generated } from 'kysely';
import type { Int8Id } from './schema';

/** Referral and affiliate program (migration 140_referral), joined to Database by module augmentation. */
export interface ReferralLinksTable {
  /** the public code carried in `?aff=` and recorded as users.affs_id */
  code: string;
  user_id: number;
  /** null: the trader's referral program (the default link); else the affiliate link's name */
  name: string | null;
  /** the public page the link opens: home, about, accounts, faq */
  landing: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export interface ReferralVisitsTable {
  id: Int8Id;
  code: string;
  visitor: string;
  day: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export interface ReferralCommissionsTable {
  deposit_key: string;
  referred_user_id: number;
  referrer_user_id: number;
  code: string;
  deposit_minor: ColumnType<bigint | string, bigint | string, never>;
  commission_minor: ColumnType<bigint | string, bigint | string, never>;
  currency: string;
  tx_id: string | null;
  created_at: Generated<Date>;
}

declare module './schema' {
  interface Database {
    referral_links: ReferralLinksTable;
    referral_visits: ReferralVisitsTable;
    referral_commissions: ReferralCommissionsTable;
  }
}
