import * as z from 'zod/mini';
import { Currency, Decimal } from './common';
import { IncentivesOff } from './incentives';
import { WithdrawOnly } from './self-exclusion';

/** One balance of the current user (spec 000 §3, 001 §3, 002 §3). */
export const Balance = z.object({
  accountId: z.string(),
  currency: Currency,
  accountGroup: z.string(),
  /** "trading" or "exchange" (the exchange account) or "demo" */
  type: z.enum(['trading', 'exchange', 'demo']),
  amount: Decimal,
  depositsTotal: Decimal,
});
export type Balance = z.infer<typeof Balance>;

/** A credited deposit bonus in one currency: not withdrawable, not trading money; the turnover of the account it came with. */
export const BonusBalance = z.object({
  currency: Currency,
  amount: Decimal,
  /** trading turnover done and needed before the bonus may be withdrawn, in the same currency */
  turnoverDone: Decimal,
  turnoverNeed: Decimal,
});
export type BonusBalance = z.infer<typeof BonusBalance>;

/** The current user, loaded once and read by key (spec 000 §3). */
export const CurrentUser = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  currency: Currency,
  balances: z.array(Balance),
  /** the bonus balances per currency that hold money (spec 001 §3 bonus_summ): deposit bonuses, gifts and refunds not yet moved to trading; absent: none */
  bonuses: z.optional(z.array(BonusBalance)),
  current_accountId: z.string(),
  /** balance of the current account */
  available: Decimal,
  affsId: z.string(),
  comments: z.string(),
  /** comma list of processors, '' when not set */
  cascade: z.string(),
  /** minimum deposit override, '' when not set */
  md: z.string(),
  mdps: z.string(),
  cardRisk: z.boolean(),
  /** 'Full' means verified */
  verification: z.string(),
  two_factor: z.enum(['', 'email', 'google', 'sms']),
  isDemo: z.boolean(),
  regTime: z.string(),
  /** GET /api/me only: when this session ends under the trader's session-time limit (ISO; core/session-limit.ts); absent: no end of its own */
  sessionEndsAt: z.optional(z.string()),
  sign: z.boolean(),
  last_count: z.number(),
  depositsTotal: Decimal,
  tr_attemps: z.number(),
  tr_success: z.boolean(),
  tr_validate: z.boolean(),
  wd_methods: z.string(),
  can_upload: z.boolean(),
  fillCard: z.string(),
  /** GET /api/me only: the trader is offered no bonuses, offers, promotions or contests, and why (core/contract/incentives.ts); absent: they are */
  incentivesOff: z.optional(IncentivesOff),
  /** GET /api/me only: this session can only withdraw (asked for during a break or self-exclusion; core/contract/self-exclusion.ts); absent: a whole session */
  withdrawOnly: z.optional(WithdrawOnly),
  /** support tickets with an agent's reply the trader has not opened yet; absent: 0 */
  support_unread: z.optional(z.number()),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** GET /api/me: the session as the browser may know it. Always 200; user null when signed out. */
export const MeResponse = z.object({
  user: z.nullable(CurrentUser),
  /** CSRF token of this session, sent back as the x-csrf-token header on every state-changing call */
  csrf: z.string(),
});
export type MeResponse = z.infer<typeof MeResponse>;
