import * as z from 'zod/mini';
import { ComplaintList, ComplaintResponse, NewComplaintRequest } from '../../core/contract/complaints';
import { listComplaints, makeComplaint, showComplaint, type ComplaintDeps } from '../domain/complaints/complaints';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

const ReferenceParams = z.object({ reference: z.string() });

/**
 * Complaints (issue 30 §7, docs/complaints.md; contract core/contract/complaints.ts): the
 * trader's formal complaints, apart from support. Signed in only (401 `auth.required`); the POST
 * with the CSRF header like every other (403 `csrf`). The rules, the transaction, the
 * acknowledgement (in-app and email) and the push are the domain's
 * (server/domain/complaints/complaints.ts); the agents' desk is a sandbox console registered by
 * server/compose.ts.
 */
export const complaintRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  const { db, config, push, ports } = deps;
  const complaints: ComplaintDeps = { db, messenger: ports.messenger, publish: push.publish.bind(push), ombudsman: config.complaintsOmbudsman, siteUrl: config.siteUrl };

  app.get('/api/complaints', { schema: api(TAGS.support, 'Complaints: the trader’s own, newest first', { response: ComplaintList }) }, async (request): Promise<ComplaintList> => {
    const userId = requireUser(request);
    return { complaints: await listComplaints(complaints, userId) };
  });

  app.post('/api/complaints', { schema: api(TAGS.support, 'Complaints: make a complaint (idempotent by key)', { body: NewComplaintRequest, response: ComplaintResponse }) }, async (request): Promise<ComplaintResponse> => {
    const userId = requireUser(request);
    return { complaint: await makeComplaint(complaints, userId, request.body, new Date()) };
  });

  app.get('/api/complaints/:reference', { schema: api(TAGS.support, 'Complaints: one of the trader’s own', { params: ReferenceParams, response: ComplaintResponse }) }, async (request): Promise<ComplaintResponse> => {
    const userId = requireUser(request);
    return { complaint: await showComplaint(complaints, userId, request.params.reference) };
  });
};
