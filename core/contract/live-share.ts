import * as z from 'zod/mini';

/**
 * A live session shared by link within the product (issue 34 §2; server/routes/live-shares.ts,
 * docs/explorer.md "The timeline"). The explorer's Share link stores the same JSON Save session
 * writes (the actors and the timeline as the allow-list let them leave the app's pages) and gives
 * `#/live/shared/{id}`; opening that address shows it paused, as opening the file does.
 *   POST /api/explorer/live_shares        LiveShare       LiveShareCreated (CSRF)
 *   GET  /api/explorer/live_shares/{id}                   the stored session (404 live.share_missing)
 * Only where the explorer is on; kept LIVE_SHARE_DAYS; at most LIVE_SHARE_MAX_BYTES.
 */
export const LIVE_SHARE_DAYS = 30;
export const LIVE_SHARE_MAX_BYTES = 1_000_000;

/** the session file's outline; the explorer reads the rest as it reads a file (parseSessionFile) */
export const LiveShare = z.object({
  kind: z.literal('brokerage-live-session'),
  version: z.literal(1),
  actors: z.record(z.string(), z.unknown()),
  order: z.array(z.string()).check(z.maxLength(200)),
  timeline: z.array(z.unknown()).check(z.maxLength(1000)),
});
export type LiveShare = z.infer<typeof LiveShare>;

export const LiveShareCreated = z.object({ id: z.string() });
export type LiveShareCreated = z.infer<typeof LiveShareCreated>;

export const LiveShareParams = z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'live.share_missing')) });
