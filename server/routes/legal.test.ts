import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CashierLocks } from '../../core/contract/cashier-locks';
import { LegalStatus } from '../../core/contract/legal';
import { currentVersions, LEGAL_DOCUMENTS, LEGAL_VERSIONS } from '../../core/legal/versions';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { registration } from '../test/registration';

/**
 * The legal documents (issue 30 §5, docs/legal-documents.md): registration is refused without the
 * documents accepted and records their current versions with the user in one transaction; a
 * trader who accepted an older version is asked again (GET /api/legal/status), cannot deposit
 * (holdDeposit: `legal.terms_outdated`) and sees the `terms_outdated` lock until they accept the
 * current versions (POST /api/legal/accept, own session, CSRF); an older version sent is refused
 * with `legal.outdated` and writes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await sql`delete from registration_attempts`.execute(t.db);
});

let seq = 0;
const email = () => `legal.${Date.now().toString(36)}.${seq++}@example.com`;
const count = async (table: 'users' | 'legal_acceptances') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const status = async (b: Browser) => LegalStatus.parse((await b.send('GET', '/api/legal/status')).json());
const everyCurrent = () => LEGAL_DOCUMENTS.map((document) => ({ document, version: LEGAL_VERSIONS[document].version }));

describe('registration (POST /api/register)', () => {
  it('is refused without the documents accepted (unticked or absent), beside the other fields, and nothing is written', async () => {
    const b = t.browser();
    await b.me();
    const [users, rows] = [await count('users'), await count('legal_acceptances')];
    for (const terms of [undefined, false]) {
      const res = await b.send('POST', '/api/register', { json: registration({ login: email(), terms }) });
      expect([res.statusCode, res.json().error, res.json().fields]).toEqual([400, 'validation', { terms: 'register.terms_required' }]);
      expect(res.json().message).toContain('terms (accept the Client Agreement, Risk Disclosure and Privacy Notice)');
    }
    const both = await b.send('POST', '/api/register', { json: registration({ login: email(), terms: undefined, phone: '1' }) });
    expect(both.json().fields).toEqual({ terms: 'register.terms_required', phone: 'register.phone_short' });
    // a demo account too
    const demo = await b.send('POST', '/api/register', { json: registration({ demo: true, login: '', terms: undefined }) });
    expect([demo.statusCode, demo.json().fields?.terms]).toEqual([400, 'register.terms_required']);
    expect([await count('users'), await count('legal_acceptances')]).toEqual([users, rows]);
  });

  it('records every document at its current version, in the page language, at the time the user was created', async () => {
    const b = t.browser();
    await b.me();
    const login = email();
    const res = await b.send('POST', '/api/register', { json: registration({ login, lang: 'ru' }) });
    expect(res.statusCode, res.body).toBe(200);
    const user = await t.db.selectFrom('users').innerJoin('user_profiles', 'user_profiles.user_id', 'users.id').select(['users.id', 'user_profiles.created_at']).where('email', '=', login).executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('legal_acceptances').selectAll().where('user_id', '=', user.id).orderBy('document').execute();
    expect(rows.map((r) => [r.document, r.version, r.lang, r.source])).toEqual(
      [...LEGAL_DOCUMENTS].sort().map((doc) => [doc, currentVersions()[doc], 'ru', 'registration']),
    );
    // written with the user's profile (same transaction, moments apart)
    for (const row of rows) expect(Math.abs(row.accepted_at.getTime() - new Date(user.created_at).getTime())).toBeLessThan(5_000);
  });

  it('in the same transaction as the user: a failing acceptance insert leaves no user behind', async () => {
    const b = t.browser();
    await b.me();
    const login = email();
    // make the acceptance rows fail for this registration only
    await sql`alter table legal_acceptances add constraint legal_test_fail check (source <> 'registration') not valid`.execute(t.db);
    try {
      const res = await b.send('POST', '/api/register', { json: registration({ login }) });
      expect(res.statusCode).toBe(500);
      expect(await t.db.selectFrom('users').select('id').where('email', '=', login).executeTakeFirst()).toBeUndefined();
    } finally {
      await sql`alter table legal_acceptances drop constraint legal_test_fail`.execute(t.db);
    }
    expect((await b.send('POST', '/api/register', { json: registration({ login }) })).statusCode).toBe(200);
  });
});

describe('asked again: GET /api/legal/status, POST /api/legal/accept, the terms_outdated lock', () => {
  it('signed in only; the POST needs the CSRF header and changes only the session’s own trader', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/legal/status')).statusCode).toBe(401);
    expect((await visitor.send('POST', '/api/legal/accept', { json: { accepted: everyCurrent() } })).statusCode).toBe(401);
    const other = t.browser();
    await freshUser(other, { legal_version: 0 });
    const b = t.browser();
    await freshUser(b, { legal_version: 0 });
    const forged = await b.send('POST', '/api/legal/accept', { json: { accepted: everyCurrent() }, csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
    expect((await b.send('POST', '/api/legal/accept', { json: { accepted: everyCurrent(), lang: 'ru' } })).statusCode).toBe(200);
    expect((await status(b)).outdated).toEqual([]);
    // the other trader is still asked
    expect((await status(other)).outdated).toEqual([...LEGAL_DOCUMENTS]);
  });

  it('a trader of the current versions is not asked and has no lock', async () => {
    const b = t.browser();
    await freshUser(b);
    const s = await status(b);
    expect(s.outdated).toEqual([]);
    expect(s.documents.map((d) => [d.document, d.version, d.accepted, d.effective])).toEqual(LEGAL_DOCUMENTS.map((d) => [d, LEGAL_VERSIONS[d].version, LEGAL_VERSIONS[d].version, LEGAL_VERSIONS[d].effective]));
    const locks = CashierLocks.parse((await b.send('GET', '/api/cashier/locks')).json());
    expect([...locks.deposit, ...locks.trading].map((l) => l.reason)).not.toContain('terms_outdated');
  });

  it('an older version: asked, deposits refused by holdDeposit and the lock shown, until the current versions are accepted', async () => {
    const b = t.browser();
    const user = await freshUser(b, { legal_version: 0 });
    expect((await status(b)).outdated).toEqual([...LEGAL_DOCUMENTS]);
    const locks = CashierLocks.parse((await b.send('GET', '/api/cashier/locks')).json());
    expect(locks.deposit.find((l) => l.reason === 'terms_outdated')?.params).toEqual({ documents: LEGAL_DOCUMENTS.join(',') });
    expect(locks.trading.map((l) => l.reason)).toContain('terms_outdated');
    expect(locks.withdrawal.map((l) => l.reason)).not.toContain('terms_outdated');

    // a deposit (a bank transfer's reference: it takes the limit hold like every method)
    const deposit = () => b.send('POST', '/api/report/bank', { json: { amount: '300', bonus: false, fixed: false, currency: 'USD', random: `r-${randomUUID()}` } });
    const refused = await deposit();
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'legal.terms_outdated']);
    expect(refused.json().message).toContain('Client Agreement, Risk Disclosure, Privacy Notice');
    const id = Number(user.userId);
    expect(Number((await t.db.selectFrom('deposit_holds').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', id).executeTakeFirstOrThrow()).n)).toBe(0);

    const accepted = await b.send('POST', '/api/legal/accept', { json: { accepted: everyCurrent(), lang: 'en' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(LegalStatus.parse(accepted.json()).outdated).toEqual([]);
    const rows = await t.db.selectFrom('legal_acceptances').select(['document', 'version', 'source']).where('user_id', '=', id).where('source', '=', 'asked_again').execute();
    expect(rows.map((r) => r.document).sort()).toEqual([...LEGAL_DOCUMENTS].sort());
    const after = CashierLocks.parse((await b.send('GET', '/api/cashier/locks')).json());
    expect([...after.deposit, ...after.trading].map((l) => l.reason)).not.toContain('terms_outdated');
    expect((await deposit()).statusCode).toBe(200);
  });

  it('an older version: the platform refuses every trade with legal.terms_outdated until the current versions are accepted', async () => {
    const b = t.browser();
    await freshUser(b, { legal_version: 0 });
    let keys = 0;
    const trade = () => b.send('POST', '/platform/trades', { json: { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: `legal-trade-${Date.now()}-${++keys}` }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const refused = await trade();
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'legal.terms_outdated']);
    expect(refused.json().message).toContain('before you trade');
    expect((await b.send('POST', '/api/legal/accept', { json: { accepted: everyCurrent() } })).statusCode).toBe(200);
    const opened = await trade();
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('an older version sent is refused with legal.outdated and writes nothing; only some documents accepted keeps the rest asked', async () => {
    const b = t.browser();
    const user = await freshUser(b, { legal_version: 0 });
    const before = await count('legal_acceptances');
    const stale = await b.send('POST', '/api/legal/accept', { json: { accepted: [{ document: 'client_agreement', version: 0 }, { document: 'privacy_notice', version: LEGAL_VERSIONS.privacy_notice.version }] } });
    expect([stale.statusCode, stale.json().error, stale.json().params]).toEqual([409, 'legal.outdated', { documents: 'client_agreement' }]);
    const ahead = await b.send('POST', '/api/legal/accept', { json: { accepted: [{ document: 'risk_disclosure', version: LEGAL_VERSIONS.risk_disclosure.version + 1 }] } });
    expect([ahead.statusCode, ahead.json().error]).toEqual([409, 'legal.outdated']);
    expect(await count('legal_acceptances')).toBe(before);
    const bad = await b.send('POST', '/api/legal/accept', { json: { accepted: [{ document: 'cookie_policy', version: 1 }] } });
    expect(bad.statusCode).toBe(400);
    // a fraction or a negative version is no current version either
    for (const version of [0.5, -1]) {
      const odd = await b.send('POST', '/api/legal/accept', { json: { accepted: [{ document: 'client_agreement', version }] } });
      expect([odd.statusCode, odd.json().error], String(version)).toEqual([409, 'legal.outdated']);
    }
    const some = await b.send('POST', '/api/legal/accept', { json: { accepted: [{ document: 'client_agreement', version: LEGAL_VERSIONS.client_agreement.version }] } });
    expect(LegalStatus.parse(some.json()).outdated).toEqual(['risk_disclosure', 'privacy_notice']);
    // accepting the same version twice is one record
    await b.send('POST', '/api/legal/accept', { json: { accepted: [{ document: 'client_agreement', version: LEGAL_VERSIONS.client_agreement.version }] } });
    expect(Number((await t.db.selectFrom('legal_acceptances').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', Number(user.userId)).where('document', '=', 'client_agreement').executeTakeFirstOrThrow()).n)).toBe(2);
  });
});
