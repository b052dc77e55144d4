import * as z from 'zod/mini';
import { STATEMENT_FORMATS } from '../statement';

/**
 * A statement of the trader's money for a date range (issue 30 §9; rules in core/statement.ts,
 * docs/statements.md).
 *
 * Call (signed in; a GET: it changes nothing):
 *   GET /api/statement?from=<ms>&to=<ms>&format=csv|pdf[&account=<id>][&lang=en|ru][&tz=<IANA zone>]
 *   200: the file, `Content-Disposition: attachment; filename="statement-YYYY-MM-DD-YYYY-MM-DD.csv"`
 *   400 statement.range_backwards | statement.range_too_long (more than 366 days) |
 *       statement.zone (a time zone the server does not know) | statement.too_many_rows |
 *       validation (a field that is not what this says)
 *   401 auth.required; 404 statement.account (not one of the trader's statement accounts)
 */
const Millis = z.coerce.number().check(z.int(), z.gte(0), z.lte(8_640_000_000_000));

export const StatementQuery = z.object({
  /** the first instant, epoch milliseconds (the start of the first day in the trader's zone) */
  from: Millis,
  /** the last instant, included */
  to: Millis,
  format: z.enum(STATEMENT_FORMATS),
  /** one account (a trading or exchange account, or the bonus balance); absent: every one */
  account: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
  /** the language of the words in the file; absent: the trader's (registration, then Accept-Language) */
  lang: z.optional(z.enum(['en', 'ru'])),
  /** the zone the dates are written in (the browser's); absent: UTC */
  tz: z.optional(z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/, 'statement.zone'))),
});
export type StatementQuery = z.infer<typeof StatementQuery>;
