import type { Generated, Selectable } from 'kysely';
import type { CreatedAt } from './schema';

/** One scripted sandbox outcome, used once (migration 190, server/sandbox/script/). */
export interface SandboxScriptsTable {
  id: Generated<number>;
  user_id: number;
  /** 'platform': migration 191 */
  area: 'card' | 'withdrawal' | 'platform';
  /** card: the processor this step is for (null: any) */
  processor: string | null;
  /** card: the 1-based place in the payment's cascade this step is for (null: any) */
  position: number | null;
  outcome: string;
  /** card: the attempt that used this step */
  used_uid: string | null;
  used_at: Date | null;
  created_at: CreatedAt;
}

export type SandboxScriptRow = Selectable<SandboxScriptsTable>;

declare module './schema' {
  interface Database {
    sandbox_scripts: SandboxScriptsTable;
  }
}
