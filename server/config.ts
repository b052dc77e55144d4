import { randomBytes } from 'node:crypto';
import { METHODS } from '../core/methods';
import { PROCESSORS } from '../core/cascade/processors';
import { CHAIN_IDS } from '../core/chains';
import { REGISTER_LIMITS, type RegisterLimits } from '../core/register-limits';
import { ADDRESS_BOOK_RULES } from '../core/address-book';
import { DEFAULT_EXCEPTION_RULES, isExceptionPolicy, type CryptoExceptionRules, type ExceptionPolicy } from '../core/crypto-exceptions';

/** Server configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  /** PGlite data directory; 'memory://' keeps the database in memory (tests) */
  dataDir: string;
  /** when set, PostgreSQL through `pg` replaces PGlite (same migrations and queries) */
  databaseUrl: string | undefined;
  /**
   * third parties (processors, chain, trading platform) are sandboxes: only with SANDBOX=1
   * (npm start and npm run dev set it); refused with NODE_ENV=production unless
   * ALLOW_SANDBOX_IN_PRODUCTION=1
   */
  sandbox: boolean;
  /**
   * sandbox mode: the token a sandbox operator sends as `x-sandbox-operator` to act on any
   * user's objects (SANDBOX_OPERATOR_TOKEN, at least 24 characters, else random per start;
   * printed at start); '' when sandbox mode is off
   */
  sandboxOperatorToken: string;
  /** the site's own host; an email at this domain is a demo account (spec 000 §6) */
  siteHost: string;
  /**
   * the site's address as traders open it, without a trailing slash: the origin of every link in
   * an email or SMS (`{siteUrl}/ru/reset?token=…`). SITE_URL (http or https); default
   * https://{siteHost} in production, else http://localhost:{port}
   */
  siteUrl: string;
  nodeEnv: string;
  /** publish machine inspection events to the explorer (settings.inspect) */
  inspect: boolean;
  /** behind a TLS-terminating proxy: trust X-Forwarded-* (then cookies get Secure on https) */
  trustProxy: boolean;
  /**
   * The key of the card fingerprint (HMAC-SHA-256 of the card number, so a block holds for the
   * card whatever its token). CARD_FINGERPRINT_SECRET, at least 32 characters; required in
   * production; elsewhere a random key per process when unset. Never logged.
   */
  cardFingerprintSecret: string;
  /** the company's support email, answered by GET /api/info (SUPPORT_EMAIL; default support@{siteHost}) */
  supportEmail: string;
  /** the company's support phone, answered by GET /api/info (SUPPORT_PHONE; default a sandbox number) */
  supportPhone: string;
  /** the company's name on the public site (COMPANY_NAME; default "Brokerage") */
  companyName: string;
  /**
   * the marketing number of the public site's price label (spec 002 §9: 10), overridable by
   * country and affiliate: MARKETING_NUMBER, MARKETING_NUMBER_BY_COUNTRY ("DE=20,FR=15"),
   * MARKETING_NUMBER_BY_AFFILIATE ("partner1=25"); an affiliate's wins over a country's
   */
  marketing: { default: number; byCountry: Record<string, number>; byAffiliate: Record<string, number> };
  /**
   * Social sign-in (OpenID Connect, docs/social-sign-in.md): the identity provider's issuer URL,
   * our client id and secret (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: all three or
   * none). None in sandbox mode: the sandbox identity provider under /sandbox/idp. None outside
   * sandbox mode: social sign-in is off (no button).
   */
  oidc: OidcConfig | undefined;
  /**
   * News and analysis: a real RSS or Atom feed (NEWS_RSS_URL, http or https), fetched
   * by the server with a timeout, a size limit and a cache; unset: the sandbox feed (labelled
   * Sandbox on screen).
   */
  newsRssUrl: string | undefined;
  /** PostgreSQL connection pool size (DB_POOL_SIZE, 1 to 1000; default 10); PGlite has one connection */
  dbPoolSize: number;
  /** pino log level (LOG_LEVEL: fatal, error, warn, info, debug, trace or silent; default info in production, warn elsewhere) */
  logLevel: LogLevel;
  /** the Prometheus text endpoint /metrics (METRICS=1 turns it on; default off) */
  metrics: boolean;
  /** when set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>` (at least 16 characters; default '': no token) */
  metricsToken: string;
  /** the global rate limit, requests per minute per IP (RATE_LIMIT_PER_MINUTE; default 600; 0 turns it off) */
  rateLimitPerMinute: number;
  /**
   * registration limits per client IP (server/domain/register/limits.ts): submits in 15 minutes
   * (REGISTER_SUBMITS_PER_IP; default 20), accounts opened in 24 hours (REGISTER_ACCOUNTS_PER_IP;
   * default 10), field checks in 15 minutes (REGISTER_CHECKS_PER_IP; default 60). The browser
   * suite's one server, where every test registers from 127.0.0.1, raises them.
   */
  registerLimits: RegisterLimits;
  /** the generated API documents at /api/docs (API_DOCS; default on outside production, off in production) */
  apiDocs: boolean;
  /** the machine explorer and its routes (EXPLORER; default on outside production, off in production) */
  explorer: boolean;
  /**
   * The funnel (issue 34 §4): the app reports its machines' transitions, counted per hour without
   * who (FUNNEL; default on; 0 turns the reports off and the app sends none), and the hours are
   * kept FUNNEL_RETENTION_DAYS (default 90, 1–3650)
   */
  funnel: { on: boolean; retentionDays: number };
  /** Strict-Transport-Security max-age in seconds, sent only on https requests (HSTS_MAX_AGE; default 15552000 = 180 days; 0 sends none) */
  hstsMaxAge: number;
  /** on SIGTERM, how long requests in flight may take before the process stops anyway (SHUTDOWN_GRACE_MS; default 10000) */
  shutdownGraceMs: number;
  /**
   * Load shedding (@fastify/under-pressure): 503 with Retry-After while the event loop lags more
   * than LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS (default 1000; 0 off) or the heap holds more than
   * LOAD_SHED_MAX_HEAP_MB (default 0: 90% of the heap limit)
   */
  loadShedding: { maxEventLoopDelayMs: number; maxHeapUsedMb: number };
  /**
   * sandbox mode: the sandbox card processors answer after this many milliseconds, as a real
   * processor's network call would (SANDBOX_PROCESSOR_DELAY_MS, 0 to 60000; default 0)
   */
  sandboxProcessorDelayMs: number;
  /**
   * How long after the last emailed/SMS code the server sends a new one on request ("Send a new
   * code"): 30000 ms. SANDBOX_2FA_RESEND_MS (100 to 30000) shortens it in sandbox mode only, so a
   * test that needs an accepted resend waits that little instead of the real 30 s; refused
   * outside sandbox mode.
   */
  twoFactorResendMs: number;
  /**
   * How long a newly confirmed withdrawal destination (and a switch-off of "only to saved
   * destinations") waits before it counts (issue 31 §6): WITHDRAWAL_ADDRESS_HOLD_MINUTES (60 to
   * 10080; default core/address-book.ts, 24 hours). SANDBOX_ADDRESS_HOLD_MS (0 to 86400000)
   * replaces it in sandbox mode only, so a tester sees a destination become usable; refused outside
   * sandbox mode.
   */
  addressHoldMs: number;
  /**
   * The extended public key per chain (CRYPTO_XPUB_BTC, _LTC, _BCH, _DASH, _ZEC, _ETH): a chain
   * without one takes no invoices outside sandbox mode (in sandbox mode the published test keys fill the gaps)
   */
  cryptoXpubs: Partial<Record<string, string>>;
  /** crypto invoice exceptions (core/crypto-exceptions.ts): CRYPTO_SHORT_POLICY, CRYPTO_LATE_POLICY, CRYPTO_OVER_WINDOW_HOURS, CRYPTO_OVER_AFTER_WINDOW */
  cryptoExceptionRules: CryptoExceptionRules;
  /**
   * The secret each wallet provider signs its webhooks with (METHOD_WEBHOOK_SECRET_NETELLER, _SKRILL, …):
   * outside sandbox mode a provider without one takes no webhook and its deposits are not offered
   */
  methodWebhookSecrets: Partial<Record<string, string>>;
  /**
   * The secret each card processor signs its refund and dispute webhooks with
   * (PROCESSOR_WEBHOOK_SECRET_PFS, _VLOAD, …): a processor without one has its webhooks refused
   * (in sandbox mode the sandbox processors' own secrets fill the gaps)
   */
  processorWebhookSecrets: Partial<Record<string, string>>;
  /**
   * Complaints (docs/complaints.md): the ombudsman the final answer names, whom the trader may
   * go to when it does not settle the complaint. COMPLAINTS_OMBUDSMAN_NAME and
   * COMPLAINTS_OMBUDSMAN_URL (https, or http); default the Financial Ombudsman of the Republic of
   * Cyprus (the body CySEC-regulated firms name)
   */
  complaintsOmbudsman: { name: string; url: string };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

type Env = Record<string, string | undefined>;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function siteUrl(value: string | undefined, fallback: string): string {
  const text = value?.trim() ?? '';
  if (text === '') return fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`SITE_URL must be an http or https address, got "${text.slice(0, 80)}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`SITE_URL must be an http or https address, got "${text.slice(0, 80)}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function port(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return n;
}

/** The development/sandbox fingerprint key when none is set: random, the same for the whole process. */
const PROCESS_FINGERPRINT_SECRET = randomBytes(32).toString('hex');

function fingerprintSecret(value: string | undefined, nodeEnv: string): string {
  const secret = value?.trim() ?? '';
  if (secret === '') {
    if (nodeEnv === 'production') throw new Error('CARD_FINGERPRINT_SECRET must be set in production (at least 32 characters)');
    return PROCESS_FINGERPRINT_SECRET;
  }
  if (secret.length < 32) throw new Error('CARD_FINGERPRINT_SECRET must be at least 32 characters');
  return secret;
}

/** Sandbox mode is opt-in, and never by accident in production. */
function sandboxMode(env: Env, nodeEnv: string): boolean {
  const sandbox = flag(env.SANDBOX, false);
  if (sandbox && nodeEnv === 'production' && !flag(env.ALLOW_SANDBOX_IN_PRODUCTION, false)) {
    throw new Error(
      'SANDBOX=1 is refused with NODE_ENV=production: sandbox mode simulates payments and payouts and its /api/sandbox calls hand out sign-in links and test money. ' +
        'Unset SANDBOX for a real deployment, or set ALLOW_SANDBOX_IN_PRODUCTION=1 for a public demo.',
    );
  }
  return sandbox;
}

function operatorToken(value: string | undefined, sandbox: boolean): string {
  if (!sandbox) return '';
  const token = value?.trim() ?? '';
  if (token === '') return randomBytes(24).toString('base64url');
  if (token.length < 24) throw new Error('SANDBOX_OPERATOR_TOKEN must be at least 24 characters');
  return token;
}

/** The default support phone: a reserved fictional number (UK Ofcom drama range), never a real line. */
export const DEFAULT_SUPPORT_PHONE = '+44 20 7946 0000';

function supportEmail(value: string | undefined, siteHost: string): string {
  const email = value?.trim() ?? '';
  if (email === '') return `support@${siteHost}`;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw new Error(`SUPPORT_EMAIL must be an email address, got "${email}"`);
  return email;
}

function supportPhone(value: string | undefined): string {
  const phone = value?.trim() ?? '';
  if (phone === '') return DEFAULT_SUPPORT_PHONE;
  if (!/^\+?[0-9 ()./-]{7,32}$/.test(phone)) throw new Error(`SUPPORT_PHONE must be a phone number (7 to 32 digits, spaces, +, -, brackets), got "${phone}"`);
  return phone;
}

function marketingNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isFinite(n) || n <= 0 || n > 1_000_000) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/** "DE=20,FR=15" → { DE: 20, FR: 15 } */
function marketingOverrides(value: string | undefined, name: string): Record<string, number> {
  const table: Record<string, number> = {};
  for (const pair of (value ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [key, number] = pair.split('=').map((p) => p.trim());
    if (!key || !/^[A-Za-z0-9_-]{1,64}$/.test(key)) throw new Error(`${name}: "${pair}" must be key=number`);
    table[key] = marketingNumber(number, name, 0);
  }
  return table;
}

function oidcConfig(env: Env): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim() ?? '';
  const clientId = env.OIDC_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim() ?? '';
  if (issuer === '' && clientId === '' && clientSecret === '') return undefined;
  if (issuer === '' || clientId === '' || clientSecret === '') throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or none of them)');
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER must be a URL, got "${issuer}"`);
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) throw new Error(`OIDC_ISSUER must be an https URL (http only for localhost), got "${issuer}"`);
  if (clientSecret.length < 8) throw new Error('OIDC_CLIENT_SECRET is too short');
  return { issuer, clientId, clientSecret };
}

function newsRssUrl(value: string | undefined): string | undefined {
  const raw = value?.trim() ?? '';
  if (raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`NEWS_RSS_URL must be a URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`NEWS_RSS_URL must be an http or https URL, got "${raw}"`);
  if (url.username || url.password) throw new Error('NEWS_RSS_URL must not carry a user name or password');
  return url.toString();
}

/** The public body a complaint's final answer names (CySEC-regulated firms name this one). */
export const DEFAULT_OMBUDSMAN = { name: 'Financial Ombudsman of the Republic of Cyprus', url: 'https://www.financialombudsman.gov.cy' } as const;

function ombudsman(env: Env): { name: string; url: string } {
  const name = env.COMPLAINTS_OMBUDSMAN_NAME?.trim() ?? '';
  const raw = env.COMPLAINTS_OMBUDSMAN_URL?.trim() ?? '';
  if (name.length > 200) throw new Error('COMPLAINTS_OMBUDSMAN_NAME must be at most 200 characters');
  if (raw === '') return { name: name || DEFAULT_OMBUDSMAN.name, url: DEFAULT_OMBUDSMAN.url };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`COMPLAINTS_OMBUDSMAN_URL must be an http or https address, got "${raw.slice(0, 80)}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) throw new Error(`COMPLAINTS_OMBUDSMAN_URL must be an http or https address, got "${raw.slice(0, 80)}"`);
  return { name: name || DEFAULT_OMBUDSMAN.name, url: raw };
}

/** A whole number within [min, max]; unset or blank: the fallback. */
function integer(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

/** a whole number only sandbox mode may change: set without SANDBOX=1 it is refused, not ignored */
function sandboxInteger(value: string | undefined, name: string, sandbox: boolean, fallback: number, min: number, max: number): number {
  if (!sandbox && (value?.trim() ?? '') !== '') throw new Error(`${name} is a sandbox setting: it is refused without SANDBOX=1`);
  return integer(value, name, fallback, min, max);
}

/** WITHDRAWAL_ADDRESS_HOLD_MINUTES, or in sandbox mode SANDBOX_ADDRESS_HOLD_MS when set */
function addressHold(env: Env, sandbox: boolean): number {
  const minutes = integer(env.WITHDRAWAL_ADDRESS_HOLD_MINUTES, 'WITHDRAWAL_ADDRESS_HOLD_MINUTES', ADDRESS_BOOK_RULES.holdMinutes, 60, 10_080);
  const sandboxMs = env.SANDBOX_ADDRESS_HOLD_MS?.trim() ?? '';
  return sandboxMs === '' ? minutes * 60_000 : sandboxInteger(sandboxMs, 'SANDBOX_ADDRESS_HOLD_MS', sandbox, 0, 0, 86_400_000);
}

function logLevel(value: string | undefined, nodeEnv: string): LogLevel {
  const level = value?.trim().toLowerCase() ?? '';
  if (level === '') return nodeEnv === 'production' ? 'info' : 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level as LogLevel;
}

/**
 * The variables `{prefix}{NAME}` for each known name, by lower-case name; a variable with the
 * prefix and an unknown name is refused (a typo would otherwise switch a chain or provider off).
 */
function keyed(env: Env, prefix: string, names: readonly string[]): Partial<Record<string, string>> {
  const found: Partial<Record<string, string>> = {};
  for (const [variable, value] of Object.entries(env)) {
    if (!variable.startsWith(prefix)) continue;
    const name = variable.slice(prefix.length).toLowerCase();
    if (!names.includes(name)) throw new Error(`${variable} is not a known variable: the names after ${prefix} are ${names.map((n) => n.toUpperCase()).join(', ')}`);
    const set = value?.trim() ?? '';
    if (set !== '') found[name] = set;
  }
  return found;
}

function metricsToken(value: string | undefined): string {
  const token = value?.trim() ?? '';
  if (token !== '' && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return token;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  const sandbox = sandboxMode(env, nodeEnv);
  const siteHost = (env.SITE_HOST?.trim() || 'brokerage.test').toLowerCase();
  const listenPort = port(env.PORT);
  return {
    port: listenPort,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR?.trim() || './data',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    sandbox,
    sandboxOperatorToken: operatorToken(env.SANDBOX_OPERATOR_TOKEN, sandbox),
    siteHost,
    siteUrl: siteUrl(env.SITE_URL, nodeEnv === 'production' ? `https://${siteHost}` : `http://localhost:${listenPort}`),
    nodeEnv,
    inspect: flag(env.INSPECT, false),
    trustProxy: flag(env.TRUST_PROXY, false),
    cardFingerprintSecret: fingerprintSecret(env.CARD_FINGERPRINT_SECRET, nodeEnv),
    supportEmail: supportEmail(env.SUPPORT_EMAIL, siteHost),
    supportPhone: supportPhone(env.SUPPORT_PHONE),
    companyName: (env.COMPANY_NAME?.trim() || 'Brokerage').slice(0, 80),
    marketing: {
      default: marketingNumber(env.MARKETING_NUMBER, 'MARKETING_NUMBER', 10),
      byCountry: marketingOverrides(env.MARKETING_NUMBER_BY_COUNTRY, 'MARKETING_NUMBER_BY_COUNTRY'),
      byAffiliate: marketingOverrides(env.MARKETING_NUMBER_BY_AFFILIATE, 'MARKETING_NUMBER_BY_AFFILIATE'),
    },
    oidc: oidcConfig(env),
    newsRssUrl: newsRssUrl(env.NEWS_RSS_URL),
    dbPoolSize: integer(env.DB_POOL_SIZE, 'DB_POOL_SIZE', 10, 1, 1000),
    logLevel: logLevel(env.LOG_LEVEL, nodeEnv),
    metrics: flag(env.METRICS, false),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    rateLimitPerMinute: integer(env.RATE_LIMIT_PER_MINUTE, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    registerLimits: {
      ...REGISTER_LIMITS,
      submitsPerIp: integer(env.REGISTER_SUBMITS_PER_IP, 'REGISTER_SUBMITS_PER_IP', REGISTER_LIMITS.submitsPerIp, 1, 1_000_000),
      createdPerIp: integer(env.REGISTER_ACCOUNTS_PER_IP, 'REGISTER_ACCOUNTS_PER_IP', REGISTER_LIMITS.createdPerIp, 1, 1_000_000),
      checksPerIp: integer(env.REGISTER_CHECKS_PER_IP, 'REGISTER_CHECKS_PER_IP', REGISTER_LIMITS.checksPerIp, 1, 1_000_000),
    },
    apiDocs: flag(env.API_DOCS, nodeEnv !== 'production'),
    explorer: flag(env.EXPLORER, nodeEnv !== 'production'),
    funnel: { on: flag(env.FUNNEL, true), retentionDays: integer(env.FUNNEL_RETENTION_DAYS, 'FUNNEL_RETENTION_DAYS', 90, 1, 3650) },
    hstsMaxAge: integer(env.HSTS_MAX_AGE, 'HSTS_MAX_AGE', 15_552_000, 0, 100_000_000),
    shutdownGraceMs: integer(env.SHUTDOWN_GRACE_MS, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    loadShedding: {
      maxEventLoopDelayMs: integer(env.LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS, 'LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 600_000),
      maxHeapUsedMb: integer(env.LOAD_SHED_MAX_HEAP_MB, 'LOAD_SHED_MAX_HEAP_MB', 0, 0, 1_000_000),
    },
    sandboxProcessorDelayMs: integer(env.SANDBOX_PROCESSOR_DELAY_MS, 'SANDBOX_PROCESSOR_DELAY_MS', 0, 0, 60_000),
    twoFactorResendMs: sandboxInteger(env.SANDBOX_2FA_RESEND_MS, 'SANDBOX_2FA_RESEND_MS', sandbox, 30_000, 100, 30_000),
    addressHoldMs: addressHold(env, sandbox),
    cryptoXpubs: keyed(env, 'CRYPTO_XPUB_', CHAIN_IDS),
    cryptoExceptionRules: {
      short: exceptionPolicy(env.CRYPTO_SHORT_POLICY, 'CRYPTO_SHORT_POLICY', DEFAULT_EXCEPTION_RULES.short),
      late: exceptionPolicy(env.CRYPTO_LATE_POLICY, 'CRYPTO_LATE_POLICY', DEFAULT_EXCEPTION_RULES.late),
      overWindowHours: integer(env.CRYPTO_OVER_WINDOW_HOURS, 'CRYPTO_OVER_WINDOW_HOURS', DEFAULT_EXCEPTION_RULES.overWindowHours, 0, 24 * 365),
      overAfterWindow: exceptionPolicy(env.CRYPTO_OVER_AFTER_WINDOW, 'CRYPTO_OVER_AFTER_WINDOW', DEFAULT_EXCEPTION_RULES.overAfterWindow),
    },
    methodWebhookSecrets: keyed(env, 'METHOD_WEBHOOK_SECRET_', METHODS),
    processorWebhookSecrets: keyed(env, 'PROCESSOR_WEBHOOK_SECRET_', PROCESSORS.map((p) => p.toLowerCase())),
    complaintsOmbudsman: ombudsman(env),
  };
}

/** credit or hold (core/crypto-exceptions.ts); unset: the default */
function exceptionPolicy(value: string | undefined, name: string, fallback: ExceptionPolicy): ExceptionPolicy {
  const v = value?.trim();
  if (!v) return fallback;
  if (!isExceptionPolicy(v)) throw new Error(`${name} must be credit or hold`);
  return v;
}
