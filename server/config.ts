import { randomBytes } from 'node:crypto';

/** Server configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  /** PGlite data directory; 'memory://' keeps the database in memory (tests) */
  dataDir: string;
  /** when set, PostgreSQL through `pg` replaces PGlite (same migrations and queries) */
  databaseUrl: string | undefined;
  /** third parties (processors, chain, trading platform) are sandboxes */
  sandbox: boolean;
  /** the site's own host; an email at this domain is a demo account (spec 000 §6) */
  siteHost: string;
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
}

type Env = Record<string, string | undefined>;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
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

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  return {
    port: port(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: env.DATA_DIR?.trim() || './data',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    sandbox: flag(env.SANDBOX, true),
    siteHost: (env.SITE_HOST?.trim() || 'brokerage.test').toLowerCase(),
    nodeEnv,
    inspect: flag(env.INSPECT, false),
    trustProxy: flag(env.TRUST_PROXY, false),
    cardFingerprintSecret: fingerprintSecret(env.CARD_FINGERPRINT_SECRET, nodeEnv),
  };
}
