import * as z from 'zod/mini';

/**
 * Why a trader is offered no incentives now (issue 30 §3, §5, §8; docs/eligibility.md): bonuses,
 * promo codes, timed offers (the gift and the giveaway among them), promotions, contests and IQ
 * mining. `excluded`: a break or self-exclusion runs; `closed`: the account is closed;
 * `regulated`: the trader lives in a regulated country where the operator switched incentives off
 * for retail traders. The server refuses such a call with 403 `incentives.unavailable` and
 * `params.reason`; the client hides their entries and says why on their pages.
 */
export const INCENTIVE_REASONS = ['excluded', 'closed', 'regulated'] as const;
export type IncentiveReason = (typeof INCENTIVE_REASONS)[number];

/** Present on the current user (GET /api/me) and the funding options when incentives are off. */
export const IncentivesOff = z.object({ reason: z.enum(INCENTIVE_REASONS) });
export type IncentivesOff = z.infer<typeof IncentivesOff>;

/** The operator's switch (the sandbox operator console): the regulated countries where retail incentives are off. */
export const IncentiveSwitch = z.object({ countries: z.array(z.string().check(z.regex(/^[A-Z]{2}$/))) });
export type IncentiveSwitch = z.infer<typeof IncentiveSwitch>;
