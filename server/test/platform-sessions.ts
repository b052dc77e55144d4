import type { DbOrTx } from '../domain/ledger';

/** The sandbox platform's sessions of a login still live at `at` (a test that every one ended reads it empty). */
export function livePlatformSessions(db: DbOrTx, login: string, at: Date): Promise<{ id: string }[]> {
  return db
    .selectFrom('platform_sessions as s')
    .innerJoin('platform_accounts as a', 'a.id', 's.account_id')
    .select('s.id')
    .where('a.login', '=', login)
    .where('s.expires_at', '>', at)
    .execute();
}
