import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, type TestDb } from '../db';
import { defaultSettings } from '../../domain/settings';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIMES, storeDocument, UPLOAD_LIMIT } from '../../domain/verification/documents';

/**
 * The largest document is DOCUMENT_MAX_BYTES: the domain refuses a larger one before writing
 * (upload.too_large), the settings tell the client the same number, and the database keeps no
 * copy of it (only that a document is not empty).
 */

let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const NOW = new Date('2030-04-01T09:00:00Z');
const PDF_HEAD = Buffer.from('%PDF-1.4\n');
const pdfOf = (size: number): Uint8Array => Buffer.concat([PDF_HEAD, Buffer.alloc(size - PDF_HEAD.length, 0x20)]);

describe('the largest document comes from its constant', () => {
  it('the settings served to the client carry the constant and the accepted types', () => {
    expect(defaultSettings.upload).toEqual({ types: [...DOCUMENT_MIMES], maxBytes: DOCUMENT_MAX_BYTES });
  });

  it('the domain refuses one byte over the constant before writing anything', async () => {
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'trader@example.com').executeTakeFirstOrThrow();
    const stored = () => t.db.selectFrom('documents').select('id').where('user_id', '=', user.id).execute();
    const before = (await stored()).length;
    await expect(storeDocument(t.db, { userId: user.id, kind: 'passport', bytes: pdfOf(DOCUMENT_MAX_BYTES + 1), mime: 'application/pdf' }, UPLOAD_LIMIT, NOW)).rejects.toMatchObject({ status: 413, key: 'upload.too_large' });
    expect(await stored()).toHaveLength(before);
    expect((await storeDocument(t.db, { userId: user.id, kind: 'passport', bytes: pdfOf(1024), mime: 'application/pdf' }, UPLOAD_LIMIT, NOW)).size).toBe(1024);
  });

  it('the database keeps no copy of the limit: its size check says only that a document is not empty', async () => {
    const { rows } = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'documents'::regclass and contype = 'c'`.execute(t.db);
    const sizeChecks = rows.map((r) => r.def).filter((def) => def.includes('size_bytes') && !def.includes('octet_length'));
    expect(sizeChecks).toEqual(['CHECK ((size_bytes > 0))']);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'risky@example.com').executeTakeFirstOrThrow();
    const empty = { id: randomUUID(), user_id: user.id, kind: 'passport' as const, mime: 'application/pdf' as const, size_bytes: 0, sha256: '0'.repeat(64), content: Buffer.alloc(0) };
    await expect(t.db.insertInto('documents').values(empty).execute()).rejects.toThrow();
  });
});
