import { Settings } from '../../core/contract';
import { sharePercent } from '../../core/risk-warning';
import { latestRiskFigure } from '../domain/protection/risk-figure';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** how often the risk warning's figure is read again (it changes once a day); sooner while there is none yet */
export const RISK_REFRESH_MS = 10 * 60_000;
const NO_FIGURE_REFRESH_MS = 60_000;

/**
 * GET /api/settings: the one settings object (contract Settings). It is built from the config at
 * start-up (server/domain/settings.ts: settingsFor), serialised and served from memory without a
 * session read. The one fact from the database is the risk warning's daily figure (issue 30 §5),
 * which every page shows: read again at most every 10 minutes, so the route stays without a round
 * trip. A figure that cannot be read leaves the last one (the page then says only the general
 * warning, never an invented number).
 */
export const settingsRoutes: RoutePlugin<RouteDeps> = async (app, { db, settings }) => {
  let body = JSON.stringify(settings);
  let checkedAt = Number.NEGATIVE_INFINITY;
  let every = RISK_REFRESH_MS;
  let reading: Promise<void> | null = null;
  const refresh = async (): Promise<void> => {
    try {
      const { figure } = await latestRiskFigure(db);
      const risk = figure && figure.share_bp !== null ? { percent: sharePercent(figure.share_bp), day: figure.day } : null;
      body = JSON.stringify({ ...settings, risk });
      every = figure ? RISK_REFRESH_MS : NO_FIGURE_REFRESH_MS;
    } catch (error) {
      app.log.warn({ err: error }, 'the risk figure could not be read');
    } finally {
      checkedAt = Date.now();
      reading = null;
    }
  };
  app.get('/api/settings', { schema: api(TAGS.session, 'The settings object', { response: Settings }), config: { session: false } }, async (_request, reply) => {
    if (Date.now() - checkedAt >= every) await (reading ??= refresh());
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
