import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import { settingsFor } from './domain/settings';
import { installCompression } from './http/compression';
import { errorHandler } from './http/errors';
import { installFrontend } from './http/frontend';
import { alternateLinks, installSite, notFoundHtml, pageAt } from './http/site';
import type { PublicTab } from '../core/contract/public-site';
import { tabPath } from '../core/public-site/content';
import { publicPageRenderer } from './http/public-html';
import { signInPageRenderer } from './http/sign-in-html';
import { sandboxBannerRenderer } from './http/sandbox-banner';
import { pagePreloadRenderer } from './http/page-preload';
import { siteFacts } from './domain/public-site/public-site';
import { publicSiteRoutes } from './routes/public-site';
import { referralRoutes, visitCounter } from './routes/referral';
import { installInputGuard } from './http/input-guard';
import { installHealth } from './http/health';
import { installDrain } from './http/shutdown';
import { installRequestLog, requestIdOptions, requestLogger, safeLogger } from './http/logging';
import { installMetrics } from './http/metrics';
import { installRateLimit } from './http/rate-limit';
import { watchRoutes } from './http/not-found';
import { installApiDocs } from './http/openapi';
import { installContracts } from './http/route-schema';
import { installSecurityHeaders } from './http/security-headers';
import { installSessions } from './http/session';
import { autologinRoutes } from './routes/autologin';
import type { RouteDeps } from './routes/deps';
import { loginRoutes } from './routes/login';
import { logoutRoutes } from './routes/logout';
import { meRoutes } from './routes/me';
import { reportRoutes } from './routes/reports';
import { settingsRoutes } from './routes/settings';
import { memoryHub, type PushHub } from './push/hub';
import { eventRoutes } from './routes/events';
import { cryptoRoutes } from './routes/crypto';
import { withdrawalRoutes } from './routes/withdrawal';
import { securityRoutes } from './routes/security';
import { accountRoutes } from './routes/accounts';
import { tradingRoutes } from './routes/trading';
import { registerRoutes } from './routes/register';
import { cardRoutes } from './routes/card';
import { promoRoutes } from './routes/promo';
import { promotionsRoutes } from './routes/promotions';
import { uploadRoutes } from './routes/upload';
import { methodRoutes } from './routes/methods';
import { processorWebhookRoutes } from './routes/processor-webhooks';
import { offlineDepositRoutes } from './routes/deposits-offline';
import { supportRoutes } from './routes/support';
import { complaintRoutes } from './routes/complaints';
import { limitRoutes } from './routes/limits';
import { activeSessionRoutes } from './routes/active-sessions';
import { signInHistoryRoutes } from './routes/sign-in-history';
import { funnelRoutes } from './routes/funnel';
import { liveShareRoutes } from './routes/live-shares';
import { addressBookRoutes } from './routes/address-book';
import { passkeyRoutes } from './routes/passkeys';
import { closureRoutes } from './routes/closure';
import { selfExclusionRoutes } from './routes/self-exclusion';
import { appropriatenessRoutes } from './routes/appropriateness';
import { cashierLockRoutes } from './routes/cashier-locks';
import { realityCheckRoutes } from './routes/reality-check';
import { legalRoutes } from './routes/legal';
import { riskWarningRoutes } from './routes/risk-warning';
import { statementRoutes } from './routes/statement';
import { dataExportRoutes } from './routes/data-export';
import { contestRoutes } from './routes/contests';
import { notificationRoutes } from './routes/notifications';
import { forgotRoutes } from './routes/forgot';
import { offerRoutes } from './routes/offers';
import { iqRoutes } from './routes/iq';
import { ladderRoutes } from './routes/ladder';
import { oidcRoutes } from './routes/oidc';
import { newsRoutes } from './routes/news';
import type { PlatformGateway } from './domain/ports';
import { composePorts, installSandboxRoutes, installSandboxScripts } from './compose';
import { startPlatformMirror } from './domain/platform-mirror/worker';

export interface AppOptions {
  db: Db;
  config: Config;
  /** the trading platform as the broker reaches it; the sandbox platform by default */
  platform?: PlatformGateway;
  /**
   * pushes events to browsers (server-sent events); in-memory for one instance by default. A
   * function is called with the app's logger (server/main.ts: `pushHubFor`, LISTEN/NOTIFY on
   * PostgreSQL); the hub is closed with the app.
   */
  push?: PushHub | ((log: FastifyBaseLogger) => PushHub);
  /** the built front end (dist/); without it page URLs answer "run npm run build" */
  distDir?: string;
  /** the explorer's coverage reports (default: the checkout's docs/coverage) */
  coverageDir?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Resolves when the database is migrated and seeded. Until then calls that need it wait,
   * while pages (the built front end) are served at once: `npm start` answers its first page
   * before PGlite has finished starting.
   */
  ready?: Promise<void>;
  /**
   * the platform mirror: how often the outbox is delivered (default 200 ms; 0: only when a
   * route flushes it) and the reconciliation runs (default 0: never by itself)
   */
  mirror?: { deliverEveryMs?: number; reconcileEveryMs?: number };
}

/** JSON bodies are small; file uploads (multipart) get their own limit. */
export const BODY_LIMIT = 64 * 1024;

/** The server without listening: tests drive it with app.inject(). */
export async function buildApp({ db, config, platform: platformOption, push: pushOption = memoryHub(), distDir, coverageDir, logger = false, ready, mirror: mirrorOptions = {} }: AppOptions): Promise<FastifyInstance> {
  // the log never holds a sign-in key, a card page's query or a card field (server/http/logging.ts)
  const app = Fastify({ logger: safeLogger(logger), ...requestIdOptions, bodyLimit: BODY_LIMIT, return503OnClosing: true, trustProxy: config.trustProxy, forceCloseConnections: 'idle' });
  // request ids (x-request-id) carried into the logs of everything a request runs; then the global per-IP limit
  installRequestLog(app);
  // the push hub (server/push/pg-hub.ts on PostgreSQL), closed after the SSE streams have ended
  const push = typeof pushOption === 'function' ? pushOption(app.log) : pushOption;
  app.addHook('onClose', async () => push.close?.());
  await installRateLimit(app, config.rateLimitPerMinute);
  if (ready) {
    app.addHook('onRequest', async (request) => {
      if (/^\/(api|platform|upload|logout|sandbox)(\/|\?|$)/.test(request.url)) await ready;
    });
  }
  await app.register(cookie);
  // brotli or gzip for HTML, scripts, styles and JSON above 1 kB, before any route (it hooks each route as it is added)
  await installCompression(app);
  app.setErrorHandler(errorHandler);
  // routes declare their zod contract in their options: validation, handler types and the OpenAPI from one declaration
  installContracts(app);
  installSecurityHeaders(app, { hstsMaxAge: config.hstsMaxAge, sandbox: config.sandbox });
  // /metrics when METRICS=1
  const metrics = installMetrics(app, { db, push, enabled: config.metrics, token: config.metricsToken });
  installSessions(app, db);
  installInputGuard(app);
  const routes = watchRoutes(app);
  // the generated OpenAPI document and its UI (/api/docs), before any route: it collects them as they are added
  if (config.apiDocs) await installApiDocs(app);
  // GET /healthz, GET /readyz and load shedding (503 busy with Retry-After under pressure)
  await installHealth(app, { db, push, config, ...(ready && { ready }) });
  // on close, requests in flight finish and their connections end with them
  installDrain(app);

  const settings = settingsFor(config);
  // every port (platform, messenger, processors, chain, wallets, desk, …), once, from the configuration
  const { ports, sandbox } = composePorts(app, { db, config, push, ...(platformOption && { platform: platformOption }) });
  const { platform } = ports;
  const mirror = startPlatformMirror({
    db,
    platform,
    deliverEveryMs: mirrorOptions.deliverEveryMs ?? 200,
    reconcileEveryMs: mirrorOptions.reconcileEveryMs ?? 0,
    onUserChanged: (userId) => push.publish(userId, { type: 'user.updated' }),
    ...(ready && { ready }),
    log: requestLogger(app.log),
  });
  app.addHook('onClose', async () => mirror.stop());
  const deps: RouteDeps = { db, config, settings, platform, push, mirror, metrics, ports, ...(ready && { ready }) };
  // Sandbox only: scripted third-party outcomes (/api/sandbox/script); before the withdrawal routes, whose answers it hooks
  await installSandboxScripts(app, deps);
  await app.register(settingsRoutes, deps);
  await app.register(meRoutes, deps);
  await app.register(loginRoutes, deps);
  await app.register(logoutRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(autologinRoutes, deps);
  await app.register(eventRoutes, deps);
  await app.register(cryptoRoutes, deps);
  await app.register(withdrawalRoutes, deps);
  await app.register(securityRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(tradingRoutes, deps);
  await app.register(registerRoutes, deps);
  await app.register(cardRoutes, deps);
  // promo codes (/api/promo, /api/triggers/promo)
  await app.register(promoRoutes, deps);
  // promotions (/api/us/promotions, promotions_activate, promotions_max)
  await app.register(promotionsRoutes, deps);
  await app.register(uploadRoutes, deps);
  // the wallet methods, their signed webhooks and (sandbox) the providers' pages
  await app.register(methodRoutes, deps);
  // the card processors' signed refund and dispute webhooks (issue 32 §2)
  await app.register(processorWebhookRoutes, deps);
  // bank transfer and fiat reports, receipts, Vload vouchers, quick top-up
  await app.register(offlineDepositRoutes, deps);
  // support tickets (/api/kayako/*), call-back, contacts and info
  await app.register(supportRoutes, deps);
  // complaints (/api/complaints): the trader's formal complaints, apart from support (docs/complaints.md)
  await app.register(complaintRoutes, deps);
  await app.register(limitRoutes, deps);
  await app.register(activeSessionRoutes, deps);
  await app.register(signInHistoryRoutes, deps);
  // the funnel from real traffic: the app's reports, the explorer's reads (issue 34 §4)
  await app.register(funnelRoutes, deps);
  // live sessions shared by link (issue 34 §2)
  await app.register(liveShareRoutes, deps);
  await app.register(addressBookRoutes, deps);
  await app.register(passkeyRoutes, deps);
  await app.register(closureRoutes, deps);
  await app.register(selfExclusionRoutes, deps);
  // appropriateness (/api/appropriateness): the knowledge questionnaire before the first trade (docs/appropriateness.md)
  await app.register(appropriatenessRoutes, deps);
  await app.register(cashierLockRoutes, deps);
  await app.register(realityCheckRoutes, deps);
  // the legal documents accepted (/api/legal/*): asked again after a new version (docs/legal-documents.md)
  await app.register(legalRoutes, deps);
  await app.register(riskWarningRoutes, deps);
  await app.register(statementRoutes, deps);
  await app.register(dataExportRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(forgotRoutes, deps);
  // timed offers (/api/us/offers, /api/triggers/*)
  await app.register(offerRoutes, deps);
  // contests (/api/tourney/*), closed and paid at date_end
  await app.register(contestRoutes, { ...deps, ...(ready && { ready }) });
  // the ladder (/api/us/ladder) and IQ mining (/api/iq/start, /api/iq/next)
  await app.register(ladderRoutes, deps);
  await app.register(iqRoutes, deps);
  // social sign-in (OpenID Connect); sandbox mode without OIDC_ISSUER: the sandbox identity provider (/sandbox/idp)
  await app.register(oidcRoutes, deps);
  // the sandbox's parties' pages: the trading platform, the processors' pages; sandbox only: the consoles and the testers' and operator's calls (every /sandbox and /api/sandbox address)
  await installSandboxRoutes(app, deps, sandbox, ready);

  // news and analysis (/api/news/rss, /api/news/html): NEWS_RSS_URL's feed, else the sandbox feed
  await app.register(newsRoutes, deps);
  // the public site (/api/tb/{tab}, /api/public/*); / is its landing page
  await app.register(publicSiteRoutes, deps);
  // the referral and affiliate program (/api/us/refferal); a visit through a link is counted on the public page
  await app.register(referralRoutes, deps);
  // the favicon, robots.txt, sitemap.xml; / by Accept-Language; an unknown page is a 404 page
  const site = { siteUrl: config.siteUrl, languages: settings.languages, defaultLanguage: settings.defaultLanguage };
  installSite(app, site);
  const links = (lang: string, tab: PublicTab) => alternateLinks(site, lang, (other) => tabPath(other, tab));
  // the public tabs' text and the sign-in card's first lines are in the HTML before the JavaScript (issue 33 §1, §3)
  const publicPages = signInPageRenderer(publicPageRenderer(() => siteFacts(config, settings.minDeposit), settings.languages, visitCounter(db, app.log), links), settings.languages);
  // sandbox mode: every page's HTML carries the banner from the first paint (issue 33 §3)
  const bannered = config.sandbox ? sandboxBannerRenderer(publicPages, settings.languages, settings.defaultLanguage) : publicPages;
  // each page's HTML names the chunks its first render waits for (issue 33 §2)
  const pageRenderer = distDir ? pagePreloadRenderer(bannered, distDir, settings.languages, settings.defaultLanguage) : bannered;
  routes.install(
    await installFrontend(app, distDir, pageRenderer, {
      explorer: config.explorer,
      coverageDir,
      pageAt: (request) => pageAt(request, site),
      notFound: (indexHtml, lang) => notFoundHtml(indexHtml, lang),
    }),
  );
  return app;
}
