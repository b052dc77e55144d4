import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutologinValues } from '../../../core/contract';
import { buildApp } from '../../app';
import '../../db/schema-sandbox-shared';
import { SANDBOX_OPERATOR_HEADER } from '../access';
import { DbIdpAdapter, loadIdpSecrets, purgeExpiredIdpObjects } from './store';
import { Browser, testApp, type TestApp } from '../../test/client';

/**
 * the sandbox state a second instance needs lives in the database. Instance A is the
 * test app, instance B a second buildApp on the same database (PGlite or, in the PostgreSQL
 * suite, PostgreSQL). Both run in this process, so what they could share through module memory is
 * checked against the database too: the rows are there, and without them the answer changes.
 */
let t: TestApp;
let appB: FastifyInstance;
beforeAll(async () => {
  t = await testApp();
  appB = await buildApp({ db: t.db, config: t.config, mirror: { deliverEveryMs: 0 } });
});
afterAll(async () => {
  await appB?.close();
  await t?.close();
});

/** One browser (one cookie jar) whose requests reach instance A or B, as a load balancer sends them. */
function roaming(): { a: Browser; b: Browser } {
  const a = t.browser();
  const b = new Browser(appB);
  Object.defineProperty(b, 'cookies', { value: a.cookies });
  return { a, b };
}

const path = (location: string) => {
  const url = new URL(location, 'http://localhost:80');
  return url.pathname + url.search;
};

/** Follows redirects on one instance until the next address matches `stop`. */
async function follow(b: Browser, url: string, stop: RegExp): Promise<string> {
  let current = path(url);
  for (let i = 0; i < 12; i++) {
    const res = await b.send('GET', current);
    const location = res.headers.location;
    if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') throw new Error(`stopped at ${current}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    current = path(location);
    if (stop.test(current)) return current;
  }
  throw new Error('too many redirects');
}

const idpRows = (model: string) => t.db.selectFrom('sandbox_idp_objects').select(['id', 'consumed_at', 'expires_at']).where('model', '=', model).execute();

describe('made by this session (fresh-user) across instances', () => {
  it('a user made through instance A is acted on through instance B by the same session; the row in the database is what decides', async () => {
    const { a, b } = roaming();
    await a.me();
    b.csrf = a.csrf;
    const made = (await a.send('POST', '/api/sandbox/fresh-user', { json: {} })).json() as { email: string; userId?: number };
    const user = await t.db.selectFrom('users').select('id').where('email', '=', made.email).executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('sandbox_made_by').select(['session_id', 'user_id']).where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);

    expect((await b.send('POST', '/api/sandbox/autologin', { json: { email: made.email } })).statusCode).toBe(200);

    // without the row, neither instance lets this session act on the user
    await t.db.deleteFrom('sandbox_made_by').where('user_id', '=', user.id).execute();
    for (const via of [a, b]) {
      const res = await via.send('POST', '/api/sandbox/autologin', { json: { email: made.email } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'sandbox.not_yours' });
    }
    // the operator token still works anywhere
    expect((await b.send('POST', '/api/sandbox/autologin', { json: { email: made.email }, headers: { [SANDBOX_OPERATOR_HEADER]: t.config.sandboxOperatorToken } })).statusCode).toBe(200);
  });

  it('the rows go with their session (the purge of expired sessions cleans them)', async () => {
    const { a } = roaming();
    await a.me();
    await a.send('POST', '/api/sandbox/fresh-user', { json: {} });
    const [row] = await t.db.selectFrom('sandbox_made_by').select('session_id').orderBy('created_at', 'desc').limit(1).execute();
    expect(row).toBeDefined();
    await t.db.deleteFrom('sessions').where('id', '=', row!.session_id).execute();
    expect(await t.db.selectFrom('sandbox_made_by').select('user_id').where('session_id', '=', row!.session_id).execute()).toEqual([]);
  });
});

describe('the sandbox identity provider across instances', () => {
  it('its signing keys are made once and agree on both instances (private parts never published)', async () => {
    const [jwksA, jwksB] = await Promise.all([t.browser().send('GET', '/sandbox/idp/jwks'), new Browser(appB).send('GET', '/sandbox/idp/jwks')]);
    expect(jwksA.statusCode).toBe(200);
    expect(jwksB.body).toBe(jwksA.body);
    const published = (jwksA.json() as { keys: { kid: string; d?: string }[] }).keys;
    const stored = await t.db.selectFrom('sandbox_idp_keys').selectAll().execute();
    expect(stored).toHaveLength(1);
    const secrets = await loadIdpSecrets(t.db);
    expect(published.map((key) => key.kid)).toEqual(secrets.jwks.keys.map((key) => (key as { kid: string }).kid));
    expect(published.every((key) => key.d === undefined)).toBe(true);
  });

  it('two instances asking at once on an empty table get the same secrets (the first insert wins)', async () => {
    await t.db.deleteFrom('sandbox_idp_keys').execute();
    const [one, two, three] = await Promise.all([loadIdpSecrets(t.db), loadIdpSecrets(t.db), loadIdpSecrets(t.db)]);
    expect(two).toEqual(one);
    expect(three).toEqual(one);
    expect(await t.db.selectFrom('sandbox_idp_keys').select('client_secret').execute()).toEqual([{ client_secret: one.clientSecret }]);
  });

  it('a sign-in started on A, chosen on B, its code issued by A, completes on B', async () => {
    // a fresh pair of apps: the secrets above were replaced, and each app reads them once
    const appA2 = await buildApp({ db: t.db, config: t.config, mirror: { deliverEveryMs: 0 } });
    const appB2 = await buildApp({ db: t.db, config: t.config, mirror: { deliverEveryMs: 0 } });
    try {
      const a = new Browser(appA2);
      const b = new Browser(appB2);
      Object.defineProperty(b, 'cookies', { value: a.cookies });
      await a.me();
      b.csrf = a.csrf;

      const start = await a.send('GET', '/api/oidc/start?lang=en');
      expect(start.statusCode).toBe(302);
      const interaction = await follow(a, String(start.headers.location), /^\/sandbox\/idp\/interaction\//);
      expect((await idpRows('Interaction')).length).toBeGreaterThan(0);

      const page = await b.send('GET', interaction);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Sandbox');
      const posted = await b.send('POST', `${interaction}/login`, { form: { identity: 'trader' } });
      expect(posted.statusCode).toBe(303);

      const callback = await follow(a, String(posted.headers.location), /^\/api\/oidc\/callback\?/);
      const code = new URL(callback, 'http://x').searchParams.get('code');
      expect(code).toBeTruthy();
      const codes = await idpRows('AuthorizationCode');
      expect(codes.some((row) => row.consumed_at === null)).toBe(true);

      const done = await b.send('GET', callback);
      expect(done.statusCode).toBe(303);
      const location = String(done.headers.location);
      expect(location).toMatch(/^\/en\/autologin\?key=/);
      expect((await idpRows('AuthorizationCode')).every((row) => row.consumed_at !== null)).toBe(true);

      const key = new URL(location, 'http://x').searchParams.get('key') ?? '';
      const values = AutologinValues.parse((await a.send('POST', '/api/autologin', { json: { key } })).json());
      expect(values.email).toBe('trader@example.com');

      // the code is single use, whichever instance it is sent to again
      const again = await a.send('GET', callback);
      expect(String(again.headers.location)).toBe('/en/login?social=failed');
    } finally {
      await appA2.close();
      await appB2.close();
    }
  });
});

describe('the provider adapter (oidc-provider) on the database', () => {
  it('finds by id, uid and user code; consume marks; revokeByGrantId drops only that grant of that model; expiry is honoured and purged', async () => {
    const codes = new DbIdpAdapter(t.db, 'AuthorizationCode');
    const tokens = new DbIdpAdapter(t.db, 'AccessToken');
    const sessions = new DbIdpAdapter(t.db, 'Session');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'trader' }, 60);
    await codes.upsert('c2', { grantId: 'g2' }, 60);
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'trader' }, 60);
    await codes.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);

    expect(await codes.find('c1')).toEqual({ grantId: 'g1', accountId: 'trader' });
    expect(await tokens.find('c1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'trader' });
    expect(await codes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });

    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));

    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await codes.find('c2')).toBeDefined();
    expect(await tokens.find('t1')).toBeDefined();

    await codes.destroy('c2');
    expect(await codes.find('c2')).toBeUndefined();

    await t.db.updateTable('sandbox_idp_objects').set({ expires_at: new Date(Date.now() - 1000) }).where('model', '=', 'Session').where('id', '=', 's1').execute();
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await purgeExpiredIdpObjects(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('sandbox_idp_objects').select('id').where('model', '=', 'Session').where('id', '=', 's1').execute()).toEqual([]);
  });
});
