import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, moveDocument, UPLOAD_LIMIT } from '../domain/verification/documents';
import { testApp, type Browser, type TestApp } from '../test/client';
import { PDF, PNG, upload } from '../test/upload';

/**
 * The server half: POST /upload (multipart, streamed, 10 MB, type by content, CSRF,
 * per-account limit), GET /upload/:id (owner only, served so that it runs nothing),
 * GET /api/verification/documents, and the review's state machine.
 */

/** the start of a 64-bit ELF executable and of a Windows (MZ/PE) one */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(4096, 0)]);
const MZ = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58, 0), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64, 0), Buffer.from('PE\0\0', 'latin1'), Buffer.alloc(4096, 0)]);

let t: TestApp;
let trader: Browser;
let traderId: number;

const documentCount = async (): Promise<number> => Number((await t.db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await testApp();
  trader = t.browser();
  expect((await trader.signIn('trader@example.com', 'Trader-2026')).statusCode).toBe(200);
  traderId = (await t.db.selectFrom('users').select('id').where('email', '=', 'trader@example.com').executeTakeFirstOrThrow()).id;
  // spec 001 §5: the trader has deposited (seeded) and has a withdrawal method, so may upload
  await t.db.updateTable('users').set({ wd_methods: 'card' }).where('id', '=', traderId).execute();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('documents').execute();
});

describe('POST /upload', () => {
  it('stores a real PNG and a real PDF with owner, kind, detected type, size and sha256', async () => {
    const png = await upload(t, trader, { type: 'passport' }, { filename: 'passport.png', type: 'image/png', bytes: PNG });
    expect(png.statusCode).toBe(200);
    expect(png.json()).toMatchObject({ message: 'Upload successful', document: { kind: 'passport', status: 'uploaded', mime: 'image/png', size: PNG.length } });
    // the declared type does not count: a PDF declared as an octet stream is a PDF
    const pdf = await upload(t, trader, { type: 'document', doc_type: 'address' }, { filename: 'bill', type: 'application/octet-stream', bytes: PDF });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json()).toMatchObject({ message: 'Upload successful', document: { kind: 'address', mime: 'application/pdf', size: PDF.length } });

    const rows = await t.db.selectFrom('documents').selectAll().orderBy('kind').execute();
    expect(rows.map((r) => [r.user_id, r.kind, r.mime, r.size_bytes, r.status])).toEqual([
      [traderId, 'address', 'application/pdf', PDF.length, 'uploaded'],
      [traderId, 'passport', 'image/png', PNG.length, 'uploaded'],
    ]);
    expect(Buffer.from(rows[1].content).equals(PNG)).toBe(true);
    expect(rows[1].sha256).toMatch(/^[0-9a-f]{64}$/);

    const list = await trader.send('GET', '/api/verification/documents');
    expect(list.statusCode).toBe(200);
    const documents = (list.json() as { documents: Record<string, unknown>[] }).documents;
    expect(documents.map((d) => d.kind).sort()).toEqual(['address', 'passport']);
    for (const d of documents) expect(d).not.toHaveProperty('content');
  });

  it('refuses a renamed executable (ELF or MZ named photo.png, declared image/png) with 415 and stores nothing', async () => {
    for (const bytes of [ELF, MZ]) {
      const res = await upload(t, trader, { type: 'passport' }, { filename: 'photo.png', type: 'image/png', bytes });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ error: 'upload.type', message: expect.stringContaining('PNG') });
    }
    const text = await upload(t, trader, { type: 'passport' }, { filename: 'scan.pdf', type: 'application/pdf', bytes: Buffer.from('just text, not a PDF') });
    expect(text.statusCode).toBe(415);
    expect(await documentCount()).toBe(0);
  });

  it('refuses an 11 MB file with 413 while streaming and stores nothing; 10 MB exactly is the limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024 - PNG.length, 0)]);
    const res = await upload(t, trader, { type: 'passport' }, { filename: 'big.png', type: 'image/png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'upload.too_large', message: 'File Too Large, max file size 10Mb.' });
    const oneOver = await upload(t, trader, { type: 'passport' }, { filename: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - PNG.length, 0)]) });
    expect(oneOver.statusCode).toBe(413);
    expect(await documentCount()).toBe(0);
  });

  it('answers 401 when signed out and 403 without the CSRF header, storing nothing', async () => {
    const visitor = t.browser();
    await visitor.me();
    const signedOut = await upload(t, visitor, { type: 'passport' }, { filename: 'p.png', type: 'image/png', bytes: PNG });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ error: 'auth.required' });
    const noCsrf = await upload(t, trader, { type: 'passport' }, { filename: 'p.png', type: 'image/png', bytes: PNG }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ error: 'csrf' });
    expect(await documentCount()).toBe(0);
  });

  it('refuses an unknown kind and a missing file with 400', async () => {
    const kind = await upload(t, trader, { type: 'selfie' }, { filename: 'p.png', type: 'image/png', bytes: PNG });
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toMatchObject({ error: 'upload.kind' });
    const missing = await upload(t, trader, { type: 'passport' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'upload.missing' });
    expect(await documentCount()).toBe(0);
  });

  it(`limits uploads per account: the ${UPLOAD_LIMIT.perWindow + 1}th in an hour gets 429 and is not stored`, async () => {
    for (let i = 0; i < UPLOAD_LIMIT.perWindow; i++) {
      const res = await upload(t, trader, { type: 'card_front' }, { filename: `c${i}.png`, type: 'image/png', bytes: PNG });
      expect(res.statusCode, `upload ${i + 1}`).toBe(200);
    }
    const limited = await upload(t, trader, { type: 'card_front' }, { filename: 'one-more.png', type: 'image/png', bytes: PNG });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'upload.too_many', message: expect.stringContaining('Too many uploads') });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await documentCount()).toBe(UPLOAD_LIMIT.perWindow);
    // another trader is not limited by this one
    const risky = t.browser();
    await risky.signIn('risky@example.com', 'Risky-2026');
    expect((await upload(t, risky, { type: 'passport' }, { filename: 'p.png', type: 'image/png', bytes: PNG })).statusCode).toBe(200);
  });
});

describe('GET /upload/:id', () => {
  it('serves the owner the file so that it runs nothing; another trader, a visitor and a bad id get 404/401', async () => {
    const png = (await upload(t, trader, { type: 'passport' }, { filename: 'p.png', type: 'image/png', bytes: PNG })).json() as { document: { id: string } };
    const pdf = (await upload(t, trader, { doc_type: 'address' }, { filename: 'a.pdf', type: 'application/pdf', bytes: PDF })).json() as { document: { id: string } };

    const own = await trader.send('GET', `/upload/${png.document.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toMatch(/^inline; filename="passport-[0-9a-f-]{36}\.png"$/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const ownPdf = await trader.send('GET', `/upload/${pdf.document.id}`);
    expect(ownPdf.statusCode).toBe(200);
    expect(ownPdf.rawPayload.equals(PDF)).toBe(true);
    expect(ownPdf.headers['content-type']).toBe('application/pdf');
    expect(ownPdf.headers['content-disposition']).toMatch(/^attachment; /);
    expect(ownPdf.headers['x-content-type-options']).toBe('nosniff');
    expect(ownPdf.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const other = t.browser();
    await other.signIn('risky@example.com', 'Risky-2026');
    const theirs = await other.send('GET', `/upload/${png.document.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: 'not_found' });
    expect(((await other.send('GET', '/api/verification/documents')).json() as { documents: unknown[] }).documents).toEqual([]);
    expect((await other.send('GET', '/upload/not-a-uuid')).statusCode).toBe(404);

    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', `/upload/${png.document.id}`)).statusCode).toBe(401);
    expect((await visitor.send('GET', '/api/verification/documents')).statusCode).toBe(401);
    expect((await visitor.send('GET', '/upload/nothing')).statusCode).toBe(404);
  });
});

describe('the review state machine', () => {
  it('moves uploaded → in_review → approved and refuses any other move, changing nothing', async () => {
    const id = ((await upload(t, trader, { type: 'passport' }, { filename: 'p.png', type: 'image/png', bytes: PNG })).json() as { document: { id: string } }).document.id;
    await expect(moveDocument(t.db, id, 'approved')).rejects.toMatchObject({ status: 409, key: 'document.transition' });
    expect(await moveDocument(t.db, id, 'in_review')).toMatchObject({ status: 'in_review' });
    await expect(moveDocument(t.db, id, 'in_review')).rejects.toMatchObject({ status: 409 });
    const approved = await moveDocument(t.db, id, 'approved');
    expect(approved).toMatchObject({ status: 'approved', reason: null });
    expect(approved.reviewed_at).not.toBeNull();
    await expect(moveDocument(t.db, id, 'in_review')).rejects.toMatchObject({ status: 409, key: 'document.transition' });
    await expect(moveDocument(t.db, id, 'rejected', 'blurry')).rejects.toMatchObject({ status: 409 });
    await expect(moveDocument(t.db, id, 'uploaded')).rejects.toMatchObject({ status: 409 });
    const row = await t.db.selectFrom('documents').select(['status', 'reason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'approved', reason: null });
  });

  it('rejects with a reason only, and the trader sees it', async () => {
    const id = ((await upload(t, trader, { type: 'address' }, { filename: 'a.pdf', type: 'application/pdf', bytes: PDF })).json() as { document: { id: string } }).document.id;
    await moveDocument(t.db, id, 'in_review');
    await expect(moveDocument(t.db, id, 'rejected', '  ')).rejects.toMatchObject({ status: 400, key: 'document.reason' });
    expect(await moveDocument(t.db, id, 'rejected', 'The address is not readable.')).toMatchObject({ status: 'rejected', reason: 'The address is not readable.' });
    await expect(moveDocument(t.db, id, 'approved')).rejects.toMatchObject({ status: 409 });
    const list = (await trader.send('GET', '/api/verification/documents')).json() as { documents: Record<string, unknown>[] };
    expect(list.documents).toEqual([expect.objectContaining({ id, status: 'rejected', reason: 'The address is not readable.' })]);
  });
});
