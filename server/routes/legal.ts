import { LegalAcceptRequest, LegalStatus } from '../../core/contract/legal';
import { acceptDocuments, legalStatus } from '../domain/legal/legal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * The legal documents a trader accepted (issue 30 §5, docs/legal-documents.md; contract
 * core/contract/legal.ts). Signed in only; the POST with the CSRF header, for the session's own
 * trader. The texts themselves are public pages (/{lang}/legal/{slug}), not an API.
 */
export const legalRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  app.get('/api/legal/status', { schema: api(TAGS.account, 'The legal documents: current versions and the ones accepted', { response: LegalStatus }) }, async (request): Promise<LegalStatus> => {
    const userId = requireUser(request);
    return legalStatus(db, userId);
  });

  app.post('/api/legal/accept', { schema: api(TAGS.account, 'Accept the current versions of the legal documents shown (409 legal.outdated for an older one)', { body: LegalAcceptRequest, response: LegalStatus }) }, async (request): Promise<LegalStatus> => {
    const userId = requireUser(request);
    const body = request.body;
    return acceptDocuments(db, userId, body.accepted, { lang: body.lang ?? 'en', now: new Date() });
  });
};
