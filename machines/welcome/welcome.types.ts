import type { BlockFacts } from '../trading-block/trading-block.types';

/** The first visit after registration (spec 001 §2 "trading page with param first"). */
export interface WelcomeInput {
  /** the trader it is for (what the flow remembers as seen) */
  userId: string;
  /** the address carries `first` */
  first: boolean;
  /** this trader has closed the welcome before (in this browser) */
  seen: boolean;
  /** the user's facts: a deposit hides Deposit, and the trading block's rule makes the welcome wait */
  facts: BlockFacts;
}

export interface WelcomeContext {
  userId: string;
  first: boolean;
  seen: boolean;
  facts: BlockFacts;
}

export type WelcomeEvent =
  /** the current user changed (a deposit, a signature, a verification) */
  | { type: 'user.changed'; facts: BlockFacts }
  /** Start trading: the welcome closes */
  | { type: 'welcome.close' }
  /** Deposit (only before the first deposit): the welcome closes and the funding page opens */
  | { type: 'welcome.deposit' };
