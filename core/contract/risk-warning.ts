import * as z from 'zod/mini';

/**
 * The risk warning's figure (issue 30 §5; rules in core/risk-warning.ts).
 *   GET /api/risk-warning   RiskFigure   (public: every page shows the warning, signed in or not)
 */
export const RiskFigure = z.object({
  /** null before the first daily computation */
  figure: z.nullable(
    z.object({
      /** the UTC day it was computed, YYYY-MM-DD */
      day: z.string(),
      /** the share of retail accounts that lost money, basis points (7450 = 74.5 %); null when no account traded in the window */
      share_bp: z.nullable(z.number()),
      /** retail accounts with trade results in the window, and how many of them lost money */
      accounts: z.number(),
      losing: z.number(),
      /** ISO times of the window (the last 365 days up to the computation) */
      window_from: z.string(),
      window_to: z.string(),
    }),
  ),
});
export type RiskFigure = z.infer<typeof RiskFigure>;
