import type { Ladder } from '../../core/contract/ladder';
import type { Msg } from '../../core/message';

export interface LadderContext {
  ladder: Ladder | null;
  error: Msg | null;
}

export type LadderEvent = { type: 'ladder.retry' } | { type: 'ladder.refresh' };
