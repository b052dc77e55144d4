import { sql, type Kysely } from 'kysely';

/**
 * Work done once (docs/architecture.md "Timers: what runs where"):
 *
 * - `accounts_one_per_user_currency_type`: a trader holds at most one trading and one exchange
 *   account per currency, so two instances seeding or creating the same account at once make
 *   one row (the other's insert does nothing). Demo accounts are left out on purpose: a demo
 *   trader may open any number in one currency (spec 000 §5; `offeredCurrencies`). The other
 *   types already have theirs: house and pending one per currency (001, 030), bonus and referral
 *   one per trader and currency (080, 140).
 * - `timer_runs`: when each once-per-deployment job last ran (server/db/leader.ts).
 *
 * A database made before may hold duplicates. Within each duplicate (user, currency, type), an
 * account nothing refers to (no ledger entry, invoice, card payment, current-account pointer or
 * any other foreign key), with a zero balance and no platform login, is empty: it is deleted and
 * the one in use (or the oldest) kept. When two or more of a group are in use, money or history
 * would have to move between them: the migration stops with the account ids and changes nothing
 * (the ledger is corrected by hand, through transfers, then the server is started again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const groups = await sql<{ user_id: number; currency: string; type: string; ids: number[] }>`
    select user_id, currency, type, array_agg(id order by id) as ids
    from accounts
    where type in ('trading', 'exchange')
    group by user_id, currency, type
    having count(*) > 1`.execute(db);

  if (groups.rows.length > 0) {
    // every column that refers to accounts.id, found in the catalogue (areas add their own tables)
    const refs = await sql<{ tbl: string; col: string }>`
      select format('%I.%I', n.nspname, r.relname) as tbl, a.attname as col
      from pg_constraint c
      join pg_class r on r.oid = c.conrelid
      join pg_namespace n on n.oid = r.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'accounts'::regclass`.execute(db);
    const inUse = async (id: number): Promise<boolean> => {
      const own = await sql<{ used: boolean }>`select (balance_minor <> 0 or platform_login is not null) as used from accounts where id = ${id}`.execute(db);
      if (own.rows[0]?.used) return true;
      for (const { tbl, col } of refs.rows) {
        const hit = await sql`select 1 from ${sql.raw(tbl)} where ${sql.ref(col)} = ${id} limit 1`.execute(db);
        if (hit.rows.length > 0) return true;
      }
      return false;
    };

    const conflicts: string[] = [];
    const empty: number[] = [];
    for (const group of groups.rows) {
      const used: number[] = [];
      const unused: number[] = [];
      for (const id of group.ids.map(Number)) {
        if (await inUse(id)) used.push(id);
        else unused.push(id);
      }
      if (used.length > 1) {
        conflicts.push(`user ${group.user_id} ${group.currency} ${group.type}: accounts ${used.join(', ')}`);
        continue;
      }
      // keep the one in use, else the oldest; the rest are empty
      empty.push(...(used.length === 1 ? unused : unused.slice(1)));
    }
    if (conflicts.length > 0) {
      throw new Error(
        `accounts: ${conflicts.length} trader(s) hold more than one account of the same currency and type, each with money or history ` +
          `(${conflicts.join('; ')}). Move the balances and history onto one account (through ledger transfers) and start again; ` +
          `nothing was changed.`,
      );
    }
    if (empty.length > 0) await sql`delete from accounts where id in (${sql.join(empty)})`.execute(db);
  }

  await sql`create unique index accounts_one_per_user_currency_type on accounts (user_id, currency, type) where type in ('trading', 'exchange')`.execute(db);

  await db.schema
    .createTable('timer_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('timer_runs').execute();
  await db.schema.dropIndex('accounts_one_per_user_currency_type').execute();
}
