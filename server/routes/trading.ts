import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ChatBalanceRequest,
  HistoryQuery,
  ReportsQuery,
  SandboxPlatformExpire,
  SandboxPlatformFund,
  SandboxSignalRequest,
  SignalsRequest,
  TipRequest,
  type ChatBalanceResponse,
  type ChatTokenResponse,
  type HistoryResponse,
  type ReportsResponse,
  type RunlineResponse,
  type SignalsResponse,
  type TipResponse,
} from '../../core/contract';
import { bookSettledTrades } from '../domain/trading/booking';
import { historyOf, reportsOf, runline } from '../domain/trading/history';
import { signalsFor } from '../domain/trading/signals';
import { sendTip } from '../domain/trading/tips';
import { parse } from '../http/parse';
import { requireSandboxAccess } from '../http/sandbox-access';
import { requireUser } from '../http/session';
import { sandboxChat, type ChatGateway } from '../sandbox/chat/chat';
import { chatRoutes } from '../sandbox/chat/routes';
import { expirePlatformSessions, findAccount } from '../sandbox/platform/store';
import { sandboxDeposit } from '../sandbox/platform/fund';
import { publishSandboxSignal, sandboxSignals } from '../sandbox/signals/sandbox-signals';
import { ownerOfPlatformLogin } from '../domain/accounts';
import { firstNameOf } from '../domain/users';
import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';

/**
 * Trading (issue 6): history and reports from the platform, the chat token, tips, the balance
 * sync, signals and the ticker of real settled trades. With SANDBOX=true it also mounts the
 * sandbox chat provider at /chat and the testers' calls under /api/sandbox.
 */
export const tradingRoutes: FastifyPluginAsync<RouteDeps & { chat?: ChatGateway }> = async (app, deps) => {
  const { db, config, platform } = deps;
  const chat = deps.chat ?? sandboxChat(db);

  app.post('/api/us/history', async (request): Promise<HistoryResponse> => {
    const query = parse(HistoryQuery, request.body);
    const userId = requireUser(request);
    return historyOf(db, platform, userId, query, chat.hosts);
  });

  app.post('/api/us/reports', async (request): Promise<ReportsResponse> => {
    const query = parse(ReportsQuery, request.body);
    const userId = requireUser(request);
    return reportsOf(db, platform, userId, query);
  });

  /** a token for the chat provider; a visitor gets none and chats as a guest (spec 001 §6) */
  app.post('/api/chat/token', async (request): Promise<ChatTokenResponse> => {
    const base = { url: chat.url, host: chat.hosts[0], sandbox: config.sandbox };
    const userId = request.session?.user_id;
    if (userId === null || userId === undefined) return { token: null, ...base };
    const { token } = await chat.issueToken({ userRef: String(userId), name: (await firstNameOf(db, userId)) || 'Trader' });
    return { token, ...base };
  });

  app.post('/api/chat/balance', async (request): Promise<ChatBalanceResponse> => {
    parse(ChatBalanceRequest, request.body);
    const userId = requireUser(request);
    const result = await bookSettledTrades(db, platform, userId);
    return { ok: true, booked: result.booked, platformAvailable: result.platformAvailable };
  });

  app.post('/api/triggers/tips', async (request): Promise<TipResponse> => {
    const body = parse(TipRequest, request.body);
    const userId = requireUser(request);
    const tip = await sendTip(db, userId, body, { hosts: chat.hosts, siteHost: config.siteHost, platform });
    deps.push.publish(userId, { type: 'user.updated' });
    return { ok: true, ...tip };
  });

  app.post('/api/signals', async (request): Promise<SignalsResponse> => {
    const body = parse(SignalsRequest, request.body ?? {});
    const userId = requireUser(request);
    // `test` asks the sandbox source for a signal now (sandbox only; ignored otherwise)
    if (body.test && config.sandbox) await publishSandboxSignal(db);
    const signals = await signalsFor(db, userId, { source: config.sandbox ? sandboxSignals(db) : undefined });
    return { signals, serverTime: Date.now() };
  });

  app.get('/api/trading/runline', async (request): Promise<RunlineResponse> => {
    requireUser(request);
    return { entries: await runline(db, platform) };
  });

  if (!config.sandbox) return;

  await app.register(chatRoutes, { prefix: '/chat', db });

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
  app.post('/api/sandbox/platform/fund', async (request) => {
    const body = parse(SandboxPlatformFund, request.body);
    const account = await platformAccount(request, body.email);
    const mirrored = await sandboxDeposit(db, account, body.amount);
    await deps.mirror.flush();
    deps.push.publish(mirrored.user_id, { type: 'user.updated' });
    return { ok: true as const };
  });

  /** sandbox: the platform sessions of a login end now (as if they had expired) */
  app.post('/api/sandbox/platform/expire', async (request) => {
    const body = parse(SandboxPlatformExpire, request.body);
    const account = await platformAccount(request, body.email);
    await expirePlatformSessions(db, account.id);
    return { ok: true as const };
  });

  /** sandbox: publish a signal now (optionally with a short pop-up, for testers) */
  app.post('/api/sandbox/signals', async (request) => {
    const body = parse(SandboxSignalRequest, request.body ?? {});
    const id = await publishSandboxSignal(db, body);
    return { ok: true as const, id };
  });
};
