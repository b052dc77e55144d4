import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESSORS } from '../core/cascade/processors';
import { METHODS } from '../core/methods';
import { loadConfig } from './config';
import { CHAINS } from './domain/crypto/coins';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      sandbox: false,
      sandboxOperatorToken: '',
      siteHost: 'brokerage.test',
      siteUrl: 'http://localhost:3000',
      nodeEnv: 'development',
      inspect: false,
      trustProxy: false,
      cardFingerprintSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
      supportEmail: 'support@brokerage.test',
      supportPhone: '+44 20 7946 0000',
      oidc: undefined,
      companyName: 'Brokerage',
      marketing: { default: 10, byCountry: {}, byAffiliate: {} },
      newsRssUrl: undefined,
      dbPoolSize: 10,
      logLevel: 'warn',
      metrics: false,
      metricsToken: '',
      rateLimitPerMinute: 600,
      registerLimits: { windowMs: 900_000, submitsPerIp: 20, submitsPerEmail: 5, createdWindowMs: 86_400_000, createdPerIp: 10, checksPerIp: 60 },
      apiDocs: true,
      explorer: true,
      funnel: { on: true, retentionDays: 90 },
      hstsMaxAge: 15_552_000,
      shutdownGraceMs: 10_000,
      loadShedding: { maxEventLoopDelayMs: 1000, maxHeapUsedMb: 0 },
      sandboxProcessorDelayMs: 0,
      twoFactorResendMs: 30_000,
      addressHoldMs: 24 * 60 * 60_000,
      cryptoXpubs: {},
      methodWebhookSecrets: {},
      processorWebhookSecrets: {},
      cryptoExceptionRules: { short: 'credit', late: 'credit', overWindowHours: 72, overAfterWindow: 'credit' },
      complaintsOmbudsman: { name: 'Financial Ombudsman of the Republic of Cyprus', url: 'https://www.financialombudsman.gov.cy' },
    });
  });

  it('pool size, log level, metrics, rate limit, API docs, explorer, HSTS, shutdown grace, load shedding', () => {
    const config = loadConfig({
      DB_POOL_SIZE: '25',
      LOG_LEVEL: 'Debug',
      METRICS: '1',
      METRICS_TOKEN: ' scrape-token-0123456789 ',
      RATE_LIMIT_PER_MINUTE: '0',
      API_DOCS: '0',
      EXPLORER: 'off',
      HSTS_MAX_AGE: '0',
      SHUTDOWN_GRACE_MS: '2500',
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOAD_SHED_MAX_HEAP_MB: '512',
      SANDBOX_PROCESSOR_DELAY_MS: '1500',
      WITHDRAWAL_ADDRESS_HOLD_MINUTES: '120',
      REGISTER_SUBMITS_PER_IP: '200',
      REGISTER_ACCOUNTS_PER_IP: '50',
      REGISTER_CHECKS_PER_IP: '600',
    });
    expect(config).toMatchObject({
      registerLimits: { submitsPerIp: 200, submitsPerEmail: 5, createdPerIp: 50, checksPerIp: 600 },
      dbPoolSize: 25,
      logLevel: 'debug',
      metrics: true,
      metricsToken: 'scrape-token-0123456789',
      rateLimitPerMinute: 0,
      apiDocs: false,
      explorer: false,
      funnel: { on: true, retentionDays: 90 },
      hstsMaxAge: 0,
      shutdownGraceMs: 2500,
      loadShedding: { maxEventLoopDelayMs: 0, maxHeapUsedMb: 512 },
      sandboxProcessorDelayMs: 1500,
      addressHoldMs: 120 * 60_000,
    });
    // production: quieter logs, no API docs, no explorer unless switched on
    const production = loadConfig({ NODE_ENV: 'production', CARD_FINGERPRINT_SECRET: 'k'.repeat(40) });
    expect(production).toMatchObject({ logLevel: 'info', apiDocs: false, explorer: false });
    expect(loadConfig({ NODE_ENV: 'production', CARD_FINGERPRINT_SECRET: 'k'.repeat(40), API_DOCS: '1', EXPLORER: '1' })).toMatchObject({ apiDocs: true, explorer: true });
    // a bad value names its variable
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow('DB_POOL_SIZE must be a whole number from 1 to 1000, got "0"');
    expect(() => loadConfig({ DB_POOL_SIZE: 'ten' })).toThrow('DB_POOL_SIZE');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"');
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow('RATE_LIMIT_PER_MINUTE');
    expect(() => loadConfig({ HSTS_MAX_AGE: '1.5' })).toThrow('HSTS_MAX_AGE');
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow('SHUTDOWN_GRACE_MS');
    // third-party keys by name; an unknown name is a typo, refused
    expect(loadConfig({ CRYPTO_XPUB_BTC: ' zpub-own ', CRYPTO_XPUB_ETH: '', METHOD_WEBHOOK_SECRET_SKRILL: 'whsec' })).toMatchObject({ cryptoXpubs: { btc: 'zpub-own' }, methodWebhookSecrets: { skrill: 'whsec' } });
    expect(() => loadConfig({ CRYPTO_XPUB_DOGE: 'x' })).toThrow('CRYPTO_XPUB_DOGE is not a known variable: the names after CRYPTO_XPUB_ are BTC, LTC, BCH, DASH, ZEC, ETH');
    expect(() => loadConfig({ METHOD_WEBHOOK_SECRET_PAYPAL: 'x' })).toThrow('METHOD_WEBHOOK_SECRET_PAYPAL is not a known variable');
    expect(() => loadConfig({ SANDBOX_PROCESSOR_DELAY_MS: '60001' })).toThrow('SANDBOX_PROCESSOR_DELAY_MS must be a whole number from 0 to 60000');
    expect(() => loadConfig({ WITHDRAWAL_ADDRESS_HOLD_MINUTES: '59' })).toThrow('WITHDRAWAL_ADDRESS_HOLD_MINUTES must be a whole number from 60 to 10080');
    expect(() => loadConfig({ SANDBOX_ADDRESS_HOLD_MS: '5000' })).toThrow('SANDBOX_ADDRESS_HOLD_MS is a sandbox setting');
    expect(loadConfig({ SANDBOX: '1', SANDBOX_ADDRESS_HOLD_MS: '5000' }).addressHoldMs).toBe(5000);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/brokerage',
      DATABASE_URL: 'postgres://u@db/brokerage',
      SANDBOX: 'false',
      SITE_HOST: 'Example.COM',
      NODE_ENV: 'production',
      INSPECT: '1',
      TRUST_PROXY: 'yes',
      CARD_FINGERPRINT_SECRET: 'k'.repeat(40),
      SUPPORT_EMAIL: 'help@example.com',
      SUPPORT_PHONE: '+1 (555) 010-0199',
      COMPANY_NAME: 'Example Markets Ltd',
      MARKETING_NUMBER: '20',
      MARKETING_NUMBER_BY_COUNTRY: 'DE=25',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'client-1.apps.googleusercontent.com',
      OIDC_CLIENT_SECRET: 'secret-of-the-client',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/brokerage',
      databaseUrl: 'postgres://u@db/brokerage',
      sandbox: false,
      sandboxOperatorToken: '',
      siteHost: 'example.com',
      siteUrl: 'https://example.com',
      nodeEnv: 'production',
      inspect: true,
      trustProxy: true,
      cardFingerprintSecret: 'k'.repeat(40),
      supportEmail: 'help@example.com',
      supportPhone: '+1 (555) 010-0199',
      oidc: { issuer: 'https://accounts.google.com', clientId: 'client-1.apps.googleusercontent.com', clientSecret: 'secret-of-the-client' },
      companyName: 'Example Markets Ltd',
      marketing: { default: 20, byCountry: { DE: 25 }, byAffiliate: {} },
      dbPoolSize: 10,
      logLevel: 'info',
      metrics: false,
      metricsToken: '',
      rateLimitPerMinute: 600,
      registerLimits: { windowMs: 900_000, submitsPerIp: 20, submitsPerEmail: 5, createdWindowMs: 86_400_000, createdPerIp: 10, checksPerIp: 60 },
      apiDocs: false,
      explorer: false,
      funnel: { on: true, retentionDays: 90 },
      hstsMaxAge: 15_552_000,
      shutdownGraceMs: 10_000,
      loadShedding: { maxEventLoopDelayMs: 1000, maxHeapUsedMb: 0 },
      sandboxProcessorDelayMs: 0,
      twoFactorResendMs: 30_000,
      addressHoldMs: 24 * 60 * 60_000,
      cryptoXpubs: {},
      methodWebhookSecrets: {},
      processorWebhookSecrets: {},
      cryptoExceptionRules: { short: 'credit', late: 'credit', overWindowHours: 72, overAfterWindow: 'credit' },
      complaintsOmbudsman: { name: 'Financial Ombudsman of the Republic of Cyprus', url: 'https://www.financialombudsman.gov.cy' },
    });
  });

  it('crypto exceptions and processor webhooks: the CRYPTO_* rules checked, a processor secret per name', () => {
    expect(loadConfig({ CRYPTO_SHORT_POLICY: 'hold', CRYPTO_LATE_POLICY: 'hold', CRYPTO_OVER_WINDOW_HOURS: '24', CRYPTO_OVER_AFTER_WINDOW: 'hold' }).cryptoExceptionRules).toEqual({ short: 'hold', late: 'hold', overWindowHours: 24, overAfterWindow: 'hold' });
    expect(() => loadConfig({ CRYPTO_SHORT_POLICY: 'refund' })).toThrow(/CRYPTO_SHORT_POLICY/);
    expect(() => loadConfig({ CRYPTO_OVER_WINDOW_HOURS: '-1' })).toThrow(/CRYPTO_OVER_WINDOW_HOURS/);
    expect(loadConfig({ PROCESSOR_WEBHOOK_SECRET_ORANGE: 'whsec-orange' }).processorWebhookSecrets).toEqual({ orange: 'whsec-orange' });
  });

  it('social sign-in: the three OIDC variables together, an https issuer', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/must be set together/);
    expect(() => loadConfig({ OIDC_ISSUER: 'http://id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'bbbbbbbbbb' })).toThrow(/https URL/);
    expect(() => loadConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'bbbbbbbbbb' })).toThrow(/must be a URL/);
    expect(loadConfig({ OIDC_ISSUER: 'http://localhost:9000/idp', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'bbbbbbbbbb' }).oidc?.issuer).toBe('http://localhost:9000/idp');
  });

  it('news: NEWS_RSS_URL, an http or https URL without credentials; unset: the sandbox feed', () => {
    expect(loadConfig({ NEWS_RSS_URL: 'https://news.example.com/feed.xml' }).newsRssUrl).toBe('https://news.example.com/feed.xml');
    expect(loadConfig({ NEWS_RSS_URL: ' ' }).newsRssUrl).toBeUndefined();
    expect(() => loadConfig({ NEWS_RSS_URL: 'not a url' })).toThrow(/NEWS_RSS_URL must be a URL/);
    expect(() => loadConfig({ NEWS_RSS_URL: 'file:///etc/passwd' })).toThrow(/http or https/);
    expect(() => loadConfig({ NEWS_RSS_URL: 'https://u:p@news.example.com/' })).toThrow(/user name or password/);
  });

  it('support contacts: SUPPORT_EMAIL and SUPPORT_PHONE, checked; defaults follow SITE_HOST', () => {
    expect(loadConfig({ SITE_HOST: 'Broker.example' }).supportEmail).toBe('support@broker.example');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an email' })).toThrow(/SUPPORT_EMAIL must be an email address/);
    expect(() => loadConfig({ SUPPORT_PHONE: '12' })).toThrow(/SUPPORT_PHONE must be a phone number/);
    expect(() => loadConfig({ SUPPORT_PHONE: '<script>' })).toThrow(/SUPPORT_PHONE/);
  });

  it('complaints: the ombudsman the final answer names, from COMPLAINTS_OMBUDSMAN_NAME and _URL (http or https)', () => {
    expect(loadConfig({ COMPLAINTS_OMBUDSMAN_NAME: ' Financial Ombudsman Service ', COMPLAINTS_OMBUDSMAN_URL: 'https://www.financial-ombudsman.org.uk' }).complaintsOmbudsman).toEqual({
      name: 'Financial Ombudsman Service',
      url: 'https://www.financial-ombudsman.org.uk',
    });
    expect(loadConfig({ COMPLAINTS_OMBUDSMAN_NAME: ' ' }).complaintsOmbudsman.name).toBe('Financial Ombudsman of the Republic of Cyprus');
    expect(() => loadConfig({ COMPLAINTS_OMBUDSMAN_URL: 'javascript:alert(1)' })).toThrow(/COMPLAINTS_OMBUDSMAN_URL must be an http or https address/);
    expect(() => loadConfig({ COMPLAINTS_OMBUDSMAN_URL: 'not a url' })).toThrow(/COMPLAINTS_OMBUDSMAN_URL/);
    expect(() => loadConfig({ COMPLAINTS_OMBUDSMAN_NAME: 'x'.repeat(201) })).toThrow(/at most 200/);
  });

  it('card fingerprint key: required in production, at least 32 characters, else one random key per process', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CARD_FINGERPRINT_SECRET/);
    expect(() => loadConfig({ CARD_FINGERPRINT_SECRET: 'short' })).toThrow(/32 characters/);
    expect(loadConfig({}).cardFingerprintSecret).toBe(loadConfig({ NODE_ENV: 'test' }).cardFingerprintSecret);
  });

  it('sandbox mode is opt-in: SANDBOX=1 turns it on, with an operator token random per start unless set', () => {
    expect(loadConfig({}).sandbox).toBe(false);
    expect(loadConfig({ SANDBOX: '0' }).sandbox).toBe(false);
    const on = loadConfig({ SANDBOX: '1' });
    expect(on.sandbox).toBe(true);
    expect(on.sandboxOperatorToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(loadConfig({ SANDBOX: '1' }).sandboxOperatorToken).not.toBe(on.sandboxOperatorToken);
    expect(loadConfig({ SANDBOX: '1', SANDBOX_OPERATOR_TOKEN: 'o'.repeat(24) }).sandboxOperatorToken).toBe('o'.repeat(24));
    expect(() => loadConfig({ SANDBOX: '1', SANDBOX_OPERATOR_TOKEN: 'short' })).toThrow(/SANDBOX_OPERATOR_TOKEN must be at least 24 characters/);
  });

  it('refuses sandbox mode in production unless ALLOW_SANDBOX_IN_PRODUCTION=1, and says why', () => {
    const production = { NODE_ENV: 'production', CARD_FINGERPRINT_SECRET: 'k'.repeat(40) };
    expect(() => loadConfig({ ...production, SANDBOX: '1' })).toThrow(/SANDBOX=1 is refused with NODE_ENV=production.*ALLOW_SANDBOX_IN_PRODUCTION=1/);
    expect(() => loadConfig({ ...production, SANDBOX: '1', ALLOW_SANDBOX_IN_PRODUCTION: '0' })).toThrow(/refused/);
    expect(loadConfig({ ...production, SANDBOX: '1', ALLOW_SANDBOX_IN_PRODUCTION: '1' }).sandbox).toBe(true);
    expect(loadConfig(production).sandbox).toBe(false);
  });

  it('refuses a bad port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});

describe('every variable is documented', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const source = readFileSync(join(root, 'server/config.ts'), 'utf8');
  const example = readFileSync(join(root, '.env.example'), 'utf8');
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 3));
  // env.NAME reads, and the families read by prefix (CRYPTO_XPUB_BTC, …) with the names they accept
  const plain = [...new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))];
  const families: Record<string, string[]> = { CRYPTO_XPUB_: Object.keys(CHAINS), METHOD_WEBHOOK_SECRET_: [...METHODS], PROCESSOR_WEBHOOK_SECRET_: [...PROCESSORS] };
  const prefixes = [...source.matchAll(/keyed\(env, '([A-Z_]+)'/g)].map((m) => m[1]);
  const all = [...plain, ...prefixes.flatMap((prefix) => (families[prefix] ?? []).map((name) => `${prefix}${name.toUpperCase()}`))];

  it('finds what config.ts reads', () => {
    expect(plain.length).toBeGreaterThan(30);
    expect(plain).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'DB_POOL_SIZE', 'LOG_LEVEL', 'SHUTDOWN_GRACE_MS']));
    // every family config.ts reads is known to this test
    expect(prefixes.sort()).toEqual(Object.keys(families).sort());
  });

  it('.env.example has a line for each variable, and none the server does not read', () => {
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(all.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !all.includes(name))).toEqual([]);
  });

  it("the README's Configuration table has a row for each variable", () => {
    expect(section.startsWith('## Configuration')).toBe(true);
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const missing = all.filter((name) => {
      if (rows.some((row) => row.split('|')[1].includes(`\`${name}\``))) return false;
      // a family's row: `PREFIX_FIRST`, `_SECOND`, …
      const prefix = prefixes.find((p) => name.startsWith(p));
      const row = prefix && rows.find((r) => r.split('|')[1].includes(`\`${prefix}`));
      return !(row && (row.includes(`\`${name}\``) || row.includes(`\`_${name.slice(prefix.length)}\``)));
    });
    expect(missing).toEqual([]);
  });
});

describe('SITE_URL (absolute links in emails)', () => {
  it('is the origin of email links, without a trailing slash; refused when it is not http(s)', () => {
    expect(loadConfig({ SITE_URL: 'https://Broker.example/' }).siteUrl).toBe('https://broker.example');
    expect(loadConfig({ SITE_URL: 'https://broker.example/app/' }).siteUrl).toBe('https://broker.example/app');
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(() => loadConfig({ SITE_URL: 'ftp://broker.example' })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
  });
});
