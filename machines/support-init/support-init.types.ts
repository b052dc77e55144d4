import type { SupportInit } from '../../core/contract/support';
import type { Msg } from '../../core/message';

export interface SupportInitContext {
  /** the attempt under way or last made (1 to SUPPORT_INIT_ATTEMPTS) */
  attempt: number;
  data: SupportInit | null;
  /** after the last attempt failed: what the page says */
  error: Msg | null;
}

export type SupportInitEvent = { type: 'retry' };
