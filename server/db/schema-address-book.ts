import type { WithdrawalMethod } from '../../core/contract';
import type { CreatedAt } from './schema';

/** The withdrawal address book (migration 246_withdrawal_address_book), joined to Database by module augmentation. */
export interface WithdrawalDestinationsTable {
  id: string;
  user_id: number;
  method: WithdrawalMethod;
  wallet: string;
  alt: string;
  label: string;
  created_at: CreatedAt;
  token_hash: string | null;
  token_expires_at: Date | null;
  confirmed_at: Date | null;
  usable_at: Date | null;
  removed_at: Date | null;
}

export interface WithdrawalDestinationSettingsTable {
  user_id: number;
  saved_only: boolean;
  saved_only_ends_at: Date | null;
}

declare module './schema' {
  interface Database {
    withdrawal_destinations: WithdrawalDestinationsTable;
    withdrawal_destination_settings: WithdrawalDestinationSettingsTable;
  }
}
