import { AcceptRiskRequest, AnswersRequest, AppropriatenessStatus } from '../../core/contract/appropriateness';
import { acceptRisk, appropriatenessStatus, submitAnswers } from '../domain/protection/appropriateness';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * Appropriateness (issue 30 §6, docs/appropriateness.md; contract core/contract/appropriateness.ts).
 * Signed in only; the POSTs with the CSRF header, each about the signed-in trader's own record.
 */
export const appropriatenessRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  app.get('/api/appropriateness', { schema: api(TAGS.account, 'Appropriateness: where the trader stands, and the questions without their answers', { response: AppropriatenessStatus }) }, async (request): Promise<AppropriatenessStatus> => {
    const userId = requireUser(request);
    return appropriatenessStatus(db, userId, new Date());
  });

  app.post('/api/appropriateness', { schema: api(TAGS.account, 'Appropriateness: answer the questionnaire (scored and recorded)', { body: AnswersRequest, response: AppropriatenessStatus }) }, async (request): Promise<AppropriatenessStatus> => {
    const userId = requireUser(request);
    return submitAnswers(db, userId, request.body.answers, new Date());
  });

  app.post('/api/appropriateness/accept-risk', { schema: api(TAGS.account, 'Appropriateness: accept the risk after a failed test and its cool-down', { body: AcceptRiskRequest, response: AppropriatenessStatus }) }, async (request): Promise<AppropriatenessStatus> => {
    const userId = requireUser(request);
    return acceptRisk(db, userId, new Date());
  });
};
