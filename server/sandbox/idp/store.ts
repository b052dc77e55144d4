import { generateKeyPair, randomBytes, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db';
import '../../db/schema-sandbox-shared';

/**
 * What the sandbox identity provider keeps, in the database so that every instance agrees
 * (migration 200_sandbox_shared; docs/architecture.md "Many instances"):
 *
 * - its secrets (`sandbox_idp_keys`, one row): the signing keys (an ID token signed on one instance
 *   is checked against the same keys on any other), the site's client secret (which also seals
 *   the sign-in's flow cookie, server/routes/oidc.ts) and the key of its own cookies;
 * - its objects (`sandbox_idp_objects`): oidc-provider's adapter, so an authorization code issued
 *   by one instance is redeemed on another, and an interaction begun on one finishes on another.
 */
export interface IdpSecrets {
  /** a private JWKS (RS256) */
  jwks: { keys: JsonWebKey[] };
  clientSecret: string;
  cookieKey: string;
}

const generateRsa = promisify(generateKeyPair);

async function newSecrets(): Promise<IdpSecrets> {
  const { privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return {
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
    clientSecret: randomBytes(32).toString('base64url'),
    cookieKey: randomBytes(32).toString('base64url'),
  };
}

/**
 * The provider's secrets: made by the first instance that asks (insert … on conflict do nothing),
 * then read back, so two instances starting together use the winner's.
 */
export async function loadIdpSecrets(db: Db): Promise<IdpSecrets> {
  const existing = await readSecrets(db);
  if (existing) return existing;
  const made = await newSecrets();
  await db
    .insertInto('sandbox_idp_keys')
    .values({ id: 1, jwks: JSON.stringify(made.jwks), client_secret: made.clientSecret, cookie_key: made.cookieKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const winner = await readSecrets(db);
  if (!winner) throw new Error('sandbox identity provider: its keys could not be stored');
  return winner;
}

async function readSecrets(db: Db): Promise<IdpSecrets | undefined> {
  const row = await db.selectFrom('sandbox_idp_keys').select(['jwks', 'client_secret', 'cookie_key']).where('id', '=', 1).executeTakeFirst();
  if (!row) return undefined;
  const jwks = (typeof row.jwks === 'string' ? JSON.parse(row.jwks) : row.jwks) as IdpSecrets['jwks'];
  return { jwks, clientSecret: row.client_secret, cookieKey: row.cookie_key };
}

/** When an object stored without a lifetime is dropped (every model the provider uses here has a ttl). */
const DEFAULT_TTL_SECONDS = 24 * 3600;

/**
 * oidc-provider's adapter interface (upsert, find, findByUid, findByUserCode, consume, destroy,
 * revokeByGrantId) on `sandbox_idp_objects`, one instance per model. An object past its
 * `expires_at` is not found (and is purged by the housekeeping, `purgeExpiredIdpObjects`).
 */
export class DbIdpAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = new Date(Date.now() + (expiresIn > 0 ? expiresIn : DEFAULT_TTL_SECONDS) * 1000);
    const fields = {
      payload: JSON.stringify(payload),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at: expiresAt,
    };
    await this.db
      .insertInto('sandbox_idp_objects')
      .values({ model: this.model, id, ...fields })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(fields))
      .execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('sandbox_idp_objects')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db.updateTable('sandbox_idp_objects').set({ consumed_at: new Date() }).where('model', '=', this.model).where('id', '=', id).execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('sandbox_idp_objects').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('sandbox_idp_objects').where('model', '=', this.model).where('grant_id', '=', grantId).execute();
  }
}

/** Housekeeping: drops the provider's objects past their lifetime; returns how many. */
export async function purgeExpiredIdpObjects(db: Db): Promise<number> {
  const result = await db.deleteFrom('sandbox_idp_objects').where('expires_at', '<=', new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
