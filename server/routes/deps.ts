import type { FastifyRequest } from 'fastify';
import type { Settings } from '../../core/contract';
import type { Config } from '../config';
import type { Db } from '../db';
import type { SessionRow } from '../db/schema';
import type { Recorder } from '../http/metrics';
import type { PushHub } from '../push/hub';
import type { PlatformGateway, Ports } from '../domain/ports';
import { Refusal } from '../domain/refusal';

/** What every route plugin gets. */
export interface RouteDeps {
  db: Db;
  config: Config;
  settings: Settings;
  platform: PlatformGateway;
  /** server-sent events to the user's open tabs */
  push: PushHub;
  /** the platform mirror: `flush()` delivers the outbox now (the worker does it within a moment anyway) */
  mirror: { flush(): Promise<void> };
  /** what the metrics count (server/http/metrics.ts); absent or a no-op when /metrics is off */
  metrics?: Recorder;
  /** every port (messenger, processors, chain, wallets, desk, …), built once by server/compose.ts */
  ports: Ports;
}

/** The session of a state-changing call (the CSRF hook has already required one). */
export function sessionOf(request: FastifyRequest): SessionRow {
  if (!request.session) throw new Refusal(403, 'csrf', 'Your session changed or expired. Reload the page and try again.');
  return request.session;
}
