import type { FastifyPluginAsync } from 'fastify';
import { SandboxSignalRequest } from '../../../core/contract';
import { parse } from '../../http/parse';
import type { SandboxDeps } from '../deps';
import { publishSandboxSignal } from './sandbox-signals';

/** sandbox: publish a signal now, optionally with a short pop-up, for testers (sandbox mode only; registered by server/compose.ts) */
export const sandboxSignalRoutes: FastifyPluginAsync<Pick<SandboxDeps, 'db'>> = async (app, { db }) => {
  app.post('/api/sandbox/signals', async (request) => {
    const body = parse(SandboxSignalRequest, request.body ?? {});
    const id = await publishSandboxSignal(db, body);
    return { ok: true as const, id };
  });
};
