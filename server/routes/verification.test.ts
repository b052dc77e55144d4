import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../core/contract';
import { UnshiftResponse, UploadResponse, VerificationState } from '../../core/contract/verification';
import { moveDocument } from '../domain/verification/documents';
import { memoryHub } from '../push/hub';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { JPEG, PDF, PNG, pngFile, upload } from '../test/upload';

/**
 * The server half: GET /api/verification/documents answers the page's
 * VerificationState (required documents, who may upload and sign); uploads are refused with 403
 * upload.not_allowed to whoever may not; the signature comes as a file or as a data URL; a stored
 * signature or document sets users.sign; /api/kayako/upload/{kind}/{no|unshift}; pushes.
 */

const push = memoryHub();
let t: TestApp;

beforeAll(async () => {
  t = await testApp({ push });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('documents').execute();
});

const userIdOf = async (email: string): Promise<number> => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const signOf = async (email: string): Promise<boolean> => (await t.db.selectFrom('users').select('sign').where('email', '=', email).executeTakeFirstOrThrow()).sign;
const documentCount = async (): Promise<number> => Number((await t.db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function stateOf(browser: Browser): Promise<VerificationState> {
  const res = await browser.send('GET', '/api/verification/documents');
  expect(res.statusCode).toBe(200);
  const parsed = VerificationState.safeParse(res.json());
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return parsed.data!;
}

/** a trader with a given profile, signed in on a new browser */
async function trader(request: Parameters<typeof freshUser>[1] = {}): Promise<{ b: Browser; email: string; id: number }> {
  const b = t.browser();
  const user = await freshUser(b, request);
  return { b, email: user.email, id: Number(user.userId) };
}

const noDeposit = [{ currency: 'USD' as const, type: 'trading' as const, amount: '0.00' }];

/** an approved card payment of `userId` (the trader is a card payer) */
async function approvedCardPayment(userId: number): Promise<void> {
  const token = `tok_${randomUUID()}`;
  const account = await t.db.selectFrom('accounts').select('id').where('user_id', '=', userId).orderBy('id').executeTakeFirstOrThrow();
  // an approved payment is credited (a CHECK): the fresh user's opening deposit stands in for the credit
  const deposit = await t.db.selectFrom('ledger_entries').select('tx_id as id').where('account_id', '=', account.id).orderBy('id').executeTakeFirstOrThrow();
  await t.db
    .insertInto('cards')
    .values({ token, user_id: userId, first6: '411111', last4: '1111', brand: 'visa', exp_month: 12, exp_year: 2030, holder: 'Sandbox Trader', country: 'DE', scenario: 'approve', fingerprint: null })
    .execute();
  await t.db
    .insertInto('card_payments')
    .values({
      id: randomUUID(),
      user_id: userId,
      idem_key: randomUUID(),
      card_token: token,
      amount_minor: 25000n,
      currency: 'USD',
      credit_account_id: account.id,
      fixed: false,
      bonus: false,
      scenario: 'approve',
      status: 'approved',
      credit_tx_id: deposit.id,
      day: '2026-01-01',
    })
    .execute();
}

describe('GET /api/verification/documents: the VerificationState', () => {
  it('a verified trader with deposits: passport and address required; no upload without a withdrawal method, then allowed; no signing', async () => {
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const id = await userIdOf('trader@example.com');
    await t.db.updateTable('users').set({ wd_methods: '' }).where('id', '=', id).execute();
    const before = await stateOf(b);
    expect(before).toMatchObject({
      verification: 'Full',
      verification_type: 'passport',
      required: ['passport', 'address'],
      documents: [],
      canUpload: false,
      canSign: false,
      signed: false,
      signatureId: null,
      fileMax: 1,
      maxBytes: 10 * 1024 * 1024,
    });
    // spec 001 §5, first branch: withdrawal methods AND deposited
    await t.db.updateTable('users').set({ wd_methods: 'card,btc' }).where('id', '=', id).execute();
    expect((await stateOf(b)).canUpload).toBe(true);
    await t.db.updateTable('users').set({ wd_methods: '' }).where('id', '=', id).execute();
  });

  it('withdrawal methods without a deposit do not allow uploads; can_upload does (the second branch)', async () => {
    const { b, id } = await trader({ verification: 'None', balances: noDeposit, wd_methods: 'card' });
    expect(await stateOf(b)).toMatchObject({ canUpload: false, canSign: false, signed: false, verification: 'None' });
    await t.db.updateTable('users').set({ can_upload: true }).where('id', '=', id).execute();
    expect(await stateOf(b)).toMatchObject({ canUpload: true, canSign: true });
  });

  it('a card payer must also send the card front and back', async () => {
    const { b, id } = await trader({ verification: 'None', can_upload: true });
    expect((await stateOf(b)).required).toEqual(['passport', 'address']);
    await approvedCardPayment(id);
    expect((await stateOf(b)).required).toEqual(['passport', 'address', 'card_front', 'card_back']);
  });

  it('canSign under the trading block: not Full and deposited, or not Full and has traded (last_count); not when Full', async () => {
    const blocked = await trader({ verification: 'None', sign: false });
    expect(await stateOf(blocked.b)).toMatchObject({ canSign: true, canUpload: false, signed: false });
    const traded = await trader({ verification: 'None', balances: noDeposit, last_count: 3 });
    expect(await stateOf(traded.b)).toMatchObject({ canSign: true, canUpload: false });
    const verified = await trader({ verification: 'Full' });
    expect(await stateOf(verified.b)).toMatchObject({ canSign: false, canUpload: false });
    const signed = await trader({ verification: 'Full', sign: true });
    expect(await stateOf(signed.b)).toMatchObject({ canSign: true, signed: true });
  });

  it('the risk-flagged demo trader may upload (seeded can_upload)', async () => {
    const b = t.browser();
    await b.signIn('risky@example.com', 'Risky-2026');
    expect(await stateOf(b)).toMatchObject({ verification: 'None', canUpload: true, canSign: true });
  });

  it('answers 401 to a visitor', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/verification/documents')).statusCode).toBe(401);
  });
});

describe('who may upload (spec 001 §5)', () => {
  it('refuses a trader who may neither upload nor sign with 403 upload.not_allowed, saying why, storing nothing', async () => {
    const { b, email } = await trader({ verification: 'Full', wd_methods: '' });
    for (const kind of ['passport', 'signature']) {
      const res = await upload(t, b, { type: kind }, pngFile());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'upload.not_allowed', message: expect.stringContaining('once you have deposited and set up a withdrawal method') });
    }
    expect(await documentCount()).toBe(0);
    expect(await signOf(email)).toBe(false);
  });

  it('a trader under the trading block may sign but not upload documents: the document is refused before it is stored', async () => {
    const { b, email } = await trader({ verification: 'None', sign: false });
    const passport = await upload(t, b, { type: 'passport' }, pngFile());
    expect(passport.statusCode).toBe(403);
    expect(passport.json()).toMatchObject({ error: 'upload.not_allowed', message: expect.stringContaining('withdrawal method') });
    expect(await documentCount()).toBe(0);
    expect(await signOf(email)).toBe(false);
    const signature = await upload(t, b, { type: 'signature' }, pngFile('signature.png'));
    expect(signature.statusCode).toBe(200);
    expect(await signOf(email)).toBe(true);
  });

  it('can_upload allows both; a Full trader with a deposit and a withdrawal method may upload documents but not sign', async () => {
    // can_upload allows both
    const { b } = await trader({ verification: 'Full', can_upload: true });
    expect((await upload(t, b, { type: 'signature' }, pngFile())).statusCode).toBe(200);
    expect((await upload(t, b, { type: 'passport' }, pngFile())).statusCode).toBe(200);
    // deposited with a withdrawal method, Full and not signed: documents yes, the signature no
    const docsOnly = await trader({ verification: 'Full', wd_methods: 'card' });
    const sig = await upload(t, docsOnly.b, { type: 'signature' }, pngFile());
    expect(sig.statusCode).toBe(403);
    expect(sig.json()).toMatchObject({ error: 'upload.not_allowed', message: expect.stringContaining('nothing for you to sign') });
    expect((await upload(t, docsOnly.b, { type: 'passport' }, pngFile())).statusCode).toBe(200);
  });
});

describe('the signature (spec 001 §8, 002 §4)', () => {
  it('as a PNG file: stored as kind signature, sets users.sign, shown back as signatureId', async () => {
    const { b, email } = await trader({ verification: 'None', sign: false });
    const res = await upload(t, b, { type: 'signature' }, { filename: 'sign.png', type: 'image/png', bytes: PNG });
    expect(res.statusCode).toBe(200);
    const answer = UploadResponse.parse(res.json());
    expect(answer).toMatchObject({ message: 'Upload successful', document: { kind: 'signature', mime: 'image/png', status: 'uploaded' } });
    expect(await signOf(email)).toBe(true);
    const state = await stateOf(b);
    expect(state).toMatchObject({ signed: true, signatureId: answer.document.id });
    const shown = await b.send('GET', `/upload/${answer.document.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(PNG)).toBe(true);
  });

  it('as a data URL in the field signature (PNG or JPEG, sniffed from the decoded bytes); the newest is the signatureId', async () => {
    const { b, email, id } = await trader({ verification: 'None' });
    const png = await upload(t, b, { signature: `data:image/png;base64,${PNG.toString('base64')}` });
    expect(png.statusCode).toBe(200);
    expect(png.json()).toMatchObject({ document: { kind: 'signature', mime: 'image/png', size: PNG.length } });
    const row = await t.db.selectFrom('documents').select(['content', 'user_id']).where('id', '=', (png.json() as UploadResponse).document.id).executeTakeFirstOrThrow();
    expect(Buffer.from(row.content).equals(PNG)).toBe(true);
    expect(row.user_id).toBe(id);
    expect(await signOf(email)).toBe(true);
    // the declared type does not count: JPEG bytes declared as PNG are a JPEG
    const jpeg = await upload(t, b, { type: 'signature', signature: `data:image/png;base64,${JPEG.toString('base64')}` });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.json()).toMatchObject({ document: { kind: 'signature', mime: 'image/jpeg' } });
    expect((await stateOf(b)).signatureId).toBe((jpeg.json() as UploadResponse).document.id);
  });

  it('a large drawn signature fits (the field takes up to 1.5 MB of data URL)', async () => {
    const { b } = await trader({ verification: 'None' });
    const big = Buffer.concat([PNG, Buffer.alloc(900 * 1024, 0)]);
    const res = await upload(t, b, { signature: `data:image/png;base64,${big.toString('base64')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ document: { size: big.length } });
    const tooBig = Buffer.concat([PNG, Buffer.alloc(1200 * 1024, 0)]);
    const refused = await upload(t, b, { signature: `data:image/png;base64,${tooBig.toString('base64')}` });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: 'upload.too_large' });
  });

  it('an empty, garbage or non-image signature is refused (400/415) and stores nothing, sign stays false', async () => {
    const { b, email } = await trader({ verification: 'None' });
    for (const value of ['', 'data:image/png;base64,', '   ']) {
      const res = await upload(t, b, { signature: value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'upload.empty', message: 'Cant save empty sign!' });
    }
    for (const value of ['hello', 'data:text/html;base64,PHNjcmlwdD4=', 'data:image/png;base64,@@@', 'javascript:alert(1)']) {
      const res = await upload(t, b, { signature: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ error: 'upload.signature' });
    }
    // valid base64, but not an image: by content
    const text = await upload(t, b, { signature: `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}` });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: 'upload.type' });
    // a PDF is a document, never a signature (as a file or as data)
    const pdfFile = await upload(t, b, { type: 'signature' }, { filename: 'sign.pdf', type: 'application/pdf', bytes: PDF });
    expect(pdfFile.statusCode).toBe(415);
    expect(pdfFile.json()).toMatchObject({ error: 'upload.type', message: 'A signature must be a PNG or JPEG image.' });
    const pdfData = await upload(t, b, { signature: `data:image/png;base64,${PDF.toString('base64')}` });
    expect(pdfData.statusCode).toBe(415);
    // the signature field with another kind, or with a file as well (for a trader who may upload documents too)
    await t.db.updateTable('users').set({ can_upload: true }).where('email', '=', email).execute();
    const mixed = await upload(t, b, { type: 'passport', signature: `data:image/png;base64,${PNG.toString('base64')}` });
    expect([mixed.statusCode, mixed.json().error]).toEqual([400, 'upload.kind']);
    const both = await upload(t, b, { signature: `data:image/png;base64,${PNG.toString('base64')}` }, pngFile());
    expect([both.statusCode, both.json().error]).toEqual([400, 'upload.count']);
    expect(await documentCount()).toBe(0);
    expect(await signOf(email)).toBe(false);
  });

  it('the typed-name signing is gone: POST /api/us/sign answers 404 and signs nothing', async () => {
    const { b, email } = await trader({ verification: 'None' });
    const res = await b.send('POST', '/api/us/sign', { json: { name: 'Sandbox Trader', agree: true } });
    expect(res.statusCode).toBe(404);
    expect(await signOf(email)).toBe(false);
  });

  it('a document upload sets users.sign too (002 §4), and every upload pushes user.updated to the owner only', async () => {
    const { b, email, id } = await trader({ verification: 'None', can_upload: true });
    const other = await trader({ verification: 'None', can_upload: true });
    const events: ServerEvent[] = [];
    const others: ServerEvent[] = [];
    const stop = push.subscribe(id, (e) => events.push(e));
    const stopOther = push.subscribe(other.id, (e) => others.push(e));
    try {
      expect(await signOf(email)).toBe(false);
      const res = await upload(t, b, { type: 'address' }, { filename: 'bill.pdf', type: 'application/pdf', bytes: PDF });
      expect(res.statusCode).toBe(200);
      expect(await signOf(email)).toBe(true);
      expect(events).toEqual([{ type: 'user.updated' }]);
      // a refused upload pushes nothing
      await upload(t, b, { type: 'passport' }, { filename: 'x.png', type: 'image/png', bytes: Buffer.from('nope') });
      expect(events).toHaveLength(1);
      expect(others).toEqual([]);
    } finally {
      stop();
      stopOther();
    }
  });
});

describe('POST /api/kayako/upload/{kind}/{no|unshift} (spec 000 §7)', () => {
  const kayako = (kind: string, mode: string) => `/api/kayako/upload/${kind}/${mode}`;

  it('no: uploads like POST /upload with the kind from the path (CSRF, permission, type by content)', async () => {
    const { b, id } = await trader({ verification: 'None', can_upload: true });
    const res = await upload(t, b, {}, pngFile(), { url: kayako('passport', 'no') });
    expect(res.statusCode).toBe(200);
    const answer = UploadResponse.parse(res.json());
    expect(answer.document.kind).toBe('passport');
    const row = await t.db.selectFrom('documents').select(['user_id', 'kind']).where('id', '=', answer.document.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: id, kind: 'passport' });
    // the signature as data through the kayako call
    const sig = await upload(t, b, { signature: `data:image/png;base64,${PNG.toString('base64')}` }, undefined, { url: kayako('signature', 'no') });
    expect(sig.statusCode).toBe(200);
    expect(sig.json()).toMatchObject({ document: { kind: 'signature' } });

    const before = await documentCount();
    const noCsrf = await upload(t, b, {}, pngFile(), { url: kayako('passport', 'no'), csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toMatchObject({ error: 'csrf' });
    const exe = await upload(t, b, {}, { filename: 'a.png', type: 'image/png', bytes: Buffer.from('MZ this is not an image') }, { url: kayako('passport', 'no') });
    expect(exe.statusCode).toBe(415);
    const notAllowed = await trader({ verification: 'Full' });
    const refused = await upload(t, notAllowed.b, {}, pngFile(), { url: kayako('address', 'no') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'upload.not_allowed' });
    expect(await documentCount()).toBe(before);
  });

  it('an unknown mode is 404, an unknown kind 400, a visitor 401', async () => {
    const { b } = await trader({ verification: 'None', can_upload: true });
    const mode = await upload(t, b, {}, pngFile(), { url: kayako('passport', 'push') });
    expect(mode.statusCode).toBe(404);
    expect(mode.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining('/unshift') });
    const kind = await upload(t, b, {}, pngFile(), { url: kayako('selfie', 'no') });
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toMatchObject({ error: 'upload.kind' });
    expect((await b.send('POST', kayako('selfie', 'unshift'))).statusCode).toBe(400);
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('POST', kayako('passport', 'unshift'))).statusCode).toBe(401);
    expect(await documentCount()).toBe(0);
  });

  it('unshift: the owner takes back their newest document of that kind still uploaded; not another trader, not one in review', async () => {
    const owner = await trader({ verification: 'None', can_upload: true });
    const stranger = await trader({ verification: 'None', can_upload: true });
    const first = (await upload(t, owner.b, { type: 'passport' }, pngFile('1.png'))).json() as UploadResponse;
    const second = (await upload(t, owner.b, { type: 'passport' }, pngFile('2.png'))).json() as UploadResponse;
    const address = (await upload(t, owner.b, { type: 'address' }, pngFile('a.png'))).json() as UploadResponse;
    expect(await documentCount()).toBe(3);

    // another trader removes nothing of the owner's
    const theirs = await stranger.b.send('POST', kayako('passport', 'unshift'));
    expect(theirs.statusCode).toBe(200);
    expect(UnshiftResponse.parse(theirs.json())).toEqual({ ok: true, removed: null });
    expect(await documentCount()).toBe(3);
    // no CSRF: refused, nothing removed
    expect((await owner.b.send('POST', kayako('passport', 'unshift'), { csrf: false })).statusCode).toBe(403);
    expect(await documentCount()).toBe(3);

    const events: ServerEvent[] = [];
    const stop = push.subscribe(owner.id, (e) => events.push(e));
    try {
      const newest = await owner.b.send('POST', kayako('passport', 'unshift'));
      expect(newest.json()).toEqual({ ok: true, removed: second.document.id });
      expect(events).toEqual([{ type: 'user.updated' }]);
    } finally {
      stop();
    }
    // the older passport goes into review: it cannot be taken back any more
    await moveDocument(t.db, first.document.id, 'in_review');
    const inReview = await owner.b.send('POST', kayako('passport', 'unshift'));
    expect(inReview.json()).toEqual({ ok: true, removed: null });
    const left = await t.db.selectFrom('documents').select(['id', 'status']).orderBy('kind').execute();
    expect(left).toEqual([
      { id: address.document.id, status: 'uploaded' },
      { id: first.document.id, status: 'in_review' },
    ]);
  });
});
