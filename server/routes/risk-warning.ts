import { RiskFigure } from '../../core/contract/risk-warning';
import { latestRiskFigure } from '../domain/protection/risk-figure';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import type { RouteDeps } from './deps';

/**
 * The risk warning's figure (issue 30 §5, docs/limits.md#the-risk-warning): public, read-only. The
 * figure is computed once a UTC day from the ledger (server/domain/protection/risk-figure.ts).
 */
export const riskWarningRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  app.get('/api/risk-warning', { schema: api(TAGS.public, 'The risk warning: the share of retail accounts that lost money over the last 12 months', { response: RiskFigure }) }, async (): Promise<RiskFigure> =>
    latestRiskFigure(db),
  );
};
