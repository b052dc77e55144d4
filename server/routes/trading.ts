import { ChatBalanceRequest, HistoryQuery, ReportsQuery, SignalsRequest, TipRequest, ChatBalanceResponse, ChatTokenResponse, HistoryResponse, ReportsResponse, RunlineResponse, SignalsResponse, TipResponse } from '../../core/contract';
import { bookSettledTrades } from '../domain/trading/booking';
import { historyOf, reportsOf, runline } from '../domain/trading/history';
import { signalsFor } from '../domain/trading/signals';
import { sendTip } from '../domain/trading/tips';

import { requireUser } from '../http/session';
import { firstNameOf } from '../domain/users';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Trading: history and reports from the platform, the chat token, tips, the balance
 * sync, signals and the ticker of real settled trades. The chat provider and the signal source
 * are ports (server/compose.ts, which in sandbox mode also mounts the sandbox chat at /chat and
 * the testers' platform and signal calls under /api/sandbox).
 */
export const tradingRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  const { db, config, platform, ports } = deps;
  const { chat } = ports;

  app.post('/api/us/history', { schema: api(TAGS.trading, 'Deposits and withdrawals history', { body: HistoryQuery, response: HistoryResponse }) }, async (request): Promise<HistoryResponse> => {
    const query = request.body;
    const userId = requireUser(request);
    return historyOf(db, platform, userId, query, chat.hosts);
  });

  app.post('/api/us/reports', { schema: api(TAGS.trading, 'Trading reports', { body: ReportsQuery, response: ReportsResponse }) }, async (request): Promise<ReportsResponse> => {
    const query = request.body;
    const userId = requireUser(request);
    return reportsOf(db, platform, userId, query);
  });

  /** a token for the chat provider; a visitor gets none and chats as a guest (spec 001 §6) */
  app.post('/api/chat/token', { schema: api(TAGS.trading, 'A token for the chat widget', { response: ChatTokenResponse }) }, async (request): Promise<ChatTokenResponse> => {
    const base = { url: chat.url, host: chat.hosts[0], sandbox: chat.sandbox };
    const userId = request.session?.user_id;
    if (userId === null || userId === undefined) return { token: null, ...base };
    const { token } = await chat.issueToken({ userRef: String(userId), name: (await firstNameOf(db, userId)) || 'Trader' });
    return { token, ...base };
  });

  app.post('/api/chat/balance', { schema: api(TAGS.trading, 'The balance shown in the chat', { body: ChatBalanceRequest, response: ChatBalanceResponse }) }, async (request): Promise<ChatBalanceResponse> => {
    const userId = requireUser(request);
    const result = await bookSettledTrades(db, platform, userId);
    return { ok: true, booked: result.booked, platformAvailable: result.platformAvailable };
  });

  app.post('/api/triggers/tips', { schema: api(TAGS.trading, 'Tips shown and confirmed', { body: TipRequest, response: TipResponse }) }, async (request): Promise<TipResponse> => {
    const body = request.body;
    const userId = requireUser(request);
    const tip = await sendTip(db, userId, body, { hosts: chat.hosts, siteHost: config.siteHost, platform });
    deps.push.publish(userId, { type: 'user.updated' });
    return { ok: true, ...tip };
  });

  app.post('/api/signals', { schema: api(TAGS.trading, 'Trading signals', { body: SignalsRequest, response: SignalsResponse }) }, async (request): Promise<SignalsResponse> => {
    const body = request.body;
    const userId = requireUser(request);
    // `test` asks the signal source for a signal now (the sandbox's can; otherwise ignored)
    if (body.test) await ports.signals?.publishNow?.();
    const signals = await signalsFor(db, userId, { source: ports.signals });
    return { signals, serverTime: Date.now() };
  });

  app.get('/api/trading/runline', { schema: api(TAGS.trading, 'The runline (ticker of recent trades) for the signed-in user', { response: RunlineResponse }) }, async (request): Promise<RunlineResponse> => {
    requireUser(request);
    return { entries: await runline(db, platform) };
  });
};
