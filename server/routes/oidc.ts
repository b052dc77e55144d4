import { randomBytes } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { SocialRegisterRequest, SocialPending, SocialRegisterResponse } from '../../core/contract/social';
import type { RegisterRequest } from '../../core/contract/register';
import { createAutologinKey } from '../domain/autologin';
import { affiliateId } from '../domain/public-site/public-site';
import { beginRegistration, settleRegistration } from '../domain/register/limits';
import { fieldsMessage, openAccount, registrationRefusals } from '../domain/register/register';
import { findLinkedUser, linkAccount, providerName, seal, sealingKey, unseal } from '../domain/social/social';
import { findUserByEmail, normalizeEmail } from '../domain/users';
import { AFF_COOKIE } from '../http/public-html';

import { sessionOf, type RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** The sign-in in progress (state, nonce, PKCE verifier): a sealed HttpOnly cookie for 10 minutes. */
export const FLOW_COOKIE = 'oidc_flow';
/** A verified new email waiting for the registration's remaining questions: 30 minutes. */
export const PENDING_COOKIE = 'oidc_reg';
const FLOW_TTL_MS = 10 * 60_000;
const PENDING_TTL_MS = 30 * 60_000;
const COOKIE_PATH = '/api/oidc';

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  lang: string;
}

interface Pending {
  iss: string;
  sub: string;
  email: string;
  given: string;
  family: string;
  lang: string;
}

interface Provider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
  /** the sandbox provider on this server: its calls go in-process */
  local: boolean;
}

/**
 * Social sign-in with OpenID Connect (docs/social-sign-in.md): the authorization code
 * flow with PKCE (S256), state and nonce, through openid-client (which checks all three and the
 * ID token). GET /api/oidc/start only redirects (and sets a sealed cookie); GET /api/oidc/callback
 * is where the provider returns; GET /api/oidc/pending and POST /api/oidc/register finish a new
 * account.
 */
export const oidcRoutes: RoutePlugin<RouteDeps> = async (app, { db, config, settings, platform, ports }) => {
  // the identity provider on this server (the sandbox's, in sandbox mode without OIDC_ISSUER; server/compose.ts)
  const idp = ports.identity;
  // normalised (no default port): the issuer must equal what the client library compares
  const originOf = (request: FastifyRequest) => new URL(`${request.protocol}://${request.host}`).origin;
  // the sandbox provider's client secret (which seals the flow cookie) is the deployment's, read from the database: any instance opens the cookie
  const providerFor = async (origin: string): Promise<Provider | undefined> => {
    if (config.oidc) return { ...config.oidc, name: providerName(config.oidc.issuer), local: false };
    if (idp) return { issuer: idp.issuer(origin), clientId: idp.clientId, clientSecret: await idp.clientSecret(), name: idp.name, local: true };
    return undefined;
  };
  const langOf = (value: unknown) => (typeof value === 'string' && settings.languages.includes(value) ? value : settings.defaultLanguage);

  /** In-process calls to the sandbox provider on this server (no network, whatever address it listens on). */
  const injectFetch: client.CustomFetch = async (url, options) => {
    const target = new URL(String(url));
    const headers: Record<string, string> = { host: target.host };
    new Headers(options.headers).forEach((value, name) => {
      headers[name] = value;
    });
    headers.host = target.host;
    const res = await app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: target.pathname + target.search,
      headers,
      ...(options.body != null && { payload: String(options.body) }),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(res.rawPayload.length > 0 ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: out });
  };

  const configurations = new Map<string, Promise<client.Configuration>>();
  const configurationFor = (provider: Provider): Promise<client.Configuration> => {
    const known = configurations.get(provider.issuer);
    if (known) return known;
    const made = client
      .discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        client.ClientSecretBasic(provider.clientSecret),
        provider.local ? { execute: [client.allowInsecureRequests], [client.customFetch]: injectFetch } : undefined,
      )
      .then((configuration) => {
        if (provider.local) configuration[client.customFetch] = injectFetch;
        return configuration;
      });
    made.catch(() => configurations.delete(provider.issuer));
    configurations.set(provider.issuer, made);
    return made;
  };

  const cookieOptions = (request: FastifyRequest, maxAgeMs: number) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
  const failed = (request: FastifyRequest, reply: FastifyReply, lang: string, reason: string, error?: unknown) => {
    request.log.warn({ reason, err: error }, 'social sign-in failed');
    return reply.redirect(`/${lang}/login?social=failed`, 303);
  };

  app.get('/api/oidc/start', { schema: api(TAGS.session, 'Social sign-in: go to the identity provider', { produces: 'redirect' }) }, async (request, reply) => {
    const lang = langOf((request.query as Record<string, unknown>).lang);
    const origin = originOf(request);
    const provider = await providerFor(origin);
    if (!provider) throw new Refusal(404, 'social.off', 'Social sign-in is not configured on this server.');
    let configuration: client.Configuration;
    try {
      configuration = await configurationFor(provider);
    } catch (error) {
      return failed(request, reply, lang, 'discovery', error);
    }
    const verifier = client.randomPKCECodeVerifier();
    const flow: Flow = { state: client.randomState(), nonce: client.randomNonce(), verifier, lang };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: `${origin}/api/oidc/callback`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    reply.setCookie(FLOW_COOKIE, seal(sealingKey(provider.clientSecret, FLOW_COOKIE), { ...flow }, FLOW_TTL_MS), cookieOptions(request, FLOW_TTL_MS));
    return reply.redirect(url.href, 302);
  });

  app.get('/api/oidc/callback', { schema: api(TAGS.session, 'Social sign-in: the provider returns here', { produces: 'redirect' }) }, async (request, reply) => {
    const origin = originOf(request);
    const provider = await providerFor(origin);
    if (!provider) throw new Refusal(404, 'social.off', 'Social sign-in is not configured on this server.');
    const flow = unseal<Flow>(sealingKey(provider.clientSecret, FLOW_COOKIE), request.cookies[FLOW_COOKIE]);
    // one use: the flow's cookie goes whatever happens
    reply.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH });
    const lang = flow?.lang ?? settings.defaultLanguage;
    if (!flow) return failed(request, reply, lang, 'no flow cookie');

    let claims: client.IDToken;
    try {
      const configuration = await configurationFor(provider);
      const tokens = await client.authorizationCodeGrant(configuration, new URL(request.url, origin), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) return failed(request, reply, lang, 'no id token');
      // a provider may give the email in the UserInfo answer only (OIDC Core 5.4): ask it, for the same subject
      claims = typeof idClaims.email === 'string' ? idClaims : { ...idClaims, ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), iss: idClaims.iss, sub: idClaims.sub };
    } catch (error) {
      return failed(request, reply, lang, 'code exchange', error);
    }

    const issuer = claims.iss;
    const subject = claims.sub;
    const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
    const verified = claims.email_verified === true;
    const signIn = async (userId: number) => {
      const { key } = await createAutologinKey(db, userId, { redirect: 'home', lang, mobile: false }, 'social');
      return reply.redirect(`/${lang}/autologin?key=${encodeURIComponent(key)}`, 303);
    };

    // (issuer, subject) first: the provider's stable id of this person
    const linked = await findLinkedUser(db, issuer, subject);
    if (linked !== undefined) return signIn(linked);
    if (!verified || email === '') return failed(request, reply, lang, 'email not verified');

    const user = await findUserByEmail(db, email);
    if (user) {
      await linkAccount(db, user.id, issuer, subject, email);
      return signIn(user.id);
    }
    const pending: Pending = {
      iss: issuer,
      sub: subject,
      email,
      given: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 50) : '',
      family: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 50) : '',
      lang,
    };
    reply.setCookie(PENDING_COOKIE, seal(sealingKey(provider.clientSecret, PENDING_COOKIE), { ...pending }, PENDING_TTL_MS), cookieOptions(request, PENDING_TTL_MS));
    return reply.redirect(`/${lang}/register?social=1`, 303);
  });

  const pendingOf = async (request: FastifyRequest): Promise<{ pending: Pending; provider: Provider }> => {
    const provider = await providerFor(originOf(request));
    const pending = provider ? unseal<Pending>(sealingKey(provider.clientSecret, PENDING_COOKIE), request.cookies[PENDING_COOKIE]) : null;
    if (!provider || !pending) throw new Refusal(410, 'social.expired', 'This sign-in has expired. Please start again.');
    return { pending, provider };
  };

  app.get('/api/oidc/pending', { schema: api(TAGS.session, 'Social sign-in: the identity waiting for registration', { response: SocialPending }) }, async (request): Promise<SocialPending> => {
    const { pending, provider } = await pendingOf(request);
    return { email: pending.email, firstName: pending.given, lastName: pending.family, provider: provider.name };
  });

  app.post('/api/oidc/register', { schema: api(TAGS.session, 'Social sign-in: open the account', { body: SocialRegisterRequest, response: SocialRegisterResponse }) }, async (request, reply): Promise<SocialRegisterResponse> => {
    const body = request.body;
    sessionOf(request);
    const { pending } = await pendingOf(request);
    // no password to remember: a random one the trader never needs (signs in through the provider, or sets one by forgot password)
    const registration: RegisterRequest = {
      ...body,
      login: pending.email,
      password: `Sx-${randomBytes(24).toString('base64url')}`,
      promo: '',
    };
    const fields = registrationRefusals(registration, config.siteHost);
    if (Object.keys(fields).length > 0) throw new Refusal(400, 'validation', fieldsMessage(fields), { fields });
    const lang = langOf(body.lang ?? pending.lang);
    const gate = await beginRegistration(db, pending.email, request.ip, config.registerLimits);
    if (gate.limited) {
      throw new Refusal(429, 'register.limited', 'Too many registration attempts. Please try again later.', { headers: { 'retry-after': String(gate.limited.retryAfterSeconds) } });
    }
    try {
      const opened = await openAccount(db, platform, registration, lang, { affiliate: affiliateId(request.cookies[AFF_COOKIE]), social: true });
      await linkAccount(db, opened.userId, pending.iss, pending.sub, pending.email);
      const { key } = await createAutologinKey(db, opened.userId, { redirect: 'home', lang, mobile: false });
      await settleRegistration(db, gate.attemptId, 'created');
      reply.clearCookie(PENDING_COOKIE, { path: COOKIE_PATH });
      return { ok: true, url: `/${lang}/autologin?key=${encodeURIComponent(key)}` };
    } catch (error) {
      await settleRegistration(db, gate.attemptId, 'refused');
      throw error;
    }
  });
};
