import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_MAX } from '../../../core/contract/register';
import { SUPPORT_LIMITS } from '../../../core/contract/support';
import { freshDb, type TestDb } from '../db';

/**
 * A limit the product enforces from a constant has no copy in the database: the CHECKs that held
 * one (migrations 051 and 091) say only that a text is not empty, so changing the constant is
 * the whole change.
 */

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

async function checksOf(table: string, column: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'c'`.execute(t.db);
  return rows.map((r) => r.def).filter((def) => def.includes(column));
}

const COPIES: ReadonlyArray<[table: string, column: string, limit: number]> = [
  ['support_tickets', 'subject', SUPPORT_LIMITS.subject],
  ['support_messages', 'content', SUPPORT_LIMITS.content],
  ['support_callbacks', 'phone', SUPPORT_LIMITS.phone],
  ['support_contacts', 'name', SUPPORT_LIMITS.name],
  ['support_contacts', 'email', SUPPORT_LIMITS.email],
  ['support_contacts', 'phone', SUPPORT_LIMITS.phone],
  ['support_contacts', 'message', SUPPORT_LIMITS.message],
];

describe('no copy of a product limit in the database', () => {
  for (const [table, column, limit] of COPIES) {
    it(`${table}.${column}: not empty, no ${limit}`, async () => {
      expect(await checksOf(table, column)).toEqual([`CHECK ((length(${column}) > 0))`]);
    });
  }

  it(`user_profiles.promo: no check of its length (PROMO_MAX ${PROMO_MAX} is the contract's)`, async () => {
    expect(await checksOf('user_profiles', 'promo')).toEqual([]);
  });
});
