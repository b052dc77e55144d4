import { SandboxSignalRequest } from '../../../core/contract';

import type { SandboxDeps } from '../deps';
import { publishSandboxSignal } from './sandbox-signals';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/** sandbox: publish a signal now, optionally with a short pop-up, for testers (sandbox mode only; registered by server/compose.ts) */
export const sandboxSignalRoutes: RoutePlugin<Pick<SandboxDeps, 'db'>> = async (app, { db }) => {
  app.post('/api/sandbox/signals', { schema: api(TAGS.sandbox, 'Publish a signal', { body: SandboxSignalRequest }) }, async (request) => {
    const body = request.body;
    const id = await publishSandboxSignal(db, body);
    return { ok: true as const, id };
  });
};
