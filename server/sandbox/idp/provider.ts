import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type JWKS } from 'oidc-provider';
import type { Db } from '../../db';
import { SANDBOX_PROVIDER_NAME } from '../../domain/social/social';
import { consolePage, escapeHtml, CONSOLE_PAGE_CSP } from '../operator-console';
import { DbIdpAdapter, loadIdpSecrets, type IdpSecrets } from './store';
import { api, TAGS } from '../../http/route-schema';

/**
 * The sandbox identity provider (docs/social-sign-in.md): a real OpenID Connect provider
 * (`oidc-provider`, certified) on this server under /sandbox/idp, mounted on Fastify with
 * `reply.hijack()` (the provider is a koa app: its `callback()` gets the raw request and answer).
 * Only in sandbox mode (the config refuses sandbox mode in production). Its sign-in page says
 * Sandbox and offers test identities instead of a password (docs/sandbox.md).
 *
 * The issuer is this server's own origin + /sandbox/idp, as the browser reaches it: a provider is
 * made per origin (normally one), with one client whose redirect URI is that origin's
 * /api/oidc/callback. Its keys, client secret and cookie key are made once for the deployment
 * and its objects (interactions, sessions, grants, codes, tokens) are stored in the database
 * (./store.ts): a sign-in begun on one instance finishes on any other, and a restart forgets
 * nothing before its time.
 */
export const SANDBOX_IDP_PATH = '/sandbox/idp';
export const SANDBOX_IDP_NAME = SANDBOX_PROVIDER_NAME;
export const SANDBOX_CLIENT_ID = 'brokerage-sandbox';

/** The test identities of the sign-in page: `new` makes a fresh address on every use. */
export const SANDBOX_IDENTITIES = [
  { id: 'trader', label: 'Tom Trader: trader@example.com (verified; the seeded trader)' },
  { id: 'new', label: 'A new person: new-…@example.com (verified; not registered yet)' },
  { id: 'unverified', label: 'Uma Unverified: unverified@example.com (email NOT verified)' },
] as const;

interface Claims {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

/** The claims of an account id of this provider (ids are the identities above; `new-<hex>` for new people). */
export function sandboxClaims(accountId: string): Claims | undefined {
  if (accountId === 'trader') return { sub: 'trader', email: 'trader@example.com', email_verified: true, given_name: 'Tom', family_name: 'Trader' };
  if (accountId === 'unverified') return { sub: 'unverified', email: 'unverified@example.com', email_verified: false, given_name: 'Uma', family_name: 'Unverified' };
  const fresh = /^new-([0-9a-f]{8})$/.exec(accountId);
  if (fresh) return { sub: accountId, email: `${accountId}@example.com`, email_verified: true, given_name: 'Nina', family_name: 'New' };
  return undefined;
}

export interface SandboxIdp {
  /** the issuer URL for the origin the browser uses (e.g. http://127.0.0.1:3000) */
  issuer(origin: string): string;
  /** the site's client secret (the same on every instance; read from the database) */
  clientSecret(): Promise<string>;
}

/** Mounts the sandbox provider under /sandbox/idp. */
export function installSandboxIdp(app: FastifyInstance, db: Db): SandboxIdp {
  // read (or made) on first use, not at start: the database may still be migrating then
  let secrets: Promise<IdpSecrets> | undefined;
  const secretsOf = (): Promise<IdpSecrets> => {
    if (!secrets) {
      const loading = loadIdpSecrets(db);
      loading.catch(() => {
        if (secrets === loading) secrets = undefined;
      });
      secrets = loading;
    }
    return secrets;
  };
  const providers = new Map<string, Provider>();

  const issuer = (origin: string) => `${origin}${SANDBOX_IDP_PATH}`;
  const providerFor = async (origin: string): Promise<Provider> => {
    const { jwks, clientSecret, cookieKey } = await secretsOf();
    let provider = providers.get(origin);
    if (provider) return provider;
    const configuration: Configuration = {
      adapter: (model: string) => new DbIdpAdapter(db, model),
      jwks: jwks as JWKS,
      clients: [
        {
          client_id: SANDBOX_CLIENT_ID,
          client_secret: clientSecret,
          redirect_uris: [`${origin}/api/oidc/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      scopes: ['openid', 'email', 'profile'],
      cookies: { keys: [cookieKey] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `${SANDBOX_IDP_PATH}/interaction/${interaction.uid}` },
      findAccount: (_ctx, id) => {
        const claims = sandboxClaims(id);
        return claims ? { accountId: id, claims: () => ({ ...claims }) } : undefined;
      },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    };
    provider = new Provider(issuer(origin), configuration);
    provider.proxy = true;
    providers.set(origin, provider);
    return provider;
  };
  // normalised (no default port): the issuer must equal what the client library compares
  const originOf = (request: FastifyRequest) => new URL(`${request.protocol}://${request.host}`).origin;

  void app.register(async (idp) => {
    // the provider reads its own bodies: Fastify leaves the stream alone
    idp.removeAllContentTypeParsers();
    idp.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    idp.get('/sandbox/idp/interaction/:uid', { schema: api(TAGS.sandbox, 'Sandbox identity provider: sign-in page', { produces: 'text/html' }) }, async (request, reply) => {
      const provider = await providerFor(originOf(request));
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      reply.header('content-security-policy', CONSOLE_PAGE_CSP).type('text/html; charset=utf-8');
      if (!details) return reply.code(400).send(consolePage('Sandbox ID', 'Sandbox identity provider', '<p>This sign-in has expired. Go back to the site and start again.</p>'));
      const uid = escapeHtml(details.uid);
      const buttons = SANDBOX_IDENTITIES.map(
        (identity) =>
          `<p><button type="submit" name="identity" value="${identity.id}" data-testid="idp-${identity.id}">${escapeHtml(identity.label)}</button></p>`,
      ).join('');
      return reply.send(
        consolePage(
          'Sandbox ID: sign in',
          'Sandbox identity provider: nothing here is real',
          `<h1>Sandbox ID</h1><p>Sign in to the brokerage as one of these test identities (no password: this is the sandbox).</p>
<form method="post" action="${SANDBOX_IDP_PATH}/interaction/${uid}/login">${buttons}</form>
<form method="post" action="${SANDBOX_IDP_PATH}/interaction/${uid}/abort"><p><button type="submit" data-testid="idp-cancel">Cancel</button></p></form>`,
        ),
      );
    });

    const finish = async (request: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>) => {
      const provider = await providerFor(originOf(request));
      const redirect = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false }).catch(() => null);
      if (!redirect) return reply.code(400).type('text/plain').send('This sign-in has expired. Go back to the site and start again.');
      return reply.redirect(redirect, 303);
    };

    idp.post('/sandbox/idp/interaction/:uid/login', { schema: api(TAGS.sandbox, 'Sandbox identity provider: sign in', { produces: 'redirect' }) }, async (request, reply) => {
      const provider = await providerFor(originOf(request));
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      const body = new URLSearchParams(await readBody(request));
      const choice = body.get('identity') ?? '';
      const accountId = choice === 'new' ? `new-${randomBytes(4).toString('hex')}` : choice;
      if (!details || !sandboxClaims(accountId)) return reply.code(400).type('text/plain').send('Choose one of the test identities.');
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      return finish(request, reply, { login: { accountId }, consent: { grantId } });
    });

    idp.post('/sandbox/idp/interaction/:uid/abort', { schema: api(TAGS.sandbox, 'Sandbox identity provider: cancel', { produces: 'redirect' }) }, async (request, reply) => {
      await readBody(request);
      return finish(request, reply, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' });
    });

    // everything else is the provider's (discovery, auth, token, jwks, userinfo, …)
    idp.all('/sandbox/idp/*', { schema: api(TAGS.sandbox, 'Sandbox identity provider (OpenID Connect endpoints: discovery, authorization, token, JWKS)') }, async (request, reply) => {
      const provider = await providerFor(originOf(request));
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(SANDBOX_IDP_PATH.length) || '/';
      // the security headers of the site (onSend) do not run on a hijacked answer: the provider's own apply
      provider.callback()(raw, reply.raw);
    });
  });

  return { issuer, clientSecret: async () => (await secretsOf()).clientSecret };
}

/** The raw body of a form post (Fastify left it unread). */
async function readBody(request: FastifyRequest): Promise<string> {
  let text = '';
  for await (const chunk of request.raw) {
    text += String(chunk);
    if (text.length > 8 * 1024) break;
  }
  return text;
}
