import type { FastifyPluginAsync } from 'fastify';
import {
  ChatBalanceRequest,
  HistoryQuery,
  ReportsQuery,
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
import { requireUser } from '../http/session';
import { firstNameOf } from '../domain/users';
import type { RouteDeps } from './deps';

/**
 * Trading: history and reports from the platform, the chat token, tips, the balance
 * sync, signals and the ticker of real settled trades. The chat provider and the signal source
 * are ports (server/compose.ts, which in sandbox mode also mounts the sandbox chat at /chat and
 * the testers' platform and signal calls under /api/sandbox).
 */
export const tradingRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const { db, config, platform, ports } = deps;
  const { chat } = ports;

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
    const base = { url: chat.url, host: chat.hosts[0], sandbox: chat.sandbox };
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
    // `test` asks the signal source for a signal now (the sandbox's can; otherwise ignored)
    if (body.test) await ports.signals?.publishNow?.();
    const signals = await signalsFor(db, userId, { source: ports.signals });
    return { signals, serverTime: Date.now() };
  });

  app.get('/api/trading/runline', async (request): Promise<RunlineResponse> => {
    requireUser(request);
    return { entries: await runline(db, platform) };
  });
};
