import type { Settings } from '../../core/contract';
import type { Processor } from '../../core/cascade/processors';
import type { Config } from '../config';
import { providerName, SANDBOX_PROVIDER_NAME } from './social/social';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIMES } from './verification/documents';

/**
 * The card stack of the sandbox (spec 000 §4: the settings cascade overrides the default VLOAD).
 * VLOAD stays first, as in the spec's default; then four processors that answer at once, so the
 * sandbox test cards show a real cascade ("Trying processor 2 of 5"). No PFS: it is refused for
 * 12 countries (trader@example.com is in Germany), which would make the count differ by trader.
 * VLOAD is still dropped for no_vload partners, and a user's own cascade value still wins.
 */
export const SANDBOX_CASCADE: readonly Processor[] = ['VLOAD', 'ORANGE', 'MEIKO', 'ZOOM', 'CONCEPT'];

/**
 * Processor health (issue 32 §4, server/domain/payments/health.ts): a processor whose starts
 * failed in transport (no answer within `startTimeoutMs`, or a 5xx) `failureThreshold` times in a
 * row is unhealthy and skipped for `coolDownMs`; then the next start is let through as the probe
 * (a half-open circuit breaker; another start waits `probeLeaseMs` for it): its answer closes the
 * circuit, a failure re-opens it. The console counts the outcomes of the last `windowMs`.
 */
export const PROCESSOR_HEALTH = {
  failureThreshold: 3,
  coolDownMs: 60_000,
  probeLeaseMs: 30_000,
  startTimeoutMs: 15_000,
  windowMs: 60 * 60_000,
  keepOutcomesMs: 24 * 60 * 60_000,
} as const;
export type ProcessorHealthRules = { readonly [K in keyof typeof PROCESSOR_HEALTH]: number };

/**
 * The one settings object served to the client (GET /api/settings). Where the three
 * specification files disagree the value is a setting; the defaults follow the spec README.
 */
export const defaultSettings: Settings = {
  sandbox: true,
  platform: '/platform',
  languages: ['en', 'ru'],
  defaultLanguage: 'en',
  /** empty = the default stack VLOAD (spec 000 §4); in sandbox mode settingsFor() sets SANDBOX_CASCADE */
  cascade: [],
  no_vload: [],
  minDeposit: '250',
  usCaFixedAmount: '250',
  usCaMinShown: '500',
  mdps: { OCODE: {}, COUNTRY: {}, USERS: {} },
  maxBonusPercent: '3.5',
  maxBonusValue: '200',
  /** a credited bonus asks 30 × its value in trading turnover before it can be withdrawn (docs/funding.md) */
  bonusTurnover: '30',
  /** what the upload routes accept (server/domain/verification/documents.ts), as the client is told */
  upload: { types: [...DOCUMENT_MIMES], maxBytes: DOCUMENT_MAX_BYTES },
  toastMs: 5000,
  chatHiddenPaths: [],
  inspect: false,
  timeZone: '',
};

/** The settings for this server: defaults with what the environment decides. */
export function settingsFor(config: Pick<Config, 'sandbox' | 'inspect'> & Partial<Pick<Config, 'oidc' | 'funnel'>>): Settings {
  // social sign-in: on with a configured provider, or the sandbox provider in sandbox mode
  const social = config.oidc ? providerName(config.oidc.issuer) : config.sandbox ? SANDBOX_PROVIDER_NAME : undefined;
  return {
    ...defaultSettings,
    sandbox: config.sandbox,
    inspect: config.inspect,
    funnel: config.funnel?.on ?? false,
    cascade: config.sandbox ? [...SANDBOX_CASCADE] : defaultSettings.cascade,
    ...(social && { socialSignIn: { name: social } }),
  };
}
