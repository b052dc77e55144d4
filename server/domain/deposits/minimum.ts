import type { Settings } from '../../../core/contract';
import { minDepositOf as minimumOf } from '../../../core/min-deposit';

/** A user row as the minimum deposit reads it (any subset of these columns beyond md and country). */
export interface MinimumRow {
  md: string;
  country: string;
  id?: number;
  email?: string;
  mdps?: string;
  affs_id?: string;
  comments?: string;
}

/** The columns to select for minDepositOf: with all of them every mdps group applies. */
export const MINIMUM_COLUMNS = ['id', 'email', 'md', 'mdps', 'country', 'affs_id', 'comments'] as const;

/**
 * The minimum deposit of a trader for every method (cards, crypto, wallets, vouchers, bank): the
 * core rule (core/min-deposit.ts, the one the funding page uses) on a users row.
 */
export function minDepositOf(user: MinimumRow, settings: Pick<Settings, 'minDeposit' | 'usCaMinShown' | 'mdps'>): string {
  return minimumOf({ md: user.md, country: user.country, id: user.id, email: user.email, mdps: user.mdps, affsId: user.affs_id, comments: user.comments }, settings);
}
