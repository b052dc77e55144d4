import { sql, type Kysely } from 'kysely';

/**
 * Scripted sandbox outcomes, area 'platform' (docs/sandbox.md "Scripted outcomes"): the
 * sandbox trading platform answers the trader's next sign-in with `outcome` ('maintenance' or
 * 'no_code'), once. Only the area's check changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_scripts drop constraint if exists sandbox_scripts_area_check`.execute(db);
  await sql`alter table sandbox_scripts add constraint sandbox_scripts_area_check check (area in ('card', 'withdrawal', 'platform'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sandbox_scripts where area = 'platform'`.execute(db);
  await sql`alter table sandbox_scripts drop constraint if exists sandbox_scripts_area_check`.execute(db);
  await sql`alter table sandbox_scripts add constraint sandbox_scripts_area_check check (area in ('card', 'withdrawal'))`.execute(db);
}
