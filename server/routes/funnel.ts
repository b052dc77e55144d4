import { FUNNEL_BATCHES_PER_MINUTE, FUNNEL_MAX_DAYS, funnelRangeError, FunnelAccepted, FunnelQuery, FunnelReport, CascadeFunnel, MachineFunnel } from '../../core/contract/funnel';
import { cascadeFunnel } from '../domain/funnel/cascade';
import { machineFunnel } from '../domain/funnel/read';
import { forgetOldSteps, recordSteps, type FunnelSender } from '../domain/funnel/record';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import type { RouteDeps } from './deps';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * The funnel (issue 34 §4; contract core/contract/funnel.ts, domain server/domain/funnel/,
 * docs/explorer.md "The funnel"). The app's reports come from any session (a visitor's login
 * steps count too) with the CSRF header; what is kept is counts per hour and segment. The
 * explorer's reads exist only where the explorer is on (EXPLORER: off in production unless set).
 */
export const funnelRoutes: RoutePlugin<RouteDeps> = async (app, { db, config }) => {
  if (config.funnel.on) {
    /** reports per session in the current minute: an analytics stream, not an attempt, so one instance's count is enough */
    const recent = new Map<string, { minute: number; n: number }>();
    let purgedAt = 0;
    app.post('/api/funnel/steps', { schema: api(TAGS.analytics, 'The app’s machine transitions for the funnel (counts and durations, no context)', { body: FunnelReport, response: FunnelAccepted }) }, async (request): Promise<FunnelAccepted> => {
      const session = request.session;
      if (!session) throw new Refusal(403, 'csrf', 'Your session changed or expired. Reload the page and try again.');
      const now = new Date();
      const minute = Math.floor(now.getTime() / MINUTE_MS);
      const seen = recent.get(session.id);
      if (seen && seen.minute === minute && seen.n >= FUNNEL_BATCHES_PER_MINUTE) throw new Refusal(429, 'funnel.busy', 'Too many funnel reports from this session; try again in a minute.', { headers: { 'retry-after': '60' } });
      if (recent.size > 10_000) recent.clear();
      recent.set(session.id, { minute, n: seen?.minute === minute ? seen.n + 1 : 1 });
      const user = session.user_id === null ? undefined : await db.selectFrom('users').select(['country', 'reg_time']).where('id', '=', session.user_id).executeTakeFirst();
      const sender: FunnelSender = { user: user ? { country: user.country, createdAt: user.reg_time } : null };
      const accepted = await recordSteps(db, request.body, sender, now);
      // the retention: at most once an hour per instance, as reports come
      if (now.getTime() - purgedAt > HOUR_MS) {
        purgedAt = now.getTime();
        await forgetOldSteps(db, config.funnel.retentionDays, now);
      }
      return { ok: true, accepted };
    });
  }

  if (config.explorer) {
    app.get('/api/explorer/funnel', { schema: api(TAGS.analytics, 'The explorer: one machine’s transitions in a date range and segment', { querystring: FunnelQuery, response: MachineFunnel }) }, async (request): Promise<MachineFunnel> => {
      const query = checkedRange(request.query);
      if (!query.machine) throw new Refusal(400, 'funnel.invalid', 'Name the machine.', { fields: { machine: 'funnel.invalid' } });
      return machineFunnel(db, { ...query, machine: query.machine });
    });
    app.get('/api/explorer/funnel/cascade', { schema: api(TAGS.analytics, 'The explorer: card payments and each processor’s approvals and declines by reason', { querystring: FunnelQuery, response: CascadeFunnel }) }, async (request): Promise<CascadeFunnel> => {
      return cascadeFunnel(db, checkedRange(request.query));
    });
  }
};

const RANGE_TEXT = {
  'funnel.range_invalid': 'The range’s days must be real dates (YYYY-MM-DD).',
  'funnel.range_backwards': 'The range’s first day must be on or before its last.',
  'funnel.range_long': `A range is at most ${FUNNEL_MAX_DAYS} days.`,
} as const;

function checkedRange(query: FunnelQuery): FunnelQuery {
  const wrong = funnelRangeError(query.from, query.to);
  if (wrong) throw new Refusal(400, wrong, RANGE_TEXT[wrong], { fields: { [wrong === 'funnel.range_long' ? 'to' : 'from']: wrong } });
  return query;
}
