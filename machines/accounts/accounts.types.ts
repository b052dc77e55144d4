import type { Msg } from '../../core/message';

export interface AccountsContext {
  /** the add-account form's message ('Please chose currency!', a server refusal) */
  error: Msg | null;
}

export type AccountsEvent =
  | { type: 'account.select'; accountId: string }
  | { type: 'account.exchange' }
  | { type: 'add.open' }
  | { type: 'add.close' }
  | { type: 'add.submit'; currency: string };
