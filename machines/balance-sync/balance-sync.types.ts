/** A platform balance as the embedded platform reported it (decimal strings). */
export interface PlatformBalance {
  balance: string;
  all: string;
}

export interface BalanceSyncContext {
  /** the latest balance the platform page reported */
  seen: PlatformBalance | null;
  /** the balance being sent now */
  sending: PlatformBalance | null;
  /** the last balance the server accepted (null: none yet this page) */
  sent: PlatformBalance | null;
  /** successful updates on this page: the user update is broadcast on the 1st and every 5th */
  updates: number;
}

export type BalanceSyncEvent = { type: 'balance.seen'; balance: string; all: string };

export interface PostBalanceOutput {
  booked: number;
}
