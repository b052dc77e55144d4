import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import type { SessionRow } from '../db/schema';
import type { Recorder } from '../http/metrics';
import { Refusal } from '../domain/refusal';

/** What every route plugin gets: the app's deps and the metrics recorder. */
export interface RouteDeps extends AppDeps {
  /** what the metrics count (server/http/metrics.ts); absent or a no-op when /metrics is off */
  metrics?: Recorder;
  /** the database migrated (and seeded): background timers wait for it (absent: ready now) */
  ready?: Promise<void>;
}

/** The session of a state-changing call (the CSRF hook has already required one). */
export function sessionOf(request: FastifyRequest): SessionRow {
  if (!request.session) throw new Refusal(403, 'csrf', 'Your session changed or expired. Reload the page and try again.');
  return request.session;
}
