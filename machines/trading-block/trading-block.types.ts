/** What the blocking rule reads from the current user (spec 002 §4). */
export interface BlockFacts {
  /** verification is 'Full' */
  verified: boolean;
  /** the user has deposited (depositsTotal above zero) */
  deposited: boolean;
  last_count: number;
  /** the client agreement is signed */
  signed: boolean;
}

export interface TradingBlockContext {
  facts: BlockFacts;
  /** clicks on the locked platform that reopened the sign-up modal (at most `maxReopens`) */
  reopens: number;
}

export interface TradingBlockInput {
  facts: BlockFacts;
  /** reopens already used in this browser tab (kept across reloads, so a reload does not reset the limit) */
  reopens?: number;
}

export type TradingBlockEvent =
  | { type: 'user.changed'; facts: BlockFacts }
  /** a click on the locked platform */
  | { type: 'block.click' }
  /** the trader asks for the modal (the button on the lock) */
  | { type: 'sign.open' }
  | { type: 'sign.close' };
