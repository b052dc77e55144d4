import { FastifyRequest } from 'fastify';
import { SandboxPlatformExpire, SandboxPlatformFund } from '../../../core/contract';
import { ownerOfPlatformLogin } from '../../domain/accounts';
import { Refusal } from '../../domain/refusal';

import { requireSandboxAccess } from '../access';
import type { SandboxDeps } from '../deps';
import { sandboxDeposit } from './fund';
import { expirePlatformSessions, findAccount } from './store';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/**
 * The testers' platform calls (sandbox mode only; registered by server/compose.ts): fund a
 * trader's platform account, end its platform sessions now.
 */
export const sandboxPlatformControlRoutes: RoutePlugin<SandboxDeps> = async (app, { db, config, mirror, push }) => {
  /** the platform account of `email`, for its owner (or the sandbox operator) only */
  const platformAccount = async (request: FastifyRequest, email: string) => {
    const account = await findAccount(db, email);
    const owner = account && (await ownerOfPlatformLogin(db, account.login));
    await requireSandboxAccess(db, request, config, owner ? owner.user_id : undefined, 'platform account');
    if (!account) throw new Refusal(404, 'user.not_found', 'No platform account with this email.');
    return account;
  };

  /**
   * sandbox: a deposit onto the trader's platform-mirrored account: through the ledger (from the
   * house account) and so onto the platform, answered once it is there
   */
  app.post('/api/sandbox/platform/fund', { schema: api(TAGS.sandbox, 'Fund a platform account', { body: SandboxPlatformFund }) }, async (request) => {
    const body = request.body;
    const account = await platformAccount(request, body.email);
    const mirrored = await sandboxDeposit(db, account, body.amount);
    await mirror.flush();
    push.publish(mirrored.user_id, { type: 'user.updated' });
    return { ok: true as const };
  });

  /** sandbox: the platform sessions of a login end now (as if they had expired) */
  app.post('/api/sandbox/platform/expire', { schema: api(TAGS.sandbox, 'Expire platform trades', { body: SandboxPlatformExpire }) }, async (request) => {
    const body = request.body;
    const account = await platformAccount(request, body.email);
    await expirePlatformSessions(db, account.id);
    return { ok: true as const };
  });
};
