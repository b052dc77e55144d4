import * as z from 'zod/mini';
import { Decimal } from './common';

/** GET /api/settings: the one settings object (spec README: disagreements become settings). */
export const Settings = z.object({
  /** true when third parties are sandboxes; every sandbox screen says so */
  sandbox: z.boolean(),
  /** base address of the trading platform, e.g. "/platform" */
  platform: z.string(),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  /** processors in order; overrides the default stack VLOAD */
  cascade: z.array(z.string()),
  no_vload: z.array(z.string()),
  minDeposit: Decimal,
  usCaFixedAmount: Decimal,
  usCaMinShown: Decimal,
  mdps: z.object({
    ALL: z.optional(Decimal),
    USA: z.optional(Decimal),
    NO_EU_US: z.optional(Decimal),
    OCODE: z.record(z.string(), Decimal),
    COUNTRY: z.record(z.string(), Decimal),
    USERS: z.record(z.string(), Decimal),
    DEFAULT: z.optional(Decimal),
  }),
  maxBonusPercent: Decimal,
  maxBonusValue: Decimal,
  /** the trading turnover a credited bonus asks before it can be withdrawn, in times the bonus (30) */
  bonusTurnover: z.optional(Decimal),
  upload: z.object({ types: z.array(z.string()), maxBytes: z.number() }),
  toastMs: z.number(),
  chatHiddenPaths: z.array(z.string()),
  /** publish machine inspection events to the explorer (off by default in production) */
  inspect: z.boolean(),
  /** the app reports its machines' transitions to the funnel (counts, no context; FUNNEL=0 turns it off; issue 34 §4) */
  funnel: z.optional(z.boolean()),
  /** IANA zone for the weekend window, '' = the user's own */
  timeZone: z.string(),
  /** sandbox mode only: the demo login shown on the login page */
  demoLogin: z.optional(z.object({ email: z.string(), password: z.string() })),
  /** social sign-in (OpenID Connect) is on: the provider's name for its button (docs/social-sign-in.md) */
  socialSignIn: z.optional(z.object({ name: z.string() })),
  /**
   * the risk warning's own figure (issue 30 §5, core/risk-warning.ts): the whole percent of our
   * retail traders' accounts that lost money over the last 12 months and the UTC day it was
   * computed; null (or absent) before the first computation or when no account traded
   */
  risk: z.optional(z.nullable(z.object({ percent: z.number(), day: z.string() }))),
});
export type Settings = z.infer<typeof Settings>;

/** POST /api/us/handler: client error report (spec 000 §7). */
export const ErrorReport = z.object({
  error: z.string().check(z.maxLength(2000)),
  url: z.string().check(z.maxLength(2000)),
  lineNumber: z.optional(z.number()),
  column: z.optional(z.number()),
  object: z.optional(z.string().check(z.maxLength(8000))),
});
export type ErrorReport = z.infer<typeof ErrorReport>;
