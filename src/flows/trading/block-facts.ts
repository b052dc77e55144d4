import type { BlockFacts } from '../../../machines/trading-block/trading-block.types';
import type { CurrentUser } from '../../../core/contract';

/** What the blocking rule reads from the user; a deposit is any depositsTotal above zero (no floats). */
export function blockFacts(user: CurrentUser): BlockFacts {
  return {
    verified: user.verification === 'Full',
    deposited: /[1-9]/.test(user.depositsTotal),
    last_count: user.last_count,
    signed: user.sign,
  };
}
